package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.eras.LegacyProtocol;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.observe.Observed;
import dev.jaxrsmcp.internal.observe.RequestAttributes;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.read.Callers;
import dev.jaxrsmcp.internal.readiness.StreamQueues;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.sharedsessions.SessionStoreUnavailableException;
import dev.jaxrsmcp.internal.stream.SseStream;
import dev.jaxrsmcp.internal.subscriptions.SessionSubscriptions;
import dev.jaxrsmcp.observe.McpOperation;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * What the endpoint does with a legacy session besides its POSTs: the GET that opens its
 * notification stream, the DELETE that ends it, and the observation of its lifetime from {@code
 * initialize} to its end.
 */
final class SessionRequests {
  private final Settings settings;
  private final Callers callers;
  private final LegacyProtocol legacy;
  private final SessionStore sessions;
  private final SessionSubscriptions sessionSubscriptions;
  private final StreamQueues streamQueues;

  SessionRequests(
      Settings settings,
      Callers callers,
      LegacyProtocol legacy,
      SessionStore sessions,
      SessionSubscriptions sessionSubscriptions,
      StreamQueues streamQueues) {
    this.settings = settings;
    this.callers = callers;
    this.legacy = legacy;
    this.sessions = sessions;
    this.sessionSubscriptions = sessionSubscriptions;
    this.streamQueues = streamQueues;
  }

  /**
   * GET with a session opens the session's notification stream (SSE); without one there is no
   * stream to offer: 405 to a modern client, 400 to a 2025-era one (see {@link
   * SessionlessAnswers}).
   */
  Response get(ContainerRequest request) {
    Caller caller = callers.afterFilters(request);
    if (!Callers.hasSession(caller)) {
      return McpEndpoint.failed(request, Optional.empty(), SessionlessAnswers.get(caller));
    }
    if (!acceptsEventStream(request)) {
      return McpEndpoint.failed(
          request,
          Optional.empty(),
          new JsonRpcException(
                  ErrorCodes.INVALID_REQUEST,
                  "Not Acceptable: GET opens the session's notification stream; its Accept header"
                      + " must allow text/event-stream (found '"
                      + request.getHeaderString("Accept")
                      + "')")
              .withHttpStatus(406));
    }
    Session session;
    try {
      session = legacy.session(caller, "GET");
    } catch (JsonRpcException e) {
      return McpEndpoint.failed(request, Optional.empty(), e);
    }
    SseStream stream =
        new SseStream(settings.get(SubscriptionSettings.MAX_UNSENT_BYTES), Optional.empty());
    sessions.confirm(session);
    sessions.attach(session, stream); // replaces the session's stream, here or elsewhere
    sessionSubscriptions.streamOpened(session);
    streamQueues.bound(request);
    Observed.endsWhenClosed(request, stream::onClose); // as a listen, for whatever reason
    return stream.answer(request);
  }

  /** DELETE with a session ends it (204); without one there is nothing to end (405). */
  Response delete(ContainerRequest request) {
    Caller caller = callers.afterFilters(request);
    if (!Callers.hasSession(caller)) {
      return McpEndpoint.failed(request, Optional.empty(), SessionlessAnswers.delete());
    }
    try {
      sessions.end(legacy.session(caller, "DELETE").id());
      return Response.noContent().build();
    } catch (JsonRpcException e) {
      return McpEndpoint.failed(request, Optional.empty(), e);
    } catch (SessionStoreUnavailableException e) {
      return McpEndpoint.failed(request, Optional.empty(), SessionOutage.notEnded(e));
    }
  }

  /**
   * Observes the legacy session an {@code initialize} started, as an operation of its own that ends
   * with the session (DELETE, idle expiry, shutdown).
   */
  void observe(ContainerRequest request, String id) {
    Optional<Observed> observed = Observed.of(request);
    if (observed.isEmpty()) {
      return;
    }
    McpOperation initialize = observed.get().operation();
    Optional<Session> session;
    try {
      session = sessions.find(id);
    } catch (RuntimeException e) {
      return; // the store's outage is logged by the store; the session is not observed
    }
    if (session.isPresent()) {
      Observed lifetime =
          observed
              .get()
              .startAlso(
                  new McpOperation(
                      McpOperation.Kind.SESSION,
                      "session",
                      initialize.protocolVersion(),
                      Optional.of(id),
                      Optional.empty(),
                      Optional.empty(),
                      Optional.empty()));
      String caller = RequestAttributes.callerOf(request);
      session.get().onEnd(() -> lifetime.end(0, caller, Optional.empty(), Optional.empty(), 0));
    }
  }

  /** Whether a GET may be answered with a stream (no Accept means anything goes). */
  private static boolean acceptsEventStream(ContainerRequest request) {
    return request.getAcceptableMediaTypes().stream()
        .anyMatch(type -> type.isCompatible(MediaType.SERVER_SENT_EVENTS_TYPE));
  }
}
