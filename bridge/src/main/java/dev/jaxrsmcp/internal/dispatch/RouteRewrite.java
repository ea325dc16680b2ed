package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.observe.RequestAttributes;
import dev.jaxrsmcp.internal.protocol.RouteCall;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * Rewrites an MCP request in place into its route's {@code GET} (contract section 7), or a tool
 * call into its {@code @McpTool} route's own request (section 13: its HTTP method, header arguments
 * and JSON entity, see {@link RouteCall}), as Jersey's own pre-matching filters rewrite method and
 * URI: the request URI becomes the route's path with each variable percent-encoded ({@link
 * RouteTarget}), the method {@code GET}, {@code Accept} the resource's type; only the forwarded
 * headers stay ({@link HeaderForwarding}), with the trace context of {@code _meta}; the body is
 * gone. The {@link DispatchGuard} is told which method and path values the read may run. Everything
 * else of the request (the container's request, its security context, its properties, the thread)
 * is the caller's own. Thread-safe; what follows from a recently read URI alone is kept ({@link
 * RoutePlans}).
 */
public final class RouteRewrite {
  private static final byte[] NO_BODY = new byte[0];

  private final HeaderForwarding forwarding;
  private final RouteShadows shadows;
  private final RoutePlans plans = new RoutePlans();

  public RouteRewrite(HeaderForwarding forwarding, RouteShadows shadows) {
    this.forwarding = forwarding;
    this.shadows = shadows;
  }

  /**
   * Rewrites {@code request} (a pre-matching filter's) into the GET of {@code entry}, whose
   * template {@code uri} matched as {@code match}.
   *
   * @throws ShadowedRouteException when Jersey would route the GET to a sub-resource locator or to
   *     another resource's method ({@link RouteShadows}); nothing is changed then, and no code of
   *     the application has run
   */
  public void rewrite(
      ContainerRequest request,
      CatalogueEntry entry,
      TemplateMatch match,
      String uri,
      Map<String, String> traceHeaders) {
    rewrite(request, entry, match, uri, traceHeaders, RouteCall.READ);
  }

  /**
   * Rewrites {@code request} into {@code call}'s request of {@code entry}'s route (see {@link
   * #rewrite(ContainerRequest, CatalogueEntry, TemplateMatch, String, Map)}): its HTTP method, its
   * header arguments over the forwarded headers, its JSON entity ({@code Content-Type:
   * application/json}). The guard is told the method and the HTTP method it may run.
   */
  public void rewrite(
      ContainerRequest request,
      CatalogueEntry entry,
      TemplateMatch match,
      String uri,
      Map<String, String> traceHeaders,
      RouteCall call) {
    RoutePlan plan = plans.plan(entry, match, uri);
    Optional<String> shadow = plan.shadow(shadows, call.httpMethod());
    if (shadow.isPresent()) {
      throw new ShadowedRouteException(entry, uri, shadow.get());
    }
    URI base = request.getUriInfo().getBaseUri();
    URI target = plan.requestUri(base);
    request.setRequestUri(base, target); // refused outside pre-matching filters
    // the same check again would cost as much
    request.setMethodWithoutException(call.httpMethod());
    MultivaluedMap<String, String> headers = request.getHeaders();
    forwarding.retainForwarded(headers);
    traceHeaders.forEach(
        (name, value) -> {
          if (forwarding.permits(name)) {
            headers.putSingle(name, value);
          }
        });
    // Declared arguments of the route (never a header the caller's request decides, see the scan)
    call.headers().forEach(headers::putSingle);
    headers.putSingle("Accept", entry.mimeType().isEmpty() ? "*/*" : entry.mimeType());
    if (call.body().isPresent()) {
      byte[] body = call.body().get();
      headers.putSingle("Content-Type", "application/json");
      headers.putSingle("Content-Length", Integer.toString(body.length));
      request.setEntityStream(new ByteArrayInputStream(body));
    } else {
      request.setEntityStream(new ByteArrayInputStream(NO_BODY));
    }
    request.setProperty(DispatchGuard.EXPECTED_METHOD, entry.method());
    request.setProperty(DispatchGuard.EXPECTED_PATH_VALUES, plan.pathValues());
    if (!HttpMethod.GET.equals(call.httpMethod())) {
      request.setProperty(DispatchGuard.EXPECTED_HTTP_METHOD, call.httpMethod());
    }
    RequestAttributes.route(
        request,
        call.httpMethod(),
        target.getRawPath() + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery()));
  }
}
