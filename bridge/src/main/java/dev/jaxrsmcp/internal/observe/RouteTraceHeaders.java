package dev.jaxrsmcp.internal.observe;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.List;

/**
 * The headers that carry a trace from one process to the next (W3C trace context and baggage,
 * Zipkin's B3). A route run in place does not take them from the client when an observer's scope
 * makes the operation's own span current ({@link Observed#carriesTrace()}): the application's HTTP
 * tracing would make the client's span the route's parent, and the route's span a sibling of the
 * operation's instead of its child.
 */
final class RouteTraceHeaders {
  private static final List<String> NAMES =
      List.of(
          "traceparent",
          "tracestate",
          "baggage",
          "b3",
          "x-b3-traceid",
          "x-b3-spanid",
          "x-b3-parentspanid",
          "x-b3-sampled",
          "x-b3-flags");

  private RouteTraceHeaders() {}

  /**
   * Removes the trace headers from the route's request when the operation's span is current: at
   * {@code MATCHING_START}, after the bridge rewrote the request and before the application's HTTP
   * instrumentation reads them.
   *
   * @param request the request rewritten into the route's, its headers in a map whose keys compare
   *     without case (Jersey's)
   */
  static void withholdWhenTraced(ContainerRequestContext request, Observed observed) {
    if (observed.carriesTrace()) {
      MultivaluedMap<String, String> headers = request.getHeaders();
      for (String name : NAMES) {
        headers.remove(name);
      }
    }
  }
}
