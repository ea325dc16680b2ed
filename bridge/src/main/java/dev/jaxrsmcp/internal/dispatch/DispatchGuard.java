package dev.jaxrsmcp.internal.dispatch;

import jakarta.annotation.Priority;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ExtendedUriInfo;
import org.glassfish.jersey.server.internal.routing.UriRoutingContext;
import org.glassfish.jersey.server.model.ResourceMethod;

/**
 * Makes sure an in-process read only ever runs the method its URI matched, and a tool call only its
 * route's method, with that route's HTTP method ({@code GET} for every read). Runs first among
 * post-matching filters; for a bridge request whose request Jersey matched to any other method,
 * with another HTTP method, or with other path parameter values than the URI bound, it aborts with
 * 404 before anything else runs, and detaches the matched method so that its name-bound response
 * filters and writer interceptors do not run on the 404 either. Ordinary HTTP requests pass
 * untouched.
 */
@Priority(Integer.MIN_VALUE)
public final class DispatchGuard implements ContainerRequestFilter {
  public static final String EXPECTED_METHOD = "dev.jaxrsmcp.dispatch.expectedMethod";
  public static final String EXPECTED_PATH_VALUES = "dev.jaxrsmcp.dispatch.expectedPathValues";

  /**
   * The HTTP method the request may run: an {@code @McpTool} call's route's; {@code GET} when not
   * set (every read).
   */
  public static final String EXPECTED_HTTP_METHOD = "dev.jaxrsmcp.dispatch.expectedHttpMethod";

  public static final String REJECTED = "dev.jaxrsmcp.dispatch.rejected";

  @Override
  public void filter(ContainerRequestContext request) {
    Object expected = request.getProperty(EXPECTED_METHOD);
    if (!(expected instanceof Method expectedMethod)) {
      return;
    }
    ExtendedUriInfo uriInfo = (ExtendedUriInfo) request.getUriInfo();
    ResourceMethod matched = uriInfo.getMatchedResourceMethod();
    String httpMethod =
        request.getProperty(EXPECTED_HTTP_METHOD) instanceof String m ? m : HttpMethod.GET;
    boolean sameMethod =
        matched != null
            && expectedMethod.equals(matched.getInvocable().getHandlingMethod())
            && httpMethod.equals(matched.getHttpMethod())
            && httpMethod.equals(request.getMethod());
    if (!sameMethod || !samePathValues(request, uriInfo)) {
      request.setProperty(REJECTED, Boolean.TRUE);
      detachMatchedMethod(uriInfo);
      request.abortWith(Response.status(Response.Status.NOT_FOUND).build());
    }
  }

  /**
   * Jersey takes the name-bound response filters and writer interceptors of an aborted request from
   * the matched endpoint; without one, only the application's global providers apply, as for a
   * request that matched nothing.
   */
  private static void detachMatchedMethod(ExtendedUriInfo uriInfo) {
    if (uriInfo instanceof UriRoutingContext routing) {
      routing.setEndpoint(null);
    }
  }

  @SuppressWarnings("unchecked")
  private static boolean samePathValues(ContainerRequestContext request, ExtendedUriInfo uriInfo) {
    Map<String, String> expected = (Map<String, String>) request.getProperty(EXPECTED_PATH_VALUES);
    Map<String, List<String>> actual = uriInfo.getPathParameters(true);
    if (actual.size() != expected.size()) {
      return false;
    }
    for (Map.Entry<String, List<String>> e : actual.entrySet()) {
      String value = expected.get(e.getKey());
      List<String> values = e.getValue();
      if (value == null || values == null || values.isEmpty()) {
        return false;
      }
      for (int i = 0; i < values.size(); i++) {
        if (!value.equals(values.get(i))) {
          return false;
        }
      }
    }
    return true;
  }
}
