package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rewrites an MCP request in place into its route's {@code GET} (contract section 7), as Jersey's
 * own pre-matching filters rewrite method and URI: the request URI becomes the route's path with
 * each variable percent-encoded ({@link RouteTarget}), the method {@code GET}, {@code Accept} the
 * resource's type; only the forwarded headers stay ({@link HeaderForwarding}), with the trace
 * context of {@code _meta}; the body is gone. The {@link DispatchGuard} is told which method and
 * path values the read may run. Everything else of the request (the container's request, its
 * security context, its properties, the thread) is the caller's own. Thread-safe; the last route
 * URIs built are kept parsed.
 */
public final class RouteRewrite {
  /** About how many route URIs are kept parsed; when full, the memo starts again empty. */
  static final int REMEMBERED_URIS = 1024;

  /** Longer URIs are parsed every time, so that the memo stays small whatever callers send. */
  static final int REMEMBERED_LENGTH = 1024;

  private final HeaderForwarding forwarding;
  private final Map<String, URI> uris = new ConcurrentHashMap<>();

  public RouteRewrite(HeaderForwarding forwarding) {
    this.forwarding = forwarding;
  }

  /** Rewrites {@code request} (a pre-matching filter's) into the GET of {@code entry}. */
  public void rewrite(
      ContainerRequestContext request,
      CatalogueEntry entry,
      TemplateMatch match,
      Map<String, String> traceHeaders) {
    URI base = request.getUriInfo().getBaseUri();
    request.setRequestUri(base, routeUri(base.toString() + RouteTarget.of(entry, match)));
    request.setMethod(HttpMethod.GET);
    MultivaluedMap<String, String> headers = request.getHeaders();
    forwarding.retainForwarded(headers);
    traceHeaders.forEach(
        (name, value) -> {
          if (forwarding.permits(name)) {
            headers.putSingle(name, value);
          }
        });
    headers.putSingle("Accept", entry.mimeType().isEmpty() ? "*/*" : entry.mimeType());
    request.setEntityStream(new ByteArrayInputStream(new byte[0]));
    Map<String, String> pathValues = new HashMap<>();
    for (String variable : entry.template().pathVariables()) {
      pathValues.put(variable, match.values().get(variable));
    }
    request.setProperty(DispatchGuard.EXPECTED_METHOD, entry.method());
    request.setProperty(DispatchGuard.EXPECTED_PATH_VALUES, pathValues);
  }

  /**
   * The route's request URI, parsed once for the last {@value #REMEMBERED_URIS} or so of up to
   * {@value #REMEMBERED_LENGTH} characters (the base URI included).
   */
  private URI routeUri(String text) {
    URI known = uris.get(text);
    if (known != null) {
      return known;
    }
    URI parsed = URI.create(text);
    if (text.length() <= REMEMBERED_LENGTH) {
      if (uris.size() >= REMEMBERED_URIS) {
        uris.clear();
      }
      uris.put(text, parsed);
    }
    return parsed;
  }
}
