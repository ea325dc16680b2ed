package dev.jaxrsmcp;

import dev.jaxrsmcp.internal.security.Origins;
import dev.jaxrsmcp.internal.settings.BuilderValues;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.SessionSettings;
import dev.jaxrsmcp.internal.settings.Setting;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.security.McpCallerKey;
import dev.jaxrsmcp.security.McpProtectedResource;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The setters of {@link McpFeature.Builder} for who may reach the endpoint and how legacy sessions
 * are kept (the settings {@link AccessSettings} reads); used only through {@link
 * McpFeature.Builder} (this class only keeps that file to one concern).
 */
abstract sealed class AccessBuilder permits McpFeature.Builder {
  Settings settings;

  AccessBuilder(Settings settings) {
    this.settings = settings;
  }

  /** See {@link McpFeature#sessionIdleTimeout()}; positive. */
  public McpFeature.Builder sessionIdleTimeout(Duration timeout) {
    return set(SessionSettings.SESSION_IDLE_TIMEOUT, timeout);
  }

  /**
   * See {@link McpFeature#allowedOrigins()}; each an origin such as {@code https://app.example.com}
   * (scheme {@code http} or {@code https}, a host, an optional port, no path), or {@code *}.
   * Replaces the list set before.
   */
  public McpFeature.Builder allowedOrigins(String... origins) {
    return with(BuilderValues.withAllowedOrigins(settings, origins, Origins::requireOrigin));
  }

  /**
   * See {@link McpFeature#allowedHosts()}; each a host name or IP address as it appears in a {@code
   * Host} header without the port ({@code mcp.example.com}, {@code 10.0.0.5}, {@code [fd00::1]}),
   * or {@code *}. Replaces the list set before.
   */
  public McpFeature.Builder allowedHosts(String... hosts) {
    return with(BuilderValues.withAllowedHosts(settings, hosts, Origins::requireHost));
  }

  /** See {@link McpFeature#maxUriLength()}; from 16 to 4096. */
  public McpFeature.Builder maxUriLength(int max) {
    return set(LimitSettings.MAX_URI_LENGTH, max);
  }

  /** See {@link McpFeature#maxSessionsPerCaller()}; at least 1. */
  public McpFeature.Builder maxSessionsPerCaller(int max) {
    return set(SessionSettings.MAX_SESSIONS_PER_CALLER, max);
  }

  /** See {@link McpFeature#maxAnonymousSessions()}; at least 1. */
  public McpFeature.Builder maxAnonymousSessions(int max) {
    return set(SessionSettings.MAX_ANONYMOUS_SESSIONS, max);
  }

  /** See {@link McpFeature#callerKey()} and {@link McpCallerKey}. */
  public McpFeature.Builder callerKey(McpCallerKey key) {
    return set(SecuritySettings.CALLER_KEY, key);
  }

  /** See {@link McpFeature#sessionHandshakeTimeout()}; positive. */
  public McpFeature.Builder sessionHandshakeTimeout(Duration timeout) {
    return set(SessionSettings.SESSION_HANDSHAKE_TIMEOUT, timeout);
  }

  /** See {@link McpFeature#sessionBindsPrincipal()}. */
  public McpFeature.Builder sessionBindsPrincipal(boolean bind) {
    return set(SecuritySettings.SESSION_BINDS_PRINCIPAL, bind);
  }

  /** See {@link McpFeature#maxSessions()}; at least 1. */
  public McpFeature.Builder maxSessions(int max) {
    return set(SessionSettings.MAX_SESSIONS, max);
  }

  /** See {@link McpFeature#maxSubscriptionsPerSession()}; at least 1. */
  public McpFeature.Builder maxSubscriptionsPerSession(int max) {
    return set(SessionSettings.MAX_SUBSCRIPTIONS_PER_SESSION, max);
  }

  /**
   * See {@link McpFeature#sessionBinding()}; header names. No names turns binding off. Replaces the
   * list set before.
   */
  public McpFeature.Builder sessionBinding(String... headers) {
    return with(BuilderValues.withSessionBinding(settings, headers));
  }

  /**
   * See {@link McpFeature#forwardOnlyHeaders()}; header names, each optionally ending in {@code *}.
   * No names forwards every header that is not always withheld. Replaces the list set before.
   */
  public McpFeature.Builder forwardOnlyHeaders(String... headers) {
    return with(BuilderValues.withForwardOnlyHeaders(settings, headers));
  }

  /**
   * See {@link McpFeature#neverForwardHeaders()}; header names, each optionally ending in {@code
   * *}. Replaces the list set before.
   */
  public McpFeature.Builder neverForwardHeaders(String... headers) {
    return with(BuilderValues.withNeverForwardHeaders(settings, headers));
  }

  /** See {@link McpFeature#protectedResource()}. */
  public McpFeature.Builder protectedResource(McpProtectedResource metadata) {
    return set(
        SecuritySettings.PROTECTED_RESOURCE,
        Optional.of(Objects.requireNonNull(metadata, "protectedResource")));
  }

  /**
   * See {@link McpFeature#requestStateKeySet()}: the secret (at least 32 bytes of UTF-8) that signs
   * the {@code requestState} of a tool's questions. Give every instance that serves the same
   * clients the same key (a retry may reach another instance); keep it secret.
   */
  public McpFeature.Builder requestStateKey(String key) {
    return set(
        SecuritySettings.REQUEST_STATE_KEY,
        Optional.of(Objects.requireNonNull(key, "requestStateKey")));
  }

  /** See {@link McpFeature#askTimeout()}; positive. */
  public McpFeature.Builder askTimeout(Duration timeout) {
    return set(SecuritySettings.ASK_TIMEOUT, timeout);
  }

  <T> McpFeature.Builder set(Setting<T> setting, T value) {
    return with(settings.with(setting, value));
  }

  McpFeature.Builder with(Settings changed) {
    settings = changed;
    return (McpFeature.Builder) this;
  }
}
