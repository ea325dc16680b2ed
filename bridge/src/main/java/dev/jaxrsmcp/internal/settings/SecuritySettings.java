package dev.jaxrsmcp.internal.settings;

import dev.jaxrsmcp.security.McpCallerKey;
import dev.jaxrsmcp.security.McpProtectedResource;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Who may reach the endpoint and what of the MCP request a route sees (contract section 5). */
public final class SecuritySettings {
  public static final Setting<Set<String>> ALLOWED_ORIGINS = Setting.of("allowedOrigins", Set.of());
  public static final Setting<Set<String>> ALLOWED_HOSTS = Setting.of("allowedHosts", Set.of());
  public static final Setting<Set<String>> FORWARD_ONLY_HEADERS =
      Setting.of("forwardOnlyHeaders", Set.of());
  public static final Setting<Set<String>> NEVER_FORWARD_HEADERS =
      Setting.of("neverForwardHeaders", Set.of());
  public static final Setting<Optional<McpProtectedResource>> PROTECTED_RESOURCE =
      Setting.of("protectedResource", Optional.empty());

  /** The headers a legacy session is bound to, besides (or instead of) the principal. */
  public static final Setting<List<String>> SESSION_BINDING =
      Setting.of("sessionBinding", List.of("Authorization", "Cookie"));

  public static final Setting<Boolean> SESSION_BINDS_PRINCIPAL =
      Setting.of("sessionBindsPrincipal", true);

  /** The key the application names for callers without a principal. */
  public static final Setting<McpCallerKey> CALLER_KEY = Setting.of("callerKey", McpCallerKey.NONE);

  /**
   * The secret that signs a call's {@code requestState} (HMAC-SHA256, contract section 15); empty:
   * a random key per process. Instances that share a client's traffic need the same key.
   */
  public static final Setting<Optional<String>> REQUEST_STATE_KEY =
      Setting.of(
          "requestStateKey",
          Optional.empty(),
          key -> {
            if (key.isPresent()
                && key.get().getBytes(java.nio.charset.StandardCharsets.UTF_8).length < 32) {
              throw new IllegalArgumentException(
                  "requestStateKey must be at least 32 bytes (UTF-8) long (found "
                      + key.get().getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                      + ")");
            }
            return key;
          });

  /**
   * How long the client has to answer a tool's question: a {@code requestState} expires after it
   * (2026-07-28), a call waits at most this long for the answer on its stream (2025-11-25).
   */
  public static final Setting<java.time.Duration> ASK_TIMEOUT =
      Setting.positive("askTimeout", java.time.Duration.ofMinutes(10));

  /**
   * The request property a container adapter gives a request's local address in; its value is
   * {@code McpFeature.LOCAL_ADDRESS_PROPERTY}, kept here so that the endpoint need not name the API
   * class that installs it.
   */
  public static final String LOCAL_ADDRESS_PROPERTY = "dev.jaxrsmcp.localAddress";

  private SecuritySettings() {}
}
