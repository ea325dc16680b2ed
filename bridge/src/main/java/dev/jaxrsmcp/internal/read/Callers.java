package dev.jaxrsmcp.internal.read;

import dev.jaxrsmcp.internal.dispatch.RequestScope;
import dev.jaxrsmcp.internal.dispatch.SecurityIdentity;
import dev.jaxrsmcp.internal.eras.LegacyProtocol;
import dev.jaxrsmcp.internal.eras.ModernProtocol;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.security.McpCallerKey;
import java.util.List;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * Who sent a request, as the protocol sees a caller: its headers, the security context of its
 * request and, once the application's filters ran, the key the application names for it ({@link
 * McpCallerKey}), and which path its requests take (legacy or modern era, a stream or not).
 */
public final class Callers {
  private final McpCallerKey key;

  public Callers(McpCallerKey key) {
    this.key = key;
  }

  /**
   * The caller of a request the application's filters have run on (an endpoint method, or an
   * in-place read being admitted): its principal and its caller key decide who owns what it
   * creates.
   */
  public Caller afterFilters(ContainerRequest request) {
    Optional<String> named = key.of(request).filter(k -> !k.isBlank());
    return new Caller(
        request.getBaseUri(),
        request.getHeaders(),
        new SecurityIdentity(request.getSecurityContext(), named),
        new RequestScope(request));
  }

  /**
   * The caller of a request no filter of the application has seen yet (an in-place read as it
   * arrives): nobody has said who it is, so it owns nothing.
   */
  public static Caller beforeFilters(ContainerRequest request) {
    return new Caller(
        request.getBaseUri(),
        request.getHeaders(),
        new SecurityIdentity(request.getSecurityContext()),
        new RequestScope(request));
  }

  /** Whether the caller accepts {@code text/event-stream}. */
  public static boolean acceptsEventStream(Caller caller) {
    for (String accept : caller.headers().getOrDefault("Accept", List.of())) {
      if (accept.toLowerCase(java.util.Locale.ROOT).contains("text/event-stream")) {
        return true;
      }
    }
    return false;
  }

  /** Whether the request names a legacy session. */
  public static boolean hasSession(Caller caller) {
    return caller.header(LegacyProtocol.SESSION_HEADER_LOOKUP).isPresent();
  }

  /** Contract section 5, step 2: which requests take the legacy path. */
  public static boolean isLegacy(JsonRpcRequest message, Caller caller) {
    if (hasSession(caller)) {
      return true;
    }
    if (ModernProtocol.hasModernMeta(message)) {
      return false;
    }
    if ("initialize".equals(message.method())) {
      return true;
    }
    String version = caller.header("mcp-protocol-version").orElse(null);
    return version == null || Era.LEGACY_VERSIONS.contains(version);
  }
}
