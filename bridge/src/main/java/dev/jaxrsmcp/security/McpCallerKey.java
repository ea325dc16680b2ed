package dev.jaxrsmcp.security;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Optional;

/**
 * Names the caller of a request, for applications that authenticate without setting a {@link
 * jakarta.ws.rs.core.SecurityContext} principal (an API key checked by a filter, mutual TLS, IP
 * rules). The bridge owns what it keeps for a caller (legacy sessions, tasks, listen streams and
 * their quotas) by the principal when the request has one, else by this key, else by the {@link
 * dev.jaxrsmcp.McpSettings#sessionBinding() binding headers}; callers with neither a principal nor
 * a key share the anonymous quotas (see {@link dev.jaxrsmcp.McpSettings#maxAnonymousSessions()}).
 *
 * <p>Called once the application's own filters have run (on the MCP request for sessions and
 * listens, on the route's request for reads and tasks), on the request's thread. Return a key only
 * for a caller your application accepted: a value taken straight from a header the application
 * never checked would let anyone pick any owner, and a fresh value per request would buy a fresh
 * quota.
 *
 * <pre>{@code
 * // ApiKeyFilter checked X-Api-Key and put the account it belongs to on the request.
 * McpFeature.builder()
 *     .callerKey(request -> Optional.ofNullable((String) request.getProperty("account")))
 *     .build();
 *
 * // Mutual TLS: the client certificate's subject, as a servlet container reports it.
 * McpFeature.builder()
 *     .callerKey(request ->
 *         Optional.ofNullable(
 *                 (X509Certificate[]) request.getProperty("jakarta.servlet.request.X509Certificate"))
 *             .map(chain -> chain[0].getSubjectX500Principal().getName()))
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface McpCallerKey {
  /** No key for anyone: the default. */
  McpCallerKey NONE = request -> Optional.empty();

  /**
   * The key of the caller of {@code request}; empty when the application did not accept it as
   * anyone in particular. Blank keys count as none.
   */
  Optional<String> of(ContainerRequestContext request);
}
