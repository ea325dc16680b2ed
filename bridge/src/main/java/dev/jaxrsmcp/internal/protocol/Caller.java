package dev.jaxrsmcp.internal.protocol;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.SecurityContext;
import java.net.URI;

/**
 * Who sent an MCP request, as the route will see them: the application's base URI, the HTTP headers
 * of the MCP request, the container's security context and the request's scope.
 */
public record Caller(
    URI baseUri,
    MultivaluedMap<String, String> headers,
    SecurityContext security,
    CallerScope scope) {

  /** A caller whose reads carry no request scope over. */
  public Caller(URI baseUri, MultivaluedMap<String, String> headers, SecurityContext security) {
    this(baseUri, headers, security, CallerScope.NONE);
  }
}
