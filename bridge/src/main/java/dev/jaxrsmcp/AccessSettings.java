package dev.jaxrsmcp;

import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.SessionSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.security.McpCallerKey;
import dev.jaxrsmcp.security.McpProtectedResource;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The settings of who may reach the endpoint and how legacy sessions are kept: origins, hosts,
 * session limits and bindings, forwarded headers, callers' keys and the protected-resource
 * metadata. Read through {@link McpSettings} (this class only keeps that file to one concern).
 */
abstract class AccessSettings {
  final Settings settings;

  AccessSettings(Settings settings) {
    this.settings = settings;
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
   * {@code /.well-known/oauth-protected-resource} (and at that path followed by {@link
   * McpSettings#path()}) and named in {@code WWW-Authenticate: Bearer resource_metadata="…"} on
   * every 401 the endpoint answers. Default: none.
   */
  public Optional<McpProtectedResource> protectedResource() {
    return settings.get(SecuritySettings.PROTECTED_RESOURCE);
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
   * How long a client has to answer a tool's questions ({@link
   * dev.jaxrsmcp.context.McpContext#ask}, {@code McpTool.confirm}): in 2026-07-28 the {@code
   * requestState} expires after it, in 2025-11-25 the call waits at most this long for the answer.
   * Default 10 minutes.
   */
  public java.time.Duration askTimeout() {
    return settings.get(SecuritySettings.ASK_TIMEOUT);
  }
}
