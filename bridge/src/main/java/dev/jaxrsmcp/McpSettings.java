package dev.jaxrsmcp;

import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.ObserveSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.SessionSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The settings of an {@link McpFeature}, read side: each accessor documents one setting, its
 * default and what it does; {@link McpFeature.Builder} sets them. Immutable.
 *
 * <pre>{@code
 * McpFeature feature = McpFeature.builder().readTimeout(Duration.ofSeconds(5)).build();
 * feature.readTimeout(); // PT5S
 * feature.maxReadBytes(); // 33554432, the default
 * }</pre>
 */
public abstract class McpSettings {
  final Settings settings;

  McpSettings(Settings settings) {
    this.settings = settings;
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

  /**
   * How long an MCP request body may take to arrive, from the first read of it; default 5 seconds.
   * A body still incomplete then is refused with HTTP 408 and {@code -32600} naming this setting,
   * and the connection is closed, so a client that trickles its body holds a container thread for
   * at most this long (plus the wait for its next bytes). A body that stops arriving altogether
   * blocks the container's read until the container's own read timeout (Grizzly's and Jetty's 30 s,
   * Tomcat's {@code connectionTimeout}); see docs/deployment.md.
   */
  public Duration bodyReadTimeout() {
    return settings.get(LimitSettings.BODY_READ_TIMEOUT);
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

  /**
   * The most {@code subscriptions/listen} streams one caller may have open at once on this instance
   * (a caller is its principal, or its {@link #callerKey()}; see {@link #maxAnonymousListens()} for
   * the others); one more is refused with HTTP 503 and {@code -32603}, and nothing is kept. Default
   * 100.
   */
  public int maxListensPerCaller() {
    return settings.get(SubscriptionSettings.MAX_LISTENS_PER_CALLER);
  }

  /**
   * The most {@code subscriptions/listen} streams open at once on this instance for all callers the
   * application did not authenticate (no principal, no {@link #callerKey()}) together, whatever
   * headers they send; one more is refused like {@link #maxListensPerCaller()}. So a flood of
   * anonymous listens takes at most this many of {@link #maxConcurrentListens()}. Default 1,000.
   */
  public int maxAnonymousListens() {
    return settings.get(SubscriptionSettings.MAX_ANONYMOUS_LISTENS);
  }

  /**
   * The most URIs one caller may be subscribed to at once on this instance, over its listen streams
   * and legacy sessions together (all anonymous callers count as one caller); a listen or {@code
   * resources/subscribe} that would pass it is refused with {@code -32602} before anything is read
   * or watched. Default 10,000.
   */
  public int maxSubscriptionsPerCaller() {
    return settings.get(SubscriptionSettings.MAX_SUBSCRIPTIONS_PER_CALLER);
  }

  /** The most notification streams open at once on this instance; default 10,000. */
  public int maxConcurrentListens() {
    return settings.get(SubscriptionSettings.MAX_CONCURRENT_LISTENS);
  }

  /**
   * The most MCP reads ({@code resources/read}, {@code tools/call}) running at once on this
   * instance, long-running ones included; default 1,000. One more waits for a slot in order of
   * arrival ({@link #maxQueuedReads()}, {@link #maxReadQueueWait()}); beyond the queue it is
   * refused before its route runs, with HTTP 503 and {@code Retry-After}.
   */
  public int maxConcurrentReads() {
    return settings.get(LimitSettings.MAX_CONCURRENT_READS);
  }

  /**
   * The most long-running reads running at once on this instance (each holds a spool file and,
   * streamed, a response); default 64. One more waits for a slot in order of arrival ({@link
   * #maxQueuedLongReads()}, {@link #maxReadQueueWait()}); beyond the queue it is refused before its
   * route runs, with HTTP 503 and {@code Retry-After}.
   */
  public int maxConcurrentLongReads() {
    return settings.get(LimitSettings.MAX_CONCURRENT_LONG_READS);
  }

  /**
   * How many reads may wait for a slot of {@link #maxConcurrentReads()}, in order of arrival,
   * holding no thread; default 1,000, zero to refuse at once. One more is refused with HTTP 503.
   */
  public int maxQueuedReads() {
    return settings.get(LimitSettings.MAX_QUEUED_READS);
  }

  /**
   * How many long-running reads may wait for a slot of {@link #maxConcurrentLongReads()}, in order
   * of arrival, holding no thread (a client accepting SSE gets keep-alive comments while it waits);
   * default 256, zero to refuse at once. One more is refused with HTTP 503.
   */
  public int maxQueuedLongReads() {
    return settings.get(LimitSettings.MAX_QUEUED_LONG_READS);
  }

  /**
   * How long a queued read waits for its slot before it is refused ({@code -32603}, HTTP 503 with
   * {@code Retry-After} unless keep-alives already committed its stream); default 30 seconds.
   */
  public Duration maxReadQueueWait() {
    return settings.get(LimitSettings.MAX_READ_QUEUE_WAIT);
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
   * localhost}, {@code 127.0.0.1}, {@code [::1]}); the port is not compared. When any is listed,
   * every other {@code Host} is refused with HTTP 403 before anything else happens. When none is
   * (the default), loopback names are enforced only for requests whose connection arrived on a
   * loopback address, or whose local address the bridge cannot learn (see {@link
   * McpFeature#LOCAL_ADDRESS_PROPERTY}): that keeps a DNS-rebinding page ({@code Host:
   * evil.example.com} resolving to 127.0.0.1) away from a local server, while a server reached on
   * another address by its real name answers. {@code *} allows every name (for a server behind a
   * proxy that checks {@code Host} itself).
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
   * principal, or the key the application names for it ({@link #callerKey()}). At the limit, the
   * caller's least recently used idle session (no request running, no stream open) is ended to make
   * room (clients that never send {@code DELETE} are served); when none is idle, {@code initialize}
   * is refused with HTTP 503 and {@code -32603}. Callers with neither share {@link
   * #maxAnonymousSessions()}. Default 100.
   */
  public int maxSessionsPerCaller() {
    return settings.get(SessionSettings.MAX_SESSIONS_PER_CALLER);
  }

  /**
   * The most legacy-era sessions open at once for all callers the application did not authenticate
   * (no principal, no {@link #callerKey()}) together, whatever headers they send (junk cookies buy
   * nothing); at the limit the least recently used idle one of them makes room, as for {@link
   * #maxSessionsPerCaller()}. So an anonymous flood takes at most this many of {@link
   * #maxSessions()}, and authenticated callers are still served. Default 1,000.
   */
  public int maxAnonymousSessions() {
    return settings.get(SessionSettings.MAX_ANONYMOUS_SESSIONS);
  }

  /**
   * What carries a task's creating request's thread-locals to the thread its route runs on, besides
   * the {@code ThreadLocalAccessor}s of Micrometer's context-propagation (see {@link
   * McpContextCarrier}); none by default.
   */
  public List<McpContextCarrier> contextCarriers() {
    return settings.get(LongRunningSettings.CONTEXT_CARRIERS);
  }

  /**
   * The observers of MCP operations added with {@link McpFeature.Builder#observer}, in order; none
   * by default (the bridge's access record is always there, see {@link McpObserver}).
   */
  public List<McpObserver> observers() {
    return settings.get(ObserveSettings.OBSERVERS);
  }

  /**
   * Names the callers of an application that authenticates without setting a principal; see {@link
   * McpCallerKey}. Default {@link McpCallerKey#NONE}.
   */
  public McpCallerKey callerKey() {
    return settings.get(SecuritySettings.CALLER_KEY);
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

  /**
   * Whether a key for the {@code requestState} of tools' questions was set (the key itself is not
   * handed out). When none is, each process signs with a random key of its own, so a retry that
   * reaches another instance is refused: instances sharing traffic need the same key ({@code
   * Builder.requestStateKey}).
   */
  public boolean requestStateKeySet() {
    return settings.get(SecuritySettings.REQUEST_STATE_KEY).isPresent();
  }

  /**
   * How long a client has to answer a tool's questions ({@link McpContext#ask}, {@code
   * McpTool.confirm}): in 2026-07-28 the {@code requestState} expires after it, in 2025-11-25 the
   * call waits at most this long for the answer. Default 10 minutes.
   */
  public java.time.Duration askTimeout() {
    return settings.get(SecuritySettings.ASK_TIMEOUT);
  }
}
