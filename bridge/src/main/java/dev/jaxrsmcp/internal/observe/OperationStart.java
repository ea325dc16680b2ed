package dev.jaxrsmcp.internal.observe;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Optional;
import java.util.function.Predicate;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.monitoring.ApplicationEvent;
import org.glassfish.jersey.server.monitoring.ApplicationEventListener;
import org.glassfish.jersey.server.monitoring.RequestEvent;
import org.glassfish.jersey.server.monitoring.RequestEventListener;

/**
 * Starts the operation of each request to the MCP endpoint, through Jersey's monitoring events,
 * registered first of the application's listeners ({@code Integer.MIN_VALUE}): at {@code
 * MATCHING_START}, once the bridge's pre-matching filter has read the message and rewritten a read
 * into its route, on the thread that will run the route, and before any other listener starts an
 * observation of its own for the request (Micrometer's Jersey instrumentation does at {@code
 * REQUEST_MATCHED}), so that the route's own HTTP span is a child of the operation's (the client's
 * trace headers withheld from it then, {@link RouteTraceHeaders}). Also notes what the route threw.
 * {@link OperationEnd} ends the operation.
 */
public final class OperationStart implements ApplicationEventListener {
  private final Observers observers;
  private final Predicate<ContainerRequestContext> atEndpoint;

  /**
   * @param atEndpoint whether a request is for the MCP endpoint, by its path: any other request of
   *     the application is not watched, so that Jersey makes no monitoring events for it
   */
  public OperationStart(Observers observers, Predicate<ContainerRequestContext> atEndpoint) {
    this.observers = observers;
    this.atEndpoint = atEndpoint;
  }

  @Override
  public void onEvent(ApplicationEvent event) {}

  @Override
  public RequestEventListener onRequest(RequestEvent event) {
    if (!atEndpoint.test(event.getContainerRequest()) || !observers.anyEnabled()) {
      return null; // and OperationEnd, finding no watch, none either
    }
    RequestWatch watch = new RequestWatch(event.getContainerRequest());
    event.getContainerRequest().setProperty(RequestWatch.PROPERTY, watch);
    return e -> onEvent(e, watch);
  }

  private void onEvent(RequestEvent event, RequestWatch watch) {
    switch (event.getType()) {
      case MATCHING_START ->
          started(event.getContainerRequest(), watch)
              .ifPresent(
                  observed -> {
                    observed.openScopes();
                    RouteTraceHeaders.withholdWhenTraced(event.getContainerRequest(), observed);
                  });
      case ON_EXCEPTION -> {
        if (event.getExceptionCause() == RequestEvent.ExceptionCause.ORIGINAL
            && !clientError(event.getException())) {
          started(event.getContainerRequest(), watch)
              .ifPresent(o -> o.thrown(event.getException()));
        }
      }
      default -> {}
    }
  }

  /**
   * The request's operation, started now if it is a request to the endpoint not yet observed; only
   * while the request is alive (before its response was written).
   */
  Optional<Observed> started(ContainerRequest request, RequestWatch watch) {
    Optional<Observed> known = watch.observed;
    if (known.isPresent() || request == null || !RequestAttributes.atEndpoint(request)) {
      return known;
    }
    Observed started = observers.start(RequestAttributes.operation(request));
    request.setProperty(Observed.PROPERTY, started);
    started.earlyErrorCode(request);
    watch.observed = Optional.of(started);
    return watch.observed;
  }

  /** A refusal the application mapped to a status below 500, wrapped by Jersey or not. */
  private static boolean clientError(Throwable e) {
    return Observed.unwrapped(e) instanceof WebApplicationException w
        && w.getResponse() != null
        && w.getResponse().getStatus() < 500;
  }
}
