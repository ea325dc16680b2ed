package dev.jaxrsmcp.internal.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.context.ThreadContexts;
import dev.jaxrsmcp.internal.dispatch.HeaderForwarding;
import dev.jaxrsmcp.internal.dispatch.RouteRewrite;
import dev.jaxrsmcp.internal.dispatch.RouteShadows;
import dev.jaxrsmcp.internal.eras.LegacyProtocol;
import dev.jaxrsmcp.internal.eras.ModernProtocol;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcParser;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.longrun.LongRunningReads;
import dev.jaxrsmcp.internal.methods.Subscriptions;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.observe.Observed;
import dev.jaxrsmcp.internal.observe.RequestAttributes;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.read.Callers;
import dev.jaxrsmcp.internal.read.InPlaceStart;
import dev.jaxrsmcp.internal.readiness.StreamQueues;
import dev.jaxrsmcp.internal.security.Incidents;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.slots.ReadSlots;
import dev.jaxrsmcp.internal.spool.SpoolBudget;
import dev.jaxrsmcp.internal.stream.ListenStreams;
import dev.jaxrsmcp.internal.subscribe.ChangeHub;
import dev.jaxrsmcp.internal.subscriptions.SessionSubscriptions;
import dev.jaxrsmcp.internal.subscriptions.SubscriptionQuota;
import dev.jaxrsmcp.internal.tasks.Tasks;
import dev.jaxrsmcp.internal.time.Time;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The MCP endpoint: one URL, both eras. Reads and checks the HTTP request, routes it to the modern
 * or legacy protocol (contract section 5, step 2), and turns results and {@link JsonRpcException}s
 * into HTTP responses. This is the one place errors become JSON-RPC error objects.
 */
public final class McpEndpoint {
  /** Set on a request once {@link #arrive} looked at it. */
  static final String ARRIVED = McpEndpoint.class.getName() + ".arrived";

  private final ServerState state;
  private final JsonRpcParser parser;
  private final ModernProtocol modern;
  private final RequestGate gate;
  private final Subscriptions subscriptions;
  private final ListenStreams listens;
  private final LongRunningReads longReads;
  private final SessionStore sessions;
  private final LegacyProtocol legacy;
  private final SessionSubscriptions sessionSubscriptions;
  private final Tasks tasks;
  private final InPlaceStart inPlaceStart;
  private final dev.jaxrsmcp.internal.asking.Asking asking;
  private final ObjectNode serverInfo;
  private final Callers callers;
  private final SubscriptionQuota subscriptionQuota;
  private final ContainerInput input;
  private final StreamQueues streamQueues;
  private final ReadSlots readSlots;
  private final SessionRequests sessionRequests;

  public McpEndpoint(
      ServerState state,
      ChangeHub changes,
      LocalAddress localAddress,
      ContainerInput input,
      StreamQueues streamQueues,
      RouteShadows shadows,
      Time time,
      Supplier<ApplicationHandler> application) {
    this.input = input;
    this.streamQueues = streamQueues;
    this.state = state;
    this.parser = new JsonRpcParser(state.settings().get(LimitSettings.MAX_JSON_DEPTH));
    ToolMethods tools = new ToolMethods(state);
    SpoolBudget spoolBudget = new SpoolBudget(state.settings().get(LimitSettings.MAX_SPOOL_BYTES));
    this.tasks = TaskWiring.tasks(state, tools, spoolBudget, time);
    this.modern = new ModernProtocol(state, tasks.methods());
    this.gate = new RequestGate(state.settings(), localAddress);
    this.subscriptions = new Subscriptions(state);
    this.listens = new ListenStreams(state, changes, modern::serverInfo);
    this.longReads = new LongRunningReads(state, changes.scheduler(), spoolBudget);
    this.readSlots = new ReadSlots(state.settings(), time, changes.scheduler());
    this.sessions = SessionSetup.store(state.settings(), time);
    this.legacy = new LegacyProtocol(state, sessions, Map.of());
    this.subscriptionQuota =
        new SubscriptionQuota(
            state.settings().get(SubscriptionSettings.MAX_SUBSCRIPTIONS_PER_CALLER));
    this.sessionSubscriptions =
        new SessionSubscriptions(changes, subscriptions, sessions, subscriptionQuota);
    this.serverInfo = modern.serverInfo();
    this.callers = new Callers(state.settings().get(SecuritySettings.CALLER_KEY));
    this.sessionRequests =
        new SessionRequests(
            state.settings(), callers, legacy, sessions, sessionSubscriptions, streamQueues);
    this.asking =
        new dev.jaxrsmcp.internal.asking.Asking(
            new dev.jaxrsmcp.internal.asking.RequestState(
                state.settings().get(SecuritySettings.REQUEST_STATE_KEY),
                time.clock(),
                state.settings().get(SecuritySettings.ASK_TIMEOUT),
                state.settings().get(SecuritySettings.SESSION_BINDING)));
    this.inPlaceStart =
        new InPlaceStart(
            state,
            modern,
            legacy,
            sessions,
            tools,
            tasks,
            readSlots,
            longReads,
            new RouteRewrite(
                new HeaderForwarding(
                    state.settings().get(SecuritySettings.FORWARD_ONLY_HEADERS),
                    state.settings().get(SecuritySettings.NEVER_FORWARD_HEADERS)),
                shadows),
            callers,
            new ThreadContexts(state.settings().get(LongRunningSettings.CONTEXT_CARRIERS)),
            asking,
            streamQueues,
            application);
  }

