package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.McpCallerKey;
import dev.jaxrsmcp.internal.dispatch.RequestScope;
import dev.jaxrsmcp.internal.dispatch.SecurityIdentity;
import dev.jaxrsmcp.internal.protocol.Caller;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * Who sent a request, as the protocol sees a caller: its headers, the security context of its
 * request and, once the application's filters ran, the key the application names for it ({@link
 * McpCallerKey}).
 */
final class Callers {
  private final McpCallerKey key;

  Callers(McpCallerKey key) {
    this.key = key;
  }

  /**
   * The caller of a request the application's filters have run on (an endpoint method, or an
   * in-place read being admitted): its principal and its caller key decide who owns what it
   * creates.
   */
  Caller afterFilters(ContainerRequest request) {
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
  static Caller beforeFilters(ContainerRequest request) {
    return new Caller(
        request.getBaseUri(),
        request.getHeaders(),
        new SecurityIdentity(request.getSecurityContext()),
        new RequestScope(request));
  }
}
