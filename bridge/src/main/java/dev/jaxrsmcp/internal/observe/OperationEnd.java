package dev.jaxrsmcp.internal.observe;

import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.model.ResourceMethod;
import org.glassfish.jersey.server.monitoring.ApplicationEvent;
import org.glassfish.jersey.server.monitoring.ApplicationEventListener;
import org.glassfish.jersey.server.monitoring.RequestEvent;
import org.glassfish.jersey.server.monitoring.RequestEventListener;

/**
 * Closes an operation's scopes and ends it, through Jersey's monitoring events, registered last of
 * the application's listeners ({@code Integer.MAX_VALUE}), so that scopes other listeners opened
 * inside the operation's are closed before it. Scopes close on the thread that opened them when
 * Jersey is done with the request there: before a {@code @ManagedAsync} method (it runs on another
 * thread), when a method that suspended ({@code @Suspended}, SSE) returned, else at {@code
 * FINISHED}. The operation ends at {@code FINISHED}, whichever thread writes the response (a listen
 * later, when its stream closes; see {@link Observed#endsLater}). What the end reports of the
 * request (caller, route, template) is taken before the response is written: by {@code FINISHED} an
 * async request may be recycled by its container.
 */
public final class OperationEnd implements ApplicationEventListener {
  private final OperationStart start;

  public OperationEnd(OperationStart start) {
    this.start = start;
  }

  @Override
  public void onEvent(ApplicationEvent event) {}

  @Override
  public RequestEventListener onRequest(RequestEvent event) {
    ContainerRequest request = event.getContainerRequest();
    return request.getProperty(RequestWatch.PROPERTY) instanceof RequestWatch w
            && w.watches(request)
        ? e -> onEvent(e, w)
        : null;
  }

  private void onEvent(RequestEvent event, RequestWatch watch) {
    switch (event.getType()) {
      case REQUEST_FILTERED -> {
        if (method(event).map(ResourceMethod::isManagedAsyncDeclared).orElse(false)) {
          watch.observed.ifPresent(Observed::closeScopes);
        }
      }
      case RESOURCE_METHOD_FINISHED -> {
        if (method(event).map(m -> m.isSuspendDeclared() || m.isSse()).orElse(false)) {
          watch.observed.ifPresent(Observed::closeScopes);
        }
      }
      case RESP_FILTERS_FINISHED -> {
        ContainerRequest request = event.getContainerRequest();
        if (start.started(request, watch).isPresent()) {
          watch.caller = RequestAttributes.callerOf(request);
          watch.route = RequestAttributes.property(request, RequestAttributes.ROUTE);
          watch.template = RequestAttributes.property(request, RequestAttributes.TEMPLATE);
        }
      }
      case FINISHED -> finished(event, watch);
      default -> {}
    }
  }

  private void finished(RequestEvent event, RequestWatch watch) {
    if (watch.observed.isEmpty()) {
      return; // not a request to the endpoint (or one that never reached the response filters)
    }
    Observed operation = watch.observed.get();
    operation.closeScopes();
    if (operation.isEndingLater()) {
      return;
    }
    ContainerResponse response = event.getContainerResponse();
    int status = response == null ? 500 : response.getStatus();
    operation.end(status, watch.caller, watch.route, watch.template, written(operation, response));
  }

  /** The bytes of the body: as counted while written, else the entity's or declared length. */
  private static long written(Observed operation, ContainerResponse response) {
    long counted = operation.counted();
    if (counted >= 0 || response == null) {
      return Math.max(counted, 0);
    }
    if (response.getEntity() instanceof byte[] body) {
      return body.length;
    }
    return Math.max(response.getLength(), 0);
  }

  private static Optional<ResourceMethod> method(RequestEvent event) {
    return event.getUriInfo() == null
        ? Optional.empty()
        : Optional.ofNullable(event.getUriInfo().getMatchedResourceMethod());
  }
}