  /**
   * The first look at every request to the endpoint, from {@link McpRequestFilter} before any
   * application filter: Origin and Host, then for a POST the body, read and parsed once. A read
   * that targets one route is rewritten in place into the route's {@code GET} (contract section 7);
   * anything else goes on to the endpoint's resource methods with the parsed message.
   *
   * @return the response that ends the request here, if any
   */
  Optional<Response> arrive(ContainerRequest request) {
    request.setProperty(ARRIVED, Boolean.TRUE);
    RequestAttributes.headers(request);
    Optional<Response> refused = gate.refuse(request);
    if (refused.isPresent() || !"POST".equals(request.getMethod())) {
      return refused;
    }
    byte[] body;
    try {
      body = gate.readBody(request);
    } catch (JsonRpcException e) {
      return Optional.of(failed(request, Optional.empty(), e));
    }
    Incoming incoming = Incoming.parse(body, parser);
    request.setProperty(Incoming.PROPERTY, incoming);
    Optional<JsonRpcRequest> parsed = incoming.message();
    parsed.ifPresent(message -> RequestAttributes.message(request, message));
    if (parsed.isEmpty() || parsed.get().isNotification()) {
      return Optional.empty();
    }
    JsonRpcRequest message = parsed.get();
    if (!"resources/read".equals(message.method())
        && !"tools/call".equals(message.method())
        && !"prompts/get".equals(message.method())) {
      return Optional.empty();
    }
    try {
      return inPlaceStart.start(request, message, Callers.beforeFilters(request), body);
    } catch (JsonRpcException e) {
      return Optional.of(failed(request, message.id(), e));
    } catch (RuntimeException e) {
      return Optional.of(
          failed(
              request,
              message.id(),
              Incidents.report("MCP request " + message.method(), message.id(), e)));
    }
  }

  public Response post(ContainerRequestContext context) {
    ContainerRequest request = (ContainerRequest) context;
    Incoming incoming =
        request.getProperty(Incoming.PROPERTY) instanceof Incoming in
            ? in
            : Incoming.parse(gate.readBody(request), parser);
    // No response keeps the request's body (a listen's stream keeps its request for as long as it
    // is open): what is needed of the message is taken from it below.
    request.removeProperty(Incoming.PROPERTY);
    Caller caller = callers.afterFilters(request);
    if (incoming.message().isEmpty()) {
      JsonRpcParser.IdentifiedException e = incoming.failure().orElseThrow();
      if (Callers.hasSession(caller)
          && LegacyProtocol.isClientResponse(
              incoming.body(), state.settings().get(LimitSettings.MAX_JSON_DEPTH))) {
        return acceptClientResponse(caller, incoming.body());
      }
      return failed(request, e.id(), e.error());
    }
    JsonRpcRequest message = incoming.message().get();
    if (request.getProperty(RequestAttributes.METHOD) == null) {
      RequestAttributes.message(request, message); // parsed here, not on arrival
    }
    try {
      if (Callers.isLegacy(message, caller)) {
        Response answer = legacyPost(message, caller);
        String started = answer.getHeaderString(LegacyProtocol.SESSION_HEADER);
        if (started != null) {
          RequestAttributes.session(request, started);
          sessionRequests.observe(request, started);
        }
        return answer;
      }
      if (message.isNotification()) {
        return Response.accepted().build();
      }
      if ("subscriptions/listen".equals(message.method())) {
        return listen(message, caller, request);
      }
      ObjectNode result = modern.handle(message, caller);
      return json(200, JsonRpcMessages.result(message.id().get(), result));
    } catch (JsonRpcException e) {
      return failed(request, message.id(), e);
    } catch (RuntimeException e) {
      return failed(
          request,
          message.id(),
          Incidents.report("MCP request " + message.method(), message.id(), e));
    }
  }

