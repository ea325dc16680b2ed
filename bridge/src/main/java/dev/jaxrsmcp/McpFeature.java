package dev.jaxrsmcp;

import dev.jaxrsmcp.internal.McpRuntime;
import dev.jaxrsmcp.internal.security.Origins;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.SessionSettings;
import dev.jaxrsmcp.internal.settings.Setting;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.subscribe.ChangeHubs;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a Jersey application's {@link McpResource} methods into an MCP server on the same
 * application. Register it like any other feature:
 *
 * <pre>{@code
 * ResourceConfig app = new ResourceConfig(Widgets.class, BearerAuthFilter.class)
 *     .register(McpFeature.builder().name("widgets").version("1.0").build());
 * }</pre>
 *
 * <p>When the application starts, the feature reads Jersey's resource model, validates every
 * annotated method (a mistake fails the start with a message naming the rule, the value and the
 * method) and serves MCP at {@link #path()} (default {@code /mcp}). Instances are immutable; use
 * {@link #newBuilder()} to derive a changed copy.
 */
public final class McpFeature implements Feature {
  /**
   * The request property (a {@code String}) through which a container adapter or an application
   * filter tells the bridge the client's address, for the {@link #maxSessionsPerCaller()} quota of
   * callers without credentials; Jakarta REST has no portable way to read it. Without it, those
   * callers share one quota.
   */
  public static final String CLIENT_ADDRESS_PROPERTY = "dev.jaxrsmcp.clientAddress";

  private final Settings settings;
  private final ChangeHubs changes = new ChangeHubs();

  private McpFeature(Settings settings) {
    this.settings = settings;
  }

  /** A builder with every setting at its default. */
  public static Builder builder() {
    return new Builder(Settings.defaults());
  }

  /** A builder starting from this feature's settings. */
  public Builder newBuilder() {
    return new Builder(settings);
  }

  @Override
  public boolean configure(FeatureContext context) {
    McpRuntime.install(settings, changes, context);
    return true;
  }

  /** The server name reported to clients ({@code serverInfo.name}); default {@code jaxrs-mcp}. */
  public String name() {
    return settings.get(ProtocolSettings.NAME);
  }

  /** The server version reported to clients; default {@code 0.0.0}. */
  public String version() {
    return settings.get(ProtocolSettings.VERSION);
  }

  /** Guidance for the model using this server; empty (not sent) by default. */
  public String instructions() {
    return settings.get(ProtocolSettings.INSTRUCTIONS);
  }

  /** The MCP endpoint's path within the application; default {@code /mcp}. */
  public String path() {
    return settings.get(ProtocolSettings.PATH);
  }

  /** The scheme of derived resource URIs; default {@code app}. */
  public String scheme() {
    return settings.get(ProtocolSettings.SCHEME);
  }

  /** {@code ttlMs} for resources that do not set {@code cacheTtlMs}; default 0 (no caching). */
  public long defaultCacheTtlMs() {
    return settings.get(ProtocolSettings.DEFAULT_CACHE_TTL_MS);
  }

  /** {@code cacheScope} for resources that do not set one; default {@code private}. */
  public String defaultCacheScope() {
    return settings.get(ProtocolSettings.DEFAULT_CACHE_SCOPE);
  }

  /** {@code maxBytes} for long-running resources that do not set one; default 1 MiB. */
  public long defaultMaxBytes() {
    return settings.get(LongRunningSettings.DEFAULT_MAX_BYTES);
  }

  /**
   * The most bytes the spool files of long-running reads and tasks may hold together on this
   * instance; default 4 GiB. A long-running read that arrives when they are full is refused with
   * HTTP 503 and {@code Retry-After: 5}; one whose write would pass the limit is ended with an
   * error.
   */
  public long maxSpoolBytes() {
    return settings.get(LimitSettings.MAX_SPOOL_BYTES);
  }

  /**
   * The most bytes the route of a read that is not long-running may answer with; default 32 MiB. A
   * larger body is answered with a {@code -32603} error while nothing of the response was sent (a
   * declared {@code Content-Length}, or a body that passes the limit within the first 8 KiB); past
   * that the response is broken off, never completed. Long-running reads have {@code maxBytes}
   * instead.
   */
  public long maxReadBytes() {
    return settings.get(LimitSettings.MAX_READ_BYTES);
  }

  /** How long one in-process read may take before it is cancelled; default 30 seconds. */
  public Duration readTimeout() {
    return settings.get(LimitSettings.READ_TIMEOUT);
  }

  /** The largest MCP request body accepted, in bytes; default 1 MiB (larger: HTTP 413). */
  public int maxBodyBytes() {
    return settings.get(LimitSettings.MAX_BODY_BYTES);
  }

  /** The deepest JSON nesting accepted in a request; default 64. */
  public int maxJsonDepth() {
    return settings.get(LimitSettings.MAX_JSON_DEPTH);
  }

  /**
   * Whether resources are also offered as MCP tools ({@code tools/list}, {@code tools/call}) for
   * clients that call tools but do not read resources; default true. A resource can opt out with
   * {@link McpResource#tool() tool = false}. When no tool is offered, the {@code tools} capability
   * is not advertised and the tool methods answer "method not found".
   */
  public boolean tools() {
    return settings.get(ProtocolSettings.TOOLS);
  }

  /**
   * Where the application reports changes for subscribers: use it from background jobs, or inject
   * {@link McpChanges} into resource classes with {@code @Context} or {@code @Inject}.
   */
  public McpChanges changes() {
    return changes;
  }

  /** At most one notification per subscriber and URI per window; default 250 ms. */
  public Duration debounce() {
    return settings.get(SubscriptionSettings.DEBOUNCE);
  }

  /** How often an idle notification stream gets an SSE comment; default 15 seconds. */
  public Duration keepAlive() {
    return settings.get(SubscriptionSettings.KEEP_ALIVE);
  }

  /** The most URIs one {@code subscriptions/listen} may name; default 100. */
  public int maxListenUris() {
    return settings.get(SubscriptionSettings.MAX_LISTEN_URIS);
  }

  /** The most notification streams open at once on this instance; default 10,000. */
  public int maxConcurrentListens() {
    return settings.get(SubscriptionSettings.MAX_CONCURRENT_LISTENS);
  }

  /**
   * The most MCP reads ({@code resources/read}, {@code tools/call}) running at once on this
   * instance, long-running ones included; default 1,000. One more is refused before its route runs,
   * with HTTP 503 and {@code Retry-After: 1}.
   */
  public int maxConcurrentReads() {
    return settings.get(LimitSettings.MAX_CONCURRENT_READS);
  }

  /**
   * The most long-running reads running at once on this instance (each holds a spool file and,
   * streamed, a response); default 64. One more is refused before its route runs, with HTTP 503 and
   * {@code Retry-After: 5}.
   */
  public int maxConcurrentLongReads() {
    return settings.get(LimitSettings.MAX_CONCURRENT_LONG_READS);
  }

  /**
   * The most bytes that may wait for one client that does not read its notification stream (modern
   * listen or legacy {@code GET}), counted in the bridge: queued, and being handed to the
   * container. Past it the stream ends with a comment saying why (a listen also gets an error
   * response) and the client reconnects and re-reads; default 1 MiB.
   */
  public long maxUnsentBytes() {
    return settings.get(SubscriptionSettings.MAX_UNSENT_BYTES);
  }

  /** How long a listen stream stays open; {@link Duration#ZERO} (the default) for no limit. */
  public Duration listenTimeout() {
    return settings.get(SubscriptionSettings.LISTEN_TIMEOUT);
  }

  /** How changes travel between instances; default {@link McpChangeBus#local()}. */
  public McpChangeBus changeBus() {
    return settings.get(SubscriptionSettings.CHANGE_BUS);
  }

  /** The completers registered per template text and variable. */
  public Map<String, Map<String, McpCompleter>> completers() {
    return settings.get(ProtocolSettings.COMPLETERS);
  }

  /** How many entries one page of a list result holds; default 50. */
  public int pageSize() {
    return settings.get(ProtocolSettings.PAGE_SIZE);
  }

  /** The watcher registered for each subscribable template, by template text. */
  public Map<String, McpWatcher> watchers() {
    return settings.get(SubscriptionSettings.WATCHERS);
  }

  /**
   * The base under which long-running reads spool their responses: each process spools into a fresh
   * {@code rwx------} directory of its own under it, and an application that starts deletes what
   * processes that no longer run left there. A base that is a symbolic link, belongs to another
   * user or may be written by others is not used (a fresh private directory under {@code
   * java.io.tmpdir} is, with a warning). Default {@code jaxrs-mcp} under {@code java.io.tmpdir}.
   */
  public Path spoolDirectory() {
    return settings.get(LongRunningSettings.SPOOL_DIRECTORY);
  }

  /**
   * How long a long-running read may stay silent before the response becomes an SSE stream with a
   * keep-alive comment, and how often the comment repeats; a client that went away is noticed at
   * the next comment. Default 500 ms.
   */
  public Duration longRunningKeepAlive() {
    return settings.get(LongRunningSettings.LONG_RUNNING_KEEP_ALIVE);
  }

  /** How long one long-running read may take before it is cancelled; default 15 minutes. */
  public Duration longRunningTimeout() {
    return settings.get(LongRunningSettings.LONG_RUNNING_TIMEOUT);
  }

  /**
   * How long a legacy-era session (protocol 2025-11-25 and earlier) may stay unused before it ends;
   * default 30 minutes. A session is in use while a request on it runs or while its client holds
   * the session's notification stream (GET) open. A client whose session ended gets HTTP 404 and
   * starts a new one with {@code initialize}. Modern (2026-07-28) requests have no sessions.
   */
  public Duration sessionIdleTimeout() {
    return settings.get(SessionSettings.SESSION_IDLE_TIMEOUT);
  }

  /**
   * Origins allowed in an {@code Origin} header besides the loopback ones. A request whose {@code
   * Origin} header is present and is neither a loopback origin ({@code http} or {@code https} on
   * {@code localhost}, {@code 127.0.0.1} or {@code [::1]}, any port) nor listed here is refused
   * with HTTP 403 before anything else happens; a request without {@code Origin} (any non-browser
   * client) passes this check. Entries are origins ({@code https://app.example.com}, a port when it
   * is not the scheme's default), compared without case; {@code *} allows every origin. Default:
   * none (loopback origins only).
   */
  public Set<String> allowedOrigins() {
    return settings.get(SecuritySettings.ALLOWED_ORIGINS);
  }

  /**
   * Host names a request's {@code Host} header may name besides the loopback names ({@code
   * localhost}, {@code 127.0.0.1}, {@code [::1]}); the port is not compared. Any other {@code Host}
   * is refused with HTTP 403 before anything else happens, which is what keeps a DNS-rebinding page
   * ({@code Host: evil.example.com} resolving to 127.0.0.1) away from a server bound to a loopback
   * address. A server that clients reach under other names lists them; {@code *} allows every name
   * (for a server behind a proxy that checks {@code Host} itself). Default: none (loopback names
   * only, right for a server bound to a loopback address).
   */
  public Set<String> allowedHosts() {
    return settings.get(SecuritySettings.ALLOWED_HOSTS);
  }

  /**
   * The longest resource URI a request may name ({@code resources/read}, {@code
   * subscriptions/listen}, {@code resources/subscribe}, or the URI a {@code tools/call} expands
   * to); longer ones are refused with {@code -32602} before any route runs. Default 4096, which is
   * also the most a URI template matches.
   */
  public int maxUriLength() {
    return settings.get(LimitSettings.MAX_URI_LENGTH);
  }

  /**
   * The most legacy-era sessions open at once (with the Redis change bus, which shares sessions: on
   * all instances together); an {@code initialize} beyond it is refused with HTTP 503, {@code
   * Retry-After} and {@code -32603}, and starts nothing (idle sessions are expired first). Default
   * 10,000.
   */
  public int maxSessions() {
    return settings.get(SessionSettings.MAX_SESSIONS);
  }

  /**
   * The most legacy-era sessions one caller may have open at once: a caller is its authenticated
   * principal or its {@link #sessionBinding()} headers (a client with the same credentials), or,
   * when it sent neither, its address as the container reports it. Beyond it {@code initialize} is
   * refused like {@link #maxSessions()} (HTTP 503, {@code Retry-After}). Default 100.
   */
  public int maxSessionsPerCaller() {
    return settings.get(SessionSettings.MAX_SESSIONS_PER_CALLER);
  }

  /**
   * How long a legacy-era session may wait for its client to confirm the handshake ({@code
   * notifications/initialized}, or any later request on the session) before it ends; once
   * confirmed, {@link #sessionIdleTimeout()} applies. Keeps sessions started by a flood of bare
   * {@code initialize} calls from holding places for long. Default 10 seconds.
   */
  public Duration sessionHandshakeTimeout() {
    return settings.get(SessionSettings.SESSION_HANDSHAKE_TIMEOUT);
  }

  /**
   * The most URIs one legacy-era session may be subscribed to at once ({@code
   * resources/subscribe}); one more is refused with {@code -32602} before its route is read or its
   * watcher starts, and the client may unsubscribe from another first. Default 1,000.
   */
  public int maxSubscriptionsPerSession() {
    return settings.get(SessionSettings.MAX_SUBSCRIPTIONS_PER_SESSION);
  }

  /**
   * The largest response, in bytes, a collection route named by {@code @McpResource(listFrom)} may
   * give; it is read for every page of {@code resources/list} and for completions drawn from it. A
   * larger one fails that request with {@code -32603} naming the route and this setting, and no
   * member is listed. Default 4 MiB.
   */
  public int maxListFromBytes() {
    return settings.get(LimitSettings.MAX_LIST_FROM_BYTES);
  }

  /**
   * The request headers a legacy-era session is bound to: {@code initialize} records a keyed hash
   * of their values (never the values), and a later request on the session whose values differ
   * (another {@code Authorization}, another cookie) is answered as if the session did not exist
   * (HTTP 404), so a leaked session id is useless without the credentials that started it. Default
   * {@code Authorization} and {@code Cookie}; empty turns header binding off. When {@link
   * #sessionBindsPrincipal()} is on and the request has an authenticated principal, the principal
   * is bound instead.
   */
  public List<String> sessionBinding() {
    return settings.get(SecuritySettings.SESSION_BINDING);
  }

  /**
   * Whether a legacy-era session is bound to the authenticated principal's name (the {@code
   * SecurityContext} the application's filters set) rather than to the {@link #sessionBinding()}
   * headers, when the {@code initialize} request has one; requests without a principal are bound to
   * the headers as before. Default true: an OAuth client refreshes its access token every few
   * minutes, and a binding to the raw {@code Authorization} header would end the session (and its
   * subscriptions) at every refresh, while the principal stays the same user. Turn it off when
   * principal names are not unique across the ways callers authenticate.
   */
  public boolean sessionBindsPrincipal() {
    return settings.get(SecuritySettings.SESSION_BINDS_PRINCIPAL);
  }

  /**
   * When not empty, only these request headers reach the route of a read (names without case; a
   * trailing {@code *} matches a prefix, as in {@code X-Tenant-*}). Default empty: every header
   * that is not always withheld. Always withheld, whatever these lists say: hop-by-hop headers and
   * those the {@code Connection} header names, {@code Host}, {@code Content-*}, {@code Accept},
   * {@code Accept-Encoding}, {@code Expect}, {@code Mcp-*}, {@code Last-Event-ID}.
   */
  public Set<String> forwardOnlyHeaders() {
    return settings.get(SecuritySettings.FORWARD_ONLY_HEADERS);
  }

  /**
   * Request headers that never reach the route of a read (names without case; a trailing {@code *}
   * matches a prefix). Checked after {@link #forwardOnlyHeaders()}. Default empty.
   */
  public Set<String> neverForwardHeaders() {
    return settings.get(SecuritySettings.NEVER_FORWARD_HEADERS);
  }

  /**
   * The OAuth 2.0 protected-resource metadata (RFC 9728) of this server, when configured: served at
   * {@code /.well-known/oauth-protected-resource} (and at that path followed by {@link #path()})
   * and named in {@code WWW-Authenticate: Bearer resource_metadata="…"} on every 401 the endpoint
   * answers. Default: none.
   */
  public Optional<McpProtectedResource> protectedResource() {
    return settings.get(SecuritySettings.PROTECTED_RESOURCE);
  }

  /**
   * MCP tasks (protocol 2026-07-28): how long tasks are kept, how often clients poll, where task
   * state lives. Only resources declared with {@link McpResource#taskSupport()} run as tasks.
   */
  public McpTasks tasks() {
    return settings.get(LongRunningSettings.TASKS);
  }

  /** Builds an {@link McpFeature}. Every setter checks its value and names it when it is wrong. */
  public static final class Builder {
    private Settings settings;

    private Builder(Settings settings) {
      this.settings = settings;
    }

    /** See {@link McpFeature#name()}. */
    public Builder name(String name) {
      return set(ProtocolSettings.NAME, name);
    }

    /** See {@link McpFeature#version()}. */
    public Builder version(String version) {
      return set(ProtocolSettings.VERSION, version);
    }

    /** See {@link McpFeature#instructions()}. */
    public Builder instructions(String instructions) {
      return set(ProtocolSettings.INSTRUCTIONS, instructions);
    }

    /** See {@link McpFeature#path()}; must start with '/'. */
    public Builder path(String path) {
      return set(ProtocolSettings.PATH, path);
    }

    /** See {@link McpFeature#scheme()}; letters, digits, '+', '-', '.', starting with a letter. */
    public Builder scheme(String scheme) {
      return set(ProtocolSettings.SCHEME, scheme);
    }

    /** See {@link McpFeature#defaultCacheTtlMs()}; zero or more. */
    public Builder defaultCacheTtlMs(long ttlMs) {
      return set(ProtocolSettings.DEFAULT_CACHE_TTL_MS, ttlMs);
    }

    /** See {@link McpFeature#defaultCacheScope()}; {@code private} or {@code public}. */
    public Builder defaultCacheScope(String scope) {
      return set(ProtocolSettings.DEFAULT_CACHE_SCOPE, scope);
    }

    /** See {@link McpFeature#maxReadBytes()}; at least 1024. */
    public Builder maxReadBytes(long max) {
      return set(LimitSettings.MAX_READ_BYTES, max);
    }

    /** See {@link McpFeature#maxSpoolBytes()}; at least 1. */
    public Builder maxSpoolBytes(long max) {
      return set(LimitSettings.MAX_SPOOL_BYTES, max);
    }

    /** See {@link McpFeature#defaultMaxBytes()}; one or more. */
    public Builder defaultMaxBytes(long maxBytes) {
      return set(LongRunningSettings.DEFAULT_MAX_BYTES, maxBytes);
    }

    /** See {@link McpFeature#readTimeout()}; positive. */
    public Builder readTimeout(Duration timeout) {
      return set(LimitSettings.READ_TIMEOUT, timeout);
    }

    /** See {@link McpFeature#maxBodyBytes()}; at least 1024. */
    public Builder maxBodyBytes(int maxBodyBytes) {
      return set(LimitSettings.MAX_BODY_BYTES, maxBodyBytes);
    }

    /** See {@link McpFeature#maxJsonDepth()}; at least 8. */
    public Builder maxJsonDepth(int maxJsonDepth) {
      return set(LimitSettings.MAX_JSON_DEPTH, maxJsonDepth);
    }

    /**
     * See {@link McpFeature#tools()}. Turn tools off when every client of this server reads
     * resources, so the model is not shown each resource twice.
     */
    public Builder tools(boolean tools) {
      return set(ProtocolSettings.TOOLS, tools);
    }

    /** See {@link McpFeature#debounce()}; zero turns debouncing off. */
    public Builder debounce(Duration window) {
      return set(SubscriptionSettings.DEBOUNCE, window);
    }

    /** See {@link McpFeature#keepAlive()}; positive. */
    public Builder keepAlive(Duration interval) {
      return set(SubscriptionSettings.KEEP_ALIVE, interval);
    }

    /** See {@link McpFeature#maxListenUris()}; at least 1. */
    public Builder maxListenUris(int max) {
      return set(SubscriptionSettings.MAX_LISTEN_URIS, max);
    }

    /** See {@link McpFeature#maxConcurrentListens()}; at least 1. */
    public Builder maxConcurrentListens(int max) {
      return set(SubscriptionSettings.MAX_CONCURRENT_LISTENS, max);
    }

    /** See {@link McpFeature#maxConcurrentReads()}; at least 1. */
    public Builder maxConcurrentReads(int max) {
      return set(LimitSettings.MAX_CONCURRENT_READS, max);
    }

    /** See {@link McpFeature#maxConcurrentLongReads()}; at least 1. */
    public Builder maxConcurrentLongReads(int max) {
      return set(LimitSettings.MAX_CONCURRENT_LONG_READS, max);
    }

    /** See {@link McpFeature#maxUnsentBytes()}; at least 1024. */
    public Builder maxUnsentBytes(long max) {
      return set(SubscriptionSettings.MAX_UNSENT_BYTES, max);
    }

    /** See {@link McpFeature#listenTimeout()}; zero for none. */
    public Builder listenTimeout(Duration timeout) {
      return set(SubscriptionSettings.LISTEN_TIMEOUT, timeout);
    }

    /**
     * Registers the watcher of a subscribable template. {@code template} is the resource's URI
     * template as listed (for example {@code app://widgets/{id}/state}); the application fails to
     * start when no {@code @McpResource(subscribe = true)} has it.
     */
    public Builder watch(String template, McpWatcher watcher) {
      requireText(template, "template");
      Objects.requireNonNull(watcher, "watcher");
      Map<String, McpWatcher> watchers =
          new LinkedHashMap<>(settings.get(SubscriptionSettings.WATCHERS));
      if (watchers.putIfAbsent(template, watcher) != null) {
        throw new IllegalArgumentException(
            "a watcher for template '" + template + "' is already registered");
      }
      return set(SubscriptionSettings.WATCHERS, Collections.unmodifiableMap(watchers));
    }

    /**
     * See {@link McpFeature#changeBus()}. The feature starts the bus when the application starts
     * and closes it when the application stops.
     */
    public Builder changeBus(McpChangeBus bus) {
      return set(SubscriptionSettings.CHANGE_BUS, bus);
    }

    /** See {@link McpFeature#spoolDirectory()}; created when first needed. */
    public Builder spoolDirectory(Path directory) {
      return set(LongRunningSettings.SPOOL_DIRECTORY, directory);
    }

    /** See {@link McpFeature#longRunningKeepAlive()}; positive. */
    public Builder longRunningKeepAlive(Duration interval) {
      return set(LongRunningSettings.LONG_RUNNING_KEEP_ALIVE, interval);
    }

    /** See {@link McpFeature#longRunningTimeout()}; positive. */
    public Builder longRunningTimeout(Duration timeout) {
      return set(LongRunningSettings.LONG_RUNNING_TIMEOUT, timeout);
    }

    /** See {@link McpFeature#sessionIdleTimeout()}; positive. */
    public Builder sessionIdleTimeout(Duration timeout) {
      return set(SessionSettings.SESSION_IDLE_TIMEOUT, timeout);
    }

    /**
     * Registers the completer of one template variable. {@code template} is the template as listed
     * (for example {@code app://widgets/{id}/state/{key}}); the application fails to start when no
     * {@code @McpResource} has it or it has no such variable.
     */
    public Builder complete(String template, String variable, McpCompleter completer) {
      requireText(template, "template");
      requireText(variable, "variable");
      Objects.requireNonNull(completer, "completer");
      Map<String, Map<String, McpCompleter>> completers =
          new LinkedHashMap<>(settings.get(ProtocolSettings.COMPLETERS));
      Map<String, McpCompleter> byVariable =
          new LinkedHashMap<>(completers.getOrDefault(template, Map.of()));
      if (byVariable.putIfAbsent(variable, completer) != null) {
        throw new IllegalArgumentException(
            "a completer for variable '"
                + variable
                + "' of template '"
                + template
                + "' is already registered");
      }
      completers.put(template, Collections.unmodifiableMap(byVariable));
      return set(ProtocolSettings.COMPLETERS, Collections.unmodifiableMap(completers));
    }

    /** See {@link McpFeature#pageSize()}; from 1 to 1000. */
    public Builder pageSize(int size) {
      return set(ProtocolSettings.PAGE_SIZE, size);
    }

    /**
     * See {@link McpFeature#allowedOrigins()}; each an origin such as {@code
     * https://app.example.com} (scheme {@code http} or {@code https}, a host, an optional port, no
     * path), or {@code *}. Replaces the list set before.
     */
    public Builder allowedOrigins(String... origins) {
      Set<String> checked = new LinkedHashSet<>();
      for (String origin : Objects.requireNonNull(origins, "allowedOrigins")) {
        checked.add(Origins.requireOrigin(origin));
      }
      return set(SecuritySettings.ALLOWED_ORIGINS, Collections.unmodifiableSet(checked));
    }

    /**
     * See {@link McpFeature#allowedHosts()}; each a host name or IP address as it appears in a
     * {@code Host} header without the port ({@code mcp.example.com}, {@code 10.0.0.5}, {@code
     * [fd00::1]}), or {@code *}. Replaces the list set before.
     */
    public Builder allowedHosts(String... hosts) {
      Set<String> checked = new LinkedHashSet<>();
      for (String host : Objects.requireNonNull(hosts, "allowedHosts")) {
        checked.add(Origins.requireHost(host));
      }
      return set(SecuritySettings.ALLOWED_HOSTS, Collections.unmodifiableSet(checked));
    }

    /** See {@link McpFeature#maxUriLength()}; from 16 to 4096. */
    public Builder maxUriLength(int max) {
      return set(LimitSettings.MAX_URI_LENGTH, max);
    }

    /** See {@link McpFeature#maxSessionsPerCaller()}; at least 1. */
    public Builder maxSessionsPerCaller(int max) {
      return set(SessionSettings.MAX_SESSIONS_PER_CALLER, max);
    }

    /** See {@link McpFeature#sessionHandshakeTimeout()}; positive. */
    public Builder sessionHandshakeTimeout(Duration timeout) {
      return set(SessionSettings.SESSION_HANDSHAKE_TIMEOUT, timeout);
    }

    /** See {@link McpFeature#sessionBindsPrincipal()}. */
    public Builder sessionBindsPrincipal(boolean bind) {
      return set(SecuritySettings.SESSION_BINDS_PRINCIPAL, bind);
    }

    /** See {@link McpFeature#maxSessions()}; at least 1. */
    public Builder maxSessions(int max) {
      return set(SessionSettings.MAX_SESSIONS, max);
    }

    /** See {@link McpFeature#maxSubscriptionsPerSession()}; at least 1. */
    public Builder maxSubscriptionsPerSession(int max) {
      return set(SessionSettings.MAX_SUBSCRIPTIONS_PER_SESSION, max);
    }

    /** See {@link McpFeature#maxListFromBytes()}; at least 1024. */
    public Builder maxListFromBytes(int max) {
      return set(LimitSettings.MAX_LIST_FROM_BYTES, max);
    }

    /**
     * See {@link McpFeature#sessionBinding()}; header names. No names turns binding off. Replaces
     * the list set before.
     */
    public Builder sessionBinding(String... headers) {
      return set(
          SecuritySettings.SESSION_BINDING,
          List.copyOf(headerNames(headers, "sessionBinding", false)));
    }

    /**
     * See {@link McpFeature#forwardOnlyHeaders()}; header names, each optionally ending in {@code
     * *}. No names forwards every header that is not always withheld. Replaces the list set before.
     */
    public Builder forwardOnlyHeaders(String... headers) {
      return set(
          SecuritySettings.FORWARD_ONLY_HEADERS,
          Collections.unmodifiableSet(headerNames(headers, "forwardOnlyHeaders", true)));
    }

    /**
     * See {@link McpFeature#neverForwardHeaders()}; header names, each optionally ending in {@code
     * *}. Replaces the list set before.
     */
    public Builder neverForwardHeaders(String... headers) {
      return set(
          SecuritySettings.NEVER_FORWARD_HEADERS,
          Collections.unmodifiableSet(headerNames(headers, "neverForwardHeaders", true)));
    }

    /** See {@link McpFeature#protectedResource()}. */
    public Builder protectedResource(McpProtectedResource metadata) {
      return set(
          SecuritySettings.PROTECTED_RESOURCE,
          Optional.of(Objects.requireNonNull(metadata, "protectedResource")));
    }

    /** See {@link McpFeature#tasks()}. */
    public Builder tasks(McpTasks tasks) {
      return set(LongRunningSettings.TASKS, tasks);
    }

    /** The feature, ready to register. */
    public McpFeature build() {
      return new McpFeature(settings);
    }

    private <T> Builder set(Setting<T> setting, T value) {
      settings = settings.with(setting, value);
      return this;
    }

    private static Set<String> headerNames(String[] names, String what, boolean prefixes) {
      Set<String> checked = new LinkedHashSet<>();
      for (String name : Objects.requireNonNull(names, what)) {
        Objects.requireNonNull(name, what);
        String token = prefixes && name.endsWith("*") ? name.substring(0, name.length() - 1) : name;
        if (!token.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
          throw new IllegalArgumentException(
              what
                  + " entries must be header names"
                  + (prefixes ? ", optionally ending in '*'" : "")
                  + " (found '"
                  + name
                  + "')");
        }
        checked.add(name);
      }
      return checked;
    }

    private static String requireText(String value, String what) {
      Objects.requireNonNull(value, what);
      if (value.isBlank()) {
        throw new IllegalArgumentException(what + " must not be blank");
      }
      return value;
    }
  }
}
