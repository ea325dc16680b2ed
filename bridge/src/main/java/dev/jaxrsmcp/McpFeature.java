package dev.jaxrsmcp;

import dev.jaxrsmcp.internal.McpRuntime;
import dev.jaxrsmcp.internal.security.Origins;
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

  /**
   * The request property (a {@code String} IP address such as {@code 10.0.0.5}, an {@code
   * InetAddress} or an {@code InetSocketAddress}) through which a container adapter tells the
   * bridge the address a request's connection arrived on, the server's side of it; see {@link
   * #allowedHosts()}. The bridge reads it in its first filter, before any filter of the
   * application, so set it before Jersey runs (a servlet filter's or a Grizzly handler's request
   * attribute is Jersey's request property). Not needed on Jersey's servlet and Grizzly containers,
   * whose request the bridge asks itself.
   */
  public static final String LOCAL_ADDRESS_PROPERTY = "dev.jaxrsmcp.localAddress";

  private final String name;
  private final String version;
  private final String instructions;
  private final String path;
  private final String scheme;
  private final long defaultCacheTtlMs;
  private final String defaultCacheScope;
  private final long defaultMaxBytes;
  private final long maxSpoolBytes;
  private final long maxReadBytes;
  private final Duration readTimeout;
  private final int maxBodyBytes;
  private final Duration bodyReadTimeout;
  private final int maxJsonDepth;
  private final boolean tools;
  private final Duration debounce;
  private final Duration keepAlive;
  private final int maxListenUris;
  private final int maxConcurrentListens;
  private final int maxConcurrentReads;
  private final int maxConcurrentLongReads;
  private final long maxUnsentBytes;
  private final Duration listenTimeout;
  private final Map<String, McpWatcher> watchers;
  private final Map<String, Map<String, McpCompleter>> completers;
  private final int pageSize;
  private final McpChangeBus changeBus;
  private final ChangeHubs changes = new ChangeHubs();
  private final Path spoolDirectory;
  private final Duration longRunningKeepAlive;
  private final Duration longRunningTimeout;
  private final Duration sessionIdleTimeout;
  private final Set<String> allowedOrigins;
  private final Set<String> allowedHosts;
  private final int maxUriLength;
  private final int maxSessions;
  private final int maxSubscriptionsPerSession;
  private final int maxListFromBytes;
  private final List<String> sessionBinding;
  private final boolean sessionBindsPrincipal;
  private final Duration sessionHandshakeTimeout;
  private final int maxSessionsPerCaller;
  private final Set<String> forwardOnlyHeaders;
  private final Set<String> neverForwardHeaders;
  private final Optional<McpProtectedResource> protectedResource;
  private final McpTasks tasks;

  private McpFeature(Builder b) {
    this.name = b.name;
    this.version = b.version;
    this.instructions = b.instructions;
    this.path = b.path;
    this.scheme = b.scheme;
    this.defaultCacheTtlMs = b.defaultCacheTtlMs;
    this.defaultCacheScope = b.defaultCacheScope;
    this.defaultMaxBytes = b.defaultMaxBytes;
    this.maxSpoolBytes = b.maxSpoolBytes;
    this.maxReadBytes = b.maxReadBytes;
    this.readTimeout = b.readTimeout;
    this.maxBodyBytes = b.maxBodyBytes;
    this.bodyReadTimeout = b.bodyReadTimeout;
    this.maxJsonDepth = b.maxJsonDepth;
    this.tools = b.tools;
    this.debounce = b.debounce;
    this.keepAlive = b.keepAlive;
    this.maxListenUris = b.maxListenUris;
    this.maxConcurrentListens = b.maxConcurrentListens;
    this.maxConcurrentReads = b.maxConcurrentReads;
    this.maxConcurrentLongReads = b.maxConcurrentLongReads;
    this.maxUnsentBytes = b.maxUnsentBytes;
    this.listenTimeout = b.listenTimeout;
    this.watchers = Collections.unmodifiableMap(new LinkedHashMap<>(b.watchers));
    Map<String, Map<String, McpCompleter>> completerCopy = new LinkedHashMap<>();
    b.completers.forEach(
        (t, byVariable) ->
            completerCopy.put(t, Collections.unmodifiableMap(new LinkedHashMap<>(byVariable))));
    this.completers = Collections.unmodifiableMap(completerCopy);
    this.pageSize = b.pageSize;
    this.changeBus = b.changeBus;
    this.spoolDirectory = b.spoolDirectory;
    this.longRunningKeepAlive = b.longRunningKeepAlive;
    this.longRunningTimeout = b.longRunningTimeout;
    this.sessionIdleTimeout = b.sessionIdleTimeout;
    this.allowedOrigins = Collections.unmodifiableSet(new LinkedHashSet<>(b.allowedOrigins));
    this.allowedHosts = Collections.unmodifiableSet(new LinkedHashSet<>(b.allowedHosts));
    this.maxUriLength = b.maxUriLength;
    this.maxSessions = b.maxSessions;
    this.maxSubscriptionsPerSession = b.maxSubscriptionsPerSession;
    this.maxListFromBytes = b.maxListFromBytes;
    this.sessionBinding = List.copyOf(b.sessionBinding);
    this.sessionBindsPrincipal = b.sessionBindsPrincipal;
    this.sessionHandshakeTimeout = b.sessionHandshakeTimeout;
    this.maxSessionsPerCaller = b.maxSessionsPerCaller;
    this.forwardOnlyHeaders =
        Collections.unmodifiableSet(new LinkedHashSet<>(b.forwardOnlyHeaders));
    this.neverForwardHeaders =
        Collections.unmodifiableSet(new LinkedHashSet<>(b.neverForwardHeaders));
    this.protectedResource = b.protectedResource;
    this.tasks = b.tasks;
  }

  /** A builder with every setting at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from this feature's settings. */
  public Builder newBuilder() {
    return new Builder(this);
  }

  @Override
  public boolean configure(FeatureContext context) {
    McpRuntime.install(this, changes, context);
    return true;
  }

  /** The server name reported to clients ({@code serverInfo.name}); default {@code jaxrs-mcp}. */
  public String name() {
    return name;
  }

  /** The server version reported to clients; default {@code 0.0.0}. */
  public String version() {
    return version;
  }

  /** Guidance for the model using this server; empty (not sent) by default. */
  public String instructions() {
    return instructions;
  }

  /** The MCP endpoint's path within the application; default {@code /mcp}. */
  public String path() {
    return path;
  }

  /** The scheme of derived resource URIs; default {@code app}. */
  public String scheme() {
    return scheme;
  }

  /** {@code ttlMs} for resources that do not set {@code cacheTtlMs}; default 0 (no caching). */
  public long defaultCacheTtlMs() {
    return defaultCacheTtlMs;
  }

  /** {@code cacheScope} for resources that do not set one; default {@code private}. */
  public String defaultCacheScope() {
    return defaultCacheScope;
  }

  /** {@code maxBytes} for long-running resources that do not set one; default 1 MiB. */
  public long defaultMaxBytes() {
    return defaultMaxBytes;
  }

  /**
   * The most bytes the spool files of long-running reads and tasks may hold together on this
   * instance; default 4 GiB. A long-running read that arrives when they are full is refused with
   * HTTP 503 and {@code Retry-After: 5}; one whose write would pass the limit is ended with an
   * error.
   */
  public long maxSpoolBytes() {
    return maxSpoolBytes;
  }

  /**
   * The most bytes the route of a read that is not long-running may answer with; default 32 MiB. A
   * larger body is answered with a {@code -32603} error while nothing of the response was sent (a
   * declared {@code Content-Length}, or a body that passes the limit within the first 8 KiB); past
   * that the response is broken off, never completed. Long-running reads have {@code maxBytes}
   * instead.
   */
  public long maxReadBytes() {
    return maxReadBytes;
  }

  /** How long one in-process read may take before it is cancelled; default 30 seconds. */
  public Duration readTimeout() {
    return readTimeout;
  }

  /** The largest MCP request body accepted, in bytes; default 1 MiB (larger: HTTP 413). */
  public int maxBodyBytes() {
    return maxBodyBytes;
  }

  /**
   * How long an MCP request body may take to arrive, from the first read of it; default 5 seconds.
   * A body still incomplete then is refused with HTTP 408 and {@code -32600} naming this setting,
   * and the connection is closed, so a client that trickles its body holds a container thread for
   * at most this long (plus the wait for its next bytes). A body that stops arriving altogether
   * blocks the container's read until the container's own read timeout (Grizzly's and Jetty's 30 s,
   * Tomcat's {@code connectionTimeout}); see docs/deployment.md.
   */
  public Duration bodyReadTimeout() {
    return bodyReadTimeout;
  }

  /** The deepest JSON nesting accepted in a request; default 64. */
  public int maxJsonDepth() {
    return maxJsonDepth;
  }

  /**
   * Whether resources are also offered as MCP tools ({@code tools/list}, {@code tools/call}) for
   * clients that call tools but do not read resources; default true. A resource can opt out with
   * {@link McpResource#tool() tool = false}. When no tool is offered, the {@code tools} capability
   * is not advertised and the tool methods answer "method not found".
   */
  public boolean tools() {
    return tools;
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
    return debounce;
  }

  /** How often an idle notification stream gets an SSE comment; default 15 seconds. */
  public Duration keepAlive() {
    return keepAlive;
  }

  /** The most URIs one {@code subscriptions/listen} may name; default 100. */
  public int maxListenUris() {
    return maxListenUris;
  }

  /** The most notification streams open at once on this instance; default 10,000. */
  public int maxConcurrentListens() {
    return maxConcurrentListens;
  }

  /**
   * The most MCP reads ({@code resources/read}, {@code tools/call}) running at once on this
   * instance, long-running ones included; default 1,000. One more is refused before its route runs,
   * with HTTP 503 and {@code Retry-After: 1}.
   */
  public int maxConcurrentReads() {
    return maxConcurrentReads;
  }

  /**
   * The most long-running reads running at once on this instance (each holds a spool file and,
   * streamed, a response); default 64. One more is refused before its route runs, with HTTP 503 and
   * {@code Retry-After: 5}.
   */
  public int maxConcurrentLongReads() {
    return maxConcurrentLongReads;
  }

  /**
   * The most bytes that may wait for one client that does not read its notification stream (modern
   * listen or legacy {@code GET}), counted in the bridge: queued, and being handed to the
   * container. Past it the stream ends with a comment saying why (a listen also gets an error
   * response) and the client reconnects and re-reads; default 1 MiB.
   */
  public long maxUnsentBytes() {
    return maxUnsentBytes;
  }

  /** How long a listen stream stays open; {@link Duration#ZERO} (the default) for no limit. */
  public Duration listenTimeout() {
    return listenTimeout;
  }

  /** How changes travel between instances; default {@link McpChangeBus#local()}. */
  public McpChangeBus changeBus() {
    return changeBus;
  }

  /** The completers registered per template text and variable. */
  public Map<String, Map<String, McpCompleter>> completers() {
    return completers;
  }

  /** How many entries one page of a list result holds; default 50. */
  public int pageSize() {
    return pageSize;
  }

  /** The watcher registered for each subscribable template, by template text. */
  public Map<String, McpWatcher> watchers() {
    return watchers;
  }

  /**
   * The base under which long-running reads spool their responses: each process spools into a fresh
   * {@code rwx------} directory of its own under it, and an application that starts deletes what
   * processes that no longer run left there. A base that is a symbolic link, belongs to another
   * user or may be written by others is not used (a fresh private directory under {@code
   * java.io.tmpdir} is, with a warning). Default {@code jaxrs-mcp} under {@code java.io.tmpdir}.
   */
  public Path spoolDirectory() {
    return spoolDirectory;
  }

  /**
   * How long a long-running read may stay silent before the response becomes an SSE stream with a
   * keep-alive comment, and how often the comment repeats; a client that went away is noticed at
   * the next comment. Default 500 ms.
   */
  public Duration longRunningKeepAlive() {
    return longRunningKeepAlive;
  }

  /** How long one long-running read may take before it is cancelled; default 15 minutes. */
  public Duration longRunningTimeout() {
    return longRunningTimeout;
  }

  /**
   * How long a legacy-era session (protocol 2025-11-25 and earlier) may stay unused before it ends;
   * default 30 minutes. A session is in use while a request on it runs or while its client holds
   * the session's notification stream (GET) open. A client whose session ended gets HTTP 404 and
   * starts a new one with {@code initialize}. Modern (2026-07-28) requests have no sessions.
   */
  public Duration sessionIdleTimeout() {
    return sessionIdleTimeout;
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
    return allowedOrigins;
  }

  /**
   * Host names a request's {@code Host} header may name besides the loopback names ({@code
   * localhost}, {@code 127.0.0.1}, {@code [::1]}); the port is not compared. When any is listed,
   * every other {@code Host} is refused with HTTP 403 before anything else happens. When none is
   * (the default), loopback names are enforced only for requests whose connection arrived on a
   * loopback address, or whose local address the bridge cannot learn (see {@link
   * #LOCAL_ADDRESS_PROPERTY}): that keeps a DNS-rebinding page ({@code Host: evil.example.com}
   * resolving to 127.0.0.1) away from a local server, while a server reached on another address by
   * its real name answers. {@code *} allows every name (for a server behind a proxy that checks
   * {@code Host} itself).
   */
  public Set<String> allowedHosts() {
    return allowedHosts;
  }

  /**
   * The longest resource URI a request may name ({@code resources/read}, {@code
   * subscriptions/listen}, {@code resources/subscribe}, or the URI a {@code tools/call} expands
   * to); longer ones are refused with {@code -32602} before any route runs. Default 4096, which is
   * also the most a URI template matches.
   */
  public int maxUriLength() {
    return maxUriLength;
  }

  /**
   * The most legacy-era sessions open at once (with the Redis change bus, which shares sessions: on
   * all instances together); an {@code initialize} beyond it is refused with HTTP 503, {@code
   * Retry-After} and {@code -32603}, and starts nothing (idle sessions are expired first). Default
   * 10,000.
   */
  public int maxSessions() {
    return maxSessions;
  }

  /**
   * The most legacy-era sessions one caller may have open at once: a caller is its authenticated
   * principal or its {@link #sessionBinding()} headers (a client with the same credentials), or,
   * when it sent neither, its address as the container reports it. Beyond it {@code initialize} is
   * refused like {@link #maxSessions()} (HTTP 503, {@code Retry-After}). Default 100.
   */
  public int maxSessionsPerCaller() {
    return maxSessionsPerCaller;
  }

  /**
   * How long a legacy-era session may wait for its client to confirm the handshake ({@code
   * notifications/initialized}, or any later request on the session) before it ends; once
   * confirmed, {@link #sessionIdleTimeout()} applies. Keeps sessions started by a flood of bare
   * {@code initialize} calls from holding places for long. Default 10 seconds.
   */
  public Duration sessionHandshakeTimeout() {
    return sessionHandshakeTimeout;
  }

  /**
   * The most URIs one legacy-era session may be subscribed to at once ({@code
   * resources/subscribe}); one more is refused with {@code -32602} before its route is read or its
   * watcher starts, and the client may unsubscribe from another first. Default 1,000.
   */
  public int maxSubscriptionsPerSession() {
    return maxSubscriptionsPerSession;
  }

  /**
   * The largest response, in bytes, a collection route named by {@code @McpResource(listFrom)} may
   * give; it is read for every page of {@code resources/list} and for completions drawn from it. A
   * larger one fails that request with {@code -32603} naming the route and this setting, and no
   * member is listed. Default 4 MiB.
   */
  public int maxListFromBytes() {
    return maxListFromBytes;
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
    return sessionBinding;
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
    return sessionBindsPrincipal;
  }

  /**
   * When not empty, only these request headers reach the route of a read (names without case; a
   * trailing {@code *} matches a prefix, as in {@code X-Tenant-*}). Default empty: every header
   * that is not always withheld. Always withheld, whatever these lists say: hop-by-hop headers and
   * those the {@code Connection} header names, {@code Host}, {@code Content-*}, {@code Accept},
   * {@code Accept-Encoding}, {@code Expect}, {@code Mcp-*}, {@code Last-Event-ID}.
   */
  public Set<String> forwardOnlyHeaders() {
    return forwardOnlyHeaders;
  }

  /**
   * Request headers that never reach the route of a read (names without case; a trailing {@code *}
   * matches a prefix). Checked after {@link #forwardOnlyHeaders()}. Default empty.
   */
  public Set<String> neverForwardHeaders() {
    return neverForwardHeaders;
  }

  /**
   * The OAuth 2.0 protected-resource metadata (RFC 9728) of this server, when configured: served at
   * {@code /.well-known/oauth-protected-resource} (and at that path followed by {@link #path()})
   * and named in {@code WWW-Authenticate: Bearer resource_metadata="…"} on every 401 the endpoint
   * answers. Default: none.
   */
  public Optional<McpProtectedResource> protectedResource() {
    return protectedResource;
  }

  /**
   * MCP tasks (protocol 2026-07-28): how long tasks are kept, how often clients poll, where task
   * state lives. Only resources declared with {@link McpResource#taskSupport()} run as tasks.
   */
  public McpTasks tasks() {
    return tasks;
  }

  /** Builds an {@link McpFeature}. Every setter checks its value and names it when it is wrong. */
  public static final class Builder {
    private String name = "jaxrs-mcp";
    private String version = "0.0.0";
    private String instructions = "";
    private String path = "/mcp";
    private String scheme = "app";
    private long defaultCacheTtlMs = 0;
    private String defaultCacheScope = "private";
    private long defaultMaxBytes = 1024 * 1024;
    private long maxSpoolBytes = 4L << 30;
    private long maxReadBytes = 32L << 20;
    private Duration readTimeout = Duration.ofSeconds(30);
    private int maxBodyBytes = 1024 * 1024;
    private Duration bodyReadTimeout = Duration.ofSeconds(5);
    private int maxJsonDepth = 64;
    private boolean tools = true;
    private Duration debounce = Duration.ofMillis(250);
    private Duration keepAlive = Duration.ofSeconds(15);
    private int maxListenUris = 100;
    private int maxConcurrentListens = 10_000;
    private int maxConcurrentReads = 1_000;
    private int maxConcurrentLongReads = 64;
    private long maxUnsentBytes = 1L << 20;
    private Duration listenTimeout = Duration.ZERO;
    private final Map<String, McpWatcher> watchers = new LinkedHashMap<>();
    private final Map<String, Map<String, McpCompleter>> completers = new LinkedHashMap<>();
    private int pageSize = 50;
    private McpChangeBus changeBus = McpChangeBus.local();
    private Path spoolDirectory = Path.of(System.getProperty("java.io.tmpdir"), "jaxrs-mcp");
    private Duration longRunningKeepAlive = Duration.ofMillis(500);
    private Duration longRunningTimeout = Duration.ofMinutes(15);
    private Duration sessionIdleTimeout = Duration.ofMinutes(30);
    private Set<String> allowedOrigins = Set.of();
    private Set<String> allowedHosts = Set.of();
    private int maxUriLength = 4096;
    private int maxSessions = 10_000;
    private int maxSubscriptionsPerSession = 1_000;
    private int maxListFromBytes = 4 * 1024 * 1024;
    private List<String> sessionBinding = List.of("Authorization", "Cookie");
    private boolean sessionBindsPrincipal = true;
    private Duration sessionHandshakeTimeout = Duration.ofSeconds(10);
    private int maxSessionsPerCaller = 100;
    private Set<String> forwardOnlyHeaders = Set.of();
    private Set<String> neverForwardHeaders = Set.of();
    private Optional<McpProtectedResource> protectedResource = Optional.empty();
    private McpTasks tasks = McpTasks.builder().build();

    private Builder() {}

    private Builder(McpFeature f) {
      this.name = f.name;
      this.version = f.version;
      this.instructions = f.instructions;
      this.path = f.path;
      this.scheme = f.scheme;
      this.defaultCacheTtlMs = f.defaultCacheTtlMs;
      this.defaultCacheScope = f.defaultCacheScope;
      this.defaultMaxBytes = f.defaultMaxBytes;
      this.maxSpoolBytes = f.maxSpoolBytes;
      this.maxReadBytes = f.maxReadBytes;
      this.readTimeout = f.readTimeout;
      this.maxBodyBytes = f.maxBodyBytes;
      this.bodyReadTimeout = f.bodyReadTimeout;
      this.maxJsonDepth = f.maxJsonDepth;
      this.tools = f.tools;
      this.debounce = f.debounce;
      this.keepAlive = f.keepAlive;
      this.maxListenUris = f.maxListenUris;
      this.maxConcurrentListens = f.maxConcurrentListens;
      this.maxConcurrentReads = f.maxConcurrentReads;
      this.maxConcurrentLongReads = f.maxConcurrentLongReads;
      this.maxUnsentBytes = f.maxUnsentBytes;
      this.listenTimeout = f.listenTimeout;
      this.watchers.putAll(f.watchers);
      f.completers.forEach(
          (t, byVariable) -> this.completers.put(t, new LinkedHashMap<>(byVariable)));
      this.pageSize = f.pageSize;
      this.spoolDirectory = f.spoolDirectory;
      this.changeBus = f.changeBus;
      this.longRunningKeepAlive = f.longRunningKeepAlive;
      this.longRunningTimeout = f.longRunningTimeout;
      this.sessionIdleTimeout = f.sessionIdleTimeout;
      this.allowedOrigins = f.allowedOrigins;
      this.allowedHosts = f.allowedHosts;
      this.maxUriLength = f.maxUriLength;
      this.maxSessions = f.maxSessions;
      this.maxSubscriptionsPerSession = f.maxSubscriptionsPerSession;
      this.maxListFromBytes = f.maxListFromBytes;
      this.sessionBinding = f.sessionBinding;
      this.sessionBindsPrincipal = f.sessionBindsPrincipal;
      this.sessionHandshakeTimeout = f.sessionHandshakeTimeout;
      this.maxSessionsPerCaller = f.maxSessionsPerCaller;
      this.forwardOnlyHeaders = f.forwardOnlyHeaders;
      this.neverForwardHeaders = f.neverForwardHeaders;
      this.protectedResource = f.protectedResource;
      this.tasks = f.tasks;
    }

    /** See {@link McpFeature#name()}. */
    public Builder name(String name) {
      this.name = requireText(name, "name");
      return this;
    }

    /** See {@link McpFeature#version()}. */
    public Builder version(String version) {
      this.version = requireText(version, "version");
      return this;
    }

    /** See {@link McpFeature#instructions()}. */
    public Builder instructions(String instructions) {
      this.instructions = Objects.requireNonNull(instructions, "instructions");
      return this;
    }

    /** See {@link McpFeature#path()}; must start with '/'. */
    public Builder path(String path) {
      requireText(path, "path");
      if (!path.startsWith("/")) {
        throw new IllegalArgumentException("path must start with '/' (found '" + path + "')");
      }
      this.path = path;
      return this;
    }

    /** See {@link McpFeature#scheme()}; letters, digits, '+', '-', '.', starting with a letter. */
    public Builder scheme(String scheme) {
      requireText(scheme, "scheme");
      if (!scheme.matches("[A-Za-z][A-Za-z0-9+.-]*")) {
        throw new IllegalArgumentException(
            "scheme must be a letter followed by letters, digits, '+', '-' or '.' (found '"
                + scheme
                + "')");
      }
      this.scheme = scheme;
      return this;
    }

    /** See {@link McpFeature#defaultCacheTtlMs()}; zero or more. */
    public Builder defaultCacheTtlMs(long ttlMs) {
      if (ttlMs < 0) {
        throw new IllegalArgumentException(
            "defaultCacheTtlMs must be zero or more (found " + ttlMs + ")");
      }
      this.defaultCacheTtlMs = ttlMs;
      return this;
    }

    /** See {@link McpFeature#defaultCacheScope()}; {@code private} or {@code public}. */
    public Builder defaultCacheScope(String scope) {
      if (!"private".equals(scope) && !"public".equals(scope)) {
        throw new IllegalArgumentException(
            "defaultCacheScope must be 'private' or 'public' (found '" + scope + "')");
      }
      this.defaultCacheScope = scope;
      return this;
    }

    /** See {@link McpFeature#maxReadBytes()}; at least 1024. */
    public Builder maxReadBytes(long max) {
      if (max < 1024) {
        throw new IllegalArgumentException(
            "maxReadBytes must be at least 1024 (found " + max + ")");
      }
      this.maxReadBytes = max;
      return this;
    }

    /** See {@link McpFeature#maxSpoolBytes()}; at least 1. */
    public Builder maxSpoolBytes(long max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxSpoolBytes must be at least 1 (found " + max + ")");
      }
      this.maxSpoolBytes = max;
      return this;
    }

    /** See {@link McpFeature#defaultMaxBytes()}; one or more. */
    public Builder defaultMaxBytes(long maxBytes) {
      if (maxBytes < 1) {
        throw new IllegalArgumentException(
            "defaultMaxBytes must be at least 1 (found " + maxBytes + ")");
      }
      this.defaultMaxBytes = maxBytes;
      return this;
    }

    /** See {@link McpFeature#readTimeout()}; positive. */
    public Builder readTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "readTimeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("readTimeout must be positive (found " + timeout + ")");
      }
      this.readTimeout = timeout;
      return this;
    }

    /** See {@link McpFeature#maxBodyBytes()}; at least 1024. */
    public Builder maxBodyBytes(int maxBodyBytes) {
      if (maxBodyBytes < 1024) {
        throw new IllegalArgumentException(
            "maxBodyBytes must be at least 1024 (found " + maxBodyBytes + ")");
      }
      this.maxBodyBytes = maxBodyBytes;
      return this;
    }

    /** See {@link McpFeature#bodyReadTimeout()}; positive. */
    public Builder bodyReadTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "bodyReadTimeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException(
            "bodyReadTimeout must be positive (found " + timeout + ")");
      }
      this.bodyReadTimeout = timeout;
      return this;
    }

    /** See {@link McpFeature#maxJsonDepth()}; at least 8. */
    public Builder maxJsonDepth(int maxJsonDepth) {
      if (maxJsonDepth < 8) {
        throw new IllegalArgumentException(
            "maxJsonDepth must be at least 8 (found " + maxJsonDepth + ")");
      }
      this.maxJsonDepth = maxJsonDepth;
      return this;
    }

    /**
     * See {@link McpFeature#tools()}. Turn tools off when every client of this server reads
     * resources, so the model is not shown each resource twice.
     */
    public Builder tools(boolean tools) {
      this.tools = tools;
      return this;
    }

    /** See {@link McpFeature#debounce()}; zero turns debouncing off. */
    public Builder debounce(Duration window) {
      Objects.requireNonNull(window, "debounce");
      if (window.isNegative()) {
        throw new IllegalArgumentException("debounce must not be negative (found " + window + ")");
      }
      this.debounce = window;
      return this;
    }

    /** See {@link McpFeature#keepAlive()}; positive. */
    public Builder keepAlive(Duration interval) {
      Objects.requireNonNull(interval, "keepAlive");
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("keepAlive must be positive (found " + interval + ")");
      }
      this.keepAlive = interval;
      return this;
    }

    /** See {@link McpFeature#maxListenUris()}; at least 1. */
    public Builder maxListenUris(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxListenUris must be at least 1 (found " + max + ")");
      }
      this.maxListenUris = max;
      return this;
    }

    /** See {@link McpFeature#maxConcurrentListens()}; at least 1. */
    public Builder maxConcurrentListens(int max) {
      if (max < 1) {
        throw new IllegalArgumentException(
            "maxConcurrentListens must be at least 1 (found " + max + ")");
      }
      this.maxConcurrentListens = max;
      return this;
    }

    /** See {@link McpFeature#maxConcurrentReads()}; at least 1. */
    public Builder maxConcurrentReads(int max) {
      if (max < 1) {
        throw new IllegalArgumentException(
            "maxConcurrentReads must be at least 1 (found " + max + ")");
      }
      this.maxConcurrentReads = max;
      return this;
    }

    /** See {@link McpFeature#maxConcurrentLongReads()}; at least 1. */
    public Builder maxConcurrentLongReads(int max) {
      if (max < 1) {
        throw new IllegalArgumentException(
            "maxConcurrentLongReads must be at least 1 (found " + max + ")");
      }
      this.maxConcurrentLongReads = max;
      return this;
    }

    /** See {@link McpFeature#maxUnsentBytes()}; at least 1024. */
    public Builder maxUnsentBytes(long max) {
      if (max < 1024) {
        throw new IllegalArgumentException(
            "maxUnsentBytes must be at least 1024 (found " + max + ")");
      }
      this.maxUnsentBytes = max;
      return this;
    }

    /** See {@link McpFeature#listenTimeout()}; zero for none. */
    public Builder listenTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "listenTimeout");
      if (timeout.isNegative()) {
        throw new IllegalArgumentException(
            "listenTimeout must not be negative (found " + timeout + ")");
      }
      this.listenTimeout = timeout;
      return this;
    }

    /**
     * Registers the watcher of a subscribable template. {@code template} is the resource's URI
     * template as listed (for example {@code app://widgets/{id}/state}); the application fails to
     * start when no {@code @McpResource(subscribe = true)} has it.
     */
    public Builder watch(String template, McpWatcher watcher) {
      requireText(template, "template");
      Objects.requireNonNull(watcher, "watcher");
      if (watchers.putIfAbsent(template, watcher) != null) {
        throw new IllegalArgumentException(
            "a watcher for template '" + template + "' is already registered");
      }
      return this;
    }

    /**
     * See {@link McpFeature#changeBus()}. The feature starts the bus when the application starts
     * and closes it when the application stops.
     */
    public Builder changeBus(McpChangeBus bus) {
      this.changeBus = Objects.requireNonNull(bus, "changeBus");
      return this;
    }

    /** See {@link McpFeature#spoolDirectory()}; created when first needed. */
    public Builder spoolDirectory(Path directory) {
      this.spoolDirectory = Objects.requireNonNull(directory, "spoolDirectory");
      return this;
    }

    /** See {@link McpFeature#longRunningKeepAlive()}; positive. */
    public Builder longRunningKeepAlive(Duration interval) {
      Objects.requireNonNull(interval, "longRunningKeepAlive");
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException(
            "longRunningKeepAlive must be positive (found " + interval + ")");
      }
      this.longRunningKeepAlive = interval;
      return this;
    }

    /** See {@link McpFeature#longRunningTimeout()}; positive. */
    public Builder longRunningTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "longRunningTimeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException(
            "longRunningTimeout must be positive (found " + timeout + ")");
      }
      this.longRunningTimeout = timeout;
      return this;
    }

    /** See {@link McpFeature#sessionIdleTimeout()}; positive. */
    public Builder sessionIdleTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "sessionIdleTimeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException(
            "sessionIdleTimeout must be positive (found " + timeout + ")");
      }
      this.sessionIdleTimeout = timeout;
      return this;
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
      Map<String, McpCompleter> byVariable =
          completers.computeIfAbsent(template, t -> new LinkedHashMap<>());
      if (byVariable.putIfAbsent(variable, completer) != null) {
        throw new IllegalArgumentException(
            "a completer for variable '"
                + variable
                + "' of template '"
                + template
                + "' is already registered");
      }
      return this;
    }

    /** See {@link McpFeature#pageSize()}; from 1 to 1000. */
    public Builder pageSize(int size) {
      if (size < 1 || size > 1000) {
        throw new IllegalArgumentException("pageSize must be from 1 to 1000 (found " + size + ")");
      }
      this.pageSize = size;
      return this;
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
      this.allowedOrigins = checked;
      return this;
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
      this.allowedHosts = checked;
      return this;
    }

    /** See {@link McpFeature#maxUriLength()}; from 16 to 4096. */
    public Builder maxUriLength(int max) {
      if (max < 16 || max > 4096) {
        throw new IllegalArgumentException(
            "maxUriLength must be from 16 to 4096 (found " + max + ")");
      }
      this.maxUriLength = max;
      return this;
    }

    /** See {@link McpFeature#maxSessionsPerCaller()}; at least 1. */
    public Builder maxSessionsPerCaller(int max) {
      if (max < 1) {
        throw new IllegalArgumentException(
            "maxSessionsPerCaller must be at least 1 (found " + max + ")");
      }
      this.maxSessionsPerCaller = max;
      return this;
    }

    /** See {@link McpFeature#sessionHandshakeTimeout()}; positive. */
    public Builder sessionHandshakeTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "sessionHandshakeTimeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException(
            "sessionHandshakeTimeout must be positive (found " + timeout + ")");
      }
      this.sessionHandshakeTimeout = timeout;
      return this;
    }

    /** See {@link McpFeature#sessionBindsPrincipal()}. */
    public Builder sessionBindsPrincipal(boolean bind) {
      this.sessionBindsPrincipal = bind;
      return this;
    }

    /** See {@link McpFeature#maxSessions()}; at least 1. */
    public Builder maxSessions(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxSessions must be at least 1 (found " + max + ")");
      }
      this.maxSessions = max;
      return this;
    }

    /** See {@link McpFeature#maxSubscriptionsPerSession()}; at least 1. */
    public Builder maxSubscriptionsPerSession(int max) {
      if (max < 1) {
        throw new IllegalArgumentException(
            "maxSubscriptionsPerSession must be at least 1 (found " + max + ")");
      }
      this.maxSubscriptionsPerSession = max;
      return this;
    }

    /** See {@link McpFeature#maxListFromBytes()}; at least 1024. */
    public Builder maxListFromBytes(int max) {
      if (max < 1024) {
        throw new IllegalArgumentException(
            "maxListFromBytes must be at least 1024 (found " + max + ")");
      }
      this.maxListFromBytes = max;
      return this;
    }

    /**
     * See {@link McpFeature#sessionBinding()}; header names. No names turns binding off. Replaces
     * the list set before.
     */
    public Builder sessionBinding(String... headers) {
      this.sessionBinding = List.copyOf(headerNames(headers, "sessionBinding", false));
      return this;
    }

    /**
     * See {@link McpFeature#forwardOnlyHeaders()}; header names, each optionally ending in {@code
     * *}. No names forwards every header that is not always withheld. Replaces the list set before.
     */
    public Builder forwardOnlyHeaders(String... headers) {
      this.forwardOnlyHeaders = headerNames(headers, "forwardOnlyHeaders", true);
      return this;
    }

    /**
     * See {@link McpFeature#neverForwardHeaders()}; header names, each optionally ending in {@code
     * *}. Replaces the list set before.
     */
    public Builder neverForwardHeaders(String... headers) {
      this.neverForwardHeaders = headerNames(headers, "neverForwardHeaders", true);
      return this;
    }

    /** See {@link McpFeature#protectedResource()}. */
    public Builder protectedResource(McpProtectedResource metadata) {
      this.protectedResource = Optional.of(Objects.requireNonNull(metadata, "protectedResource"));
      return this;
    }

    /** See {@link McpFeature#tasks()}. */
    public Builder tasks(McpTasks tasks) {
      this.tasks = Objects.requireNonNull(tasks, "tasks");
      return this;
    }

    /** The feature, ready to register. */
    public McpFeature build() {
      return new McpFeature(this);
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
