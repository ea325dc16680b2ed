package dev.jaxrsmcp.internal.endpoint;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.PathSegment;

/** Whether a request is for the MCP endpoint, compared the way Jersey matches paths. */
public final class EndpointPath {
  private final String path;

  public EndpointPath(String endpointPath) {
    this.path = strip(endpointPath);
  }

  /**
   * True when the request's path (decoded, without matrix parameters) is the endpoint's. Asked of
   * every request of the application: a path without escapes and matrix parameters is its own
   * decoded form and is compared as it is; only the others are taken apart into segments.
   */
  public boolean matches(ContainerRequestContext request) {
    String raw = request.getUriInfo().getPath(false);
    if (raw.indexOf('%') < 0 && raw.indexOf(';') < 0) {
      return strip(raw).equals(path);
    }
    StringBuilder requested = new StringBuilder();
    for (PathSegment segment : request.getUriInfo().getPathSegments()) {
      if (requested.length() > 0) {
        requested.append('/');
      }
      requested.append(segment.getPath());
    }
    return strip(requested.toString()).equals(path);
  }

  private static String strip(String path) {
    String p = path.startsWith("/") ? path.substring(1) : path;
    return p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
  }
}
