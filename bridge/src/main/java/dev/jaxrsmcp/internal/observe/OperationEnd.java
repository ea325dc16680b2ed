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
 * later, when its stream closes; see {@link Observed#endsLater}).
 */
public final class OperationEnd implements ApplicationEventListener, RequestEventListener {
  private final OperationStart start;

  public OperationEnd(OperationStart start) {
    this.start = start;
  }

  @Override
  public void onEvent(ApplicationEvent event) {}

  @Override
  public RequestEventListener onRequest(RequestEvent event) {
    return this;
  }

  @Override
  public void onEvent(RequestEvent event) {
    switch (event.getType()) {
      case REQUEST_FILTERED -> {
        if (method(event).map(ResourceMethod::isManagedAsyncDeclared).orElse(false)) {
          Observed.of(event.getContainerRequest()).ifPresent(Observed::closeScopes);
        }
      }
      case RESOURCE_METHOD_FINISHED -> {
        if (method(event).map(m -> m.isSuspendDeclared() || m.isSse()).orElse(false)) {
          Observed.of(event.getContainerRequest()).ifPresent(Observed::closeScopes);
        }
      }
      case FINISHED -> finished(event);
      default -> {}
    }
  }

  private void finished(RequestEvent event) {
    ContainerRequest request = event.getContainerRequest();
    Optional<Observed> observed = start.started(request);
    if (observed.isEmpty()) {
      return;
    }
    Observed operation = observed.get();
    operation.closeScopes();
    if (operation.isEndingLater()) {
      return;
    }
    ContainerResponse response = event.getContainerResponse();
    int status = response == null ? 500 : response.getStatus();
    operation.endFor(request, status, written(operation, response));
  }

  /** The bytes of the body: as counted while written, else the entity's or declared length. */
  private static long written(Observed operation, ContainerResponse response) {
    long counted = operation.counted();
    if (counted >= 0 || response == null) {
      return counted;
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