  /**
   * A legacy POST: {@code initialize} without a session starts one; everything else needs a live
   * session, and notifications are acknowledged with 202.
   */
  private Response legacyPost(JsonRpcRequest message, Caller caller) {
    if (!Callers.hasSession(caller)
        && "initialize".equals(message.method())
        && !message.isNotification()) {
      LegacyProtocol.Handshake handshake = legacy.initialize(message, caller);
      return Response.ok()
          .type(MediaType.APPLICATION_JSON_TYPE)
          .header(LegacyProtocol.SESSION_HEADER, handshake.session().id())
          .entity(Json.writeBytes(JsonRpcMessages.result(message.id().get(), handshake.result())))
          .build();
    }
    Session session = legacy.session(caller, "'" + message.method() + "'");
    session.enter();
    sessions.confirm(session); // notifications/initialized, or any later request
    try {
      if (message.isNotification()) {
        if ("notifications/cancelled".equals(message.method())) {
          JsonNode requestId = message.params().get("requestId");
          if (requestId != null) {
            sessions.cancel(session, Json.write(requestId)); // here, or where it runs
          }
        }
        return Response.accepted().build();
      }
      ObjectNode result =
          SessionSubscriptions.handles(message.method())
              ? sessionSubscriptions.handle(legacy.call(message, caller, session), session)
              : legacy.handle(message, caller, session);
      return json(200, JsonRpcMessages.result(message.id().get(), result));
    } finally {
      session.exit();
    }
  }

  /**
   * A client's JSON-RPC response (to a server request) on a live session: handed to the call that
   * waits for it on that session, if one does, and acknowledged.
   */
  private Response acceptClientResponse(Caller caller, byte[] body) {
    try {
      Session session = legacy.session(caller, "a JSON-RPC response");
      session.touch();
      try {
        asking
            .pending()
            .answered(
                session.id(),
                Json.reader(state.settings().get(LimitSettings.MAX_JSON_DEPTH)).readTree(body));
      } catch (java.io.IOException e) {
        // isClientResponse parsed it already; nothing waits for what cannot be read.
      }
      return Response.accepted().build();
    } catch (JsonRpcException e) {
      return error(Optional.empty(), e);
    }
  }

  /** See {@link SessionRequests#get}. */
  public Response get(ContainerRequestContext context) {
    return sessionRequests.get((ContainerRequest) context);
  }

  /** See {@link SessionRequests#delete}. */
  public Response delete(ContainerRequestContext context) {
    return sessionRequests.delete((ContainerRequest) context);
  }

  /**
   * Modern {@code subscriptions/listen}: validated, its places in the caller's quotas taken (a
   * stream, and one subscription per URI it names, contract section 15), planned, then streamed.
   */
  private Response listen(JsonRpcRequest message, Caller caller, ContainerRequest request) {
    input.release(); // the stream keeps the request open: not its body
    McpCall call = modern.accept(message, caller);
    String owner = legacy.quotaKey(caller);
    Runnable stream = listens.reserve(owner);
    List<Runnable> held = new java.util.ArrayList<>(List.of(stream));
    Runnable release = () -> held.forEach(Runnable::run);
    Optional<Observed> observed = Observed.endsWhenClosed(request, held::add);
    boolean opened = false;
    try {
      ListenPlan plan =
          subscriptions.plan(call, count -> held.add(subscriptionQuota.take(owner, count, null)));
      streamQueues.bound(request);
      Response response = listens.open(plan, caller, request, release);
      opened = true;
      return response;
    } finally {
      if (!opened) {
        observed.ifPresent(o -> o.endsLater(false)); // with the request's error
        release.run();
      }
    }
  }

  /** The error response, its code told to the request's observers. */
  static Response failed(ContainerRequest request, Optional<JsonNode> id, JsonRpcException e) {
    Observed.errorCode(request, e.code());
    return error(id, e);
  }

  /**
   * The server's identity, as modern results carry it: built once, shared by every read's envelope
   * (only ever serialized, never changed).
   */
  public ObjectNode serverInfo() {
    return serverInfo;
  }

  /** Ends listens, long reads and every legacy session (closing their notification streams). */
  public void shutdown() {
    tasks.shutdown();
    readSlots.close(
        new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Server is shutting down")
            .withHttpStatus(503));
    listens.shutdown();
    longReads.shutdown();
    sessions.shutdown();
  }

  public static Response error(Optional<JsonNode> id, JsonRpcException e) {
    Response.ResponseBuilder response =
        Response.status(e.httpStatus())
            .type(MediaType.APPLICATION_JSON_TYPE)
            .entity(Json.writeBytes(JsonRpcMessages.error(id, e)));
    for (Map.Entry<String, List<String>> header : e.httpHeaders().entrySet()) {
      header.getValue().forEach(v -> response.header(header.getKey(), v));
    }
    return response.build();
  }

  static Response json(int status, ObjectNode message) {
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(Json.writeBytes(message))
        .build();
  }
}
