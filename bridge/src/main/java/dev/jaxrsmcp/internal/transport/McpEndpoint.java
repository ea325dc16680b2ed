package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcParser;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.LegacyProtocol;
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ModernProtocol;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.protocol.SpooledResult;
import dev.jaxrsmcp.internal.protocol.Subscriptions;
import dev.jaxrsmcp.internal.protocol.ToolMethods;
import dev.jaxrsmcp.internal.security.Incidents;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.session.SessionRead;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.session.SessionStoreUnavailableException;
import dev.jaxrsmcp.internal.subscribe.ChangeHub;
import dev.jaxrsmcp.internal.template.TemplateIndex;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The MCP endpoint: one URL, both eras. Reads and checks the HTTP request, routes it to the modern
 * or legacy protocol (contract section 5, step 2), and turns results and {@link JsonRpcException}s
 * into HTTP responses. This is the one place errors become JSON-RPC error objects.
 */
final class McpEndpoint {

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
  private final ToolMethods tools;

  McpEndpoint(ServerState state, ChangeHub changes) {
    this.state = state;
    this.parser = new JsonRpcParser(state.settings().maxJsonDepth());
    this.modern = new ModernProtocol(state, Map.of());
    this.gate = new RequestGate(state.settings());
    this.subscriptions = new Subscriptions(state);
    this.listens = new ListenStreams(state, changes, modern::serverInfo);
    this.longReads = new LongRunningReads(state, changes.scheduler(), modern::serverInfo);
    this.sessions = SessionSetup.store(state.settings());
    this.legacy = new LegacyProtocol(state, sessions, Map.of());
    this.sessionSubscriptions = new SessionSubscriptions(changes, subscriptions, sessions);
    this.tools = new ToolMethods(state);
  }

  Response post(ContainerRequestContext context) {
    ContainerRequest request = (ContainerRequest) context;
    Optional<Response> refused = gate.refuse(request);
    if (refused.isPresent()) {
      return refused.get();
    }
    byte[] body;
    try {
      body = gate.readBody(request);
    } catch (JsonRpcException e) {
      return error(Optional.empty(), e);
    }
    Caller caller = caller(request);
    JsonRpcRequest message;
    try {
      message = parser.parse(body);
    } catch (JsonRpcParser.IdentifiedException e) {
      if (hasSession(caller)
          && LegacyProtocol.isClientResponse(body, state.settings().maxJsonDepth())) {
        return acceptClientResponse(caller);
      }
      return error(e.id(), e.error());
    }
    try {
      if (isLegacy(message, caller)) {
        return legacyPost(message, caller, SessionSetup.remoteAddress(context));
      }
      if (message.isNotification()) {
        return Response.accepted().build();
      }
      if ("subscriptions/listen".equals(message.method())) {
        return listen(message, caller);
      }
      if (isLongRunning(message)) {
        return longRead(modern.accept(message, caller), Optional.empty());
      }
      ObjectNode result = modern.handle(message, caller);
      return json(200, JsonRpcMessages.result(message.id().get(), result));
    } catch (JsonRpcException e) {
      return error(message.id(), e);
    } catch (RuntimeException e) {
      return error(
          message.id(), Incidents.report("MCP request " + message.method(), message.id(), e));
    }
  }

  /**
   * A legacy POST: {@code initialize} without a session starts one; everything else needs a live
   * session, and notifications are acknowledged with 202.
   */
  private Response legacyPost(JsonRpcRequest message, Caller caller, Optional<String> address) {
    if (!hasSession(caller) && "initialize".equals(message.method()) && !message.isNotification()) {
      LegacyProtocol.Handshake handshake = legacy.initialize(message, caller, address);
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
      if (isLongRunning(message)) {
        return longRead(
            legacy.call(message, caller, session),
            Optional.of(new SessionRead(session, message.id().get())));
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

  /** A client's JSON-RPC response (to a server request) on a live session: acknowledged. */
  private Response acceptClientResponse(Caller caller) {
    try {
      legacy.session(caller, "a JSON-RPC response").touch();
      return Response.accepted().build();
    } catch (JsonRpcException e) {
      return error(Optional.empty(), e);
    }
  }

  /**
   * GET with a session opens the session's notification stream (SSE); without one there is no
   * stream to offer (405, as the modern era answers every GET).
   */
  Response get(ContainerRequestContext context) {
    ContainerRequest request = (ContainerRequest) context;
    Optional<Response> refused = gate.refuse(request);
    if (refused.isPresent()) {
      return refused.get();
    }
    Caller caller = caller(request);
    if (!hasSession(caller)) {
      return notAllowed();
    }
    if (!acceptsEventStream(request)) {
      return error(
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
      return error(Optional.empty(), e);
    }
    SseStream stream = new SseStream();
    sessions.confirm(session);
    sessions.attach(session, stream); // replaces the session's stream, here or elsewhere
    sessionSubscriptions.streamOpened(session);
    return stream.response();
  }

  /** DELETE with a session ends it (204); without one there is nothing to end (405). */
  Response delete(ContainerRequestContext context) {
    ContainerRequest request = (ContainerRequest) context;
    Optional<Response> refused = gate.refuse(request);
    if (refused.isPresent()) {
      return refused.get();
    }
    Caller caller = caller(request);
    if (!hasSession(caller)) {
      return notAllowed();
    }
    try {
      sessions.end(legacy.session(caller, "DELETE").id());
      return Response.noContent().build();
    } catch (JsonRpcException e) {
      return error(Optional.empty(), e);
    } catch (SessionStoreUnavailableException e) {
      return error(Optional.empty(), SessionOutage.notEnded(e));
    }
  }

  /** Modern {@code subscriptions/listen}: validated, planned, then streamed. */
  private Response listen(JsonRpcRequest message, Caller caller) {
    McpCall call = modern.accept(message, caller);
    listens.reserve();
    boolean opened = false;
    try {
      ListenPlan plan = subscriptions.plan(call);
      Response response = listens.open(plan, caller);
      opened = true;
      return response;
    } finally {
      if (!opened) {
        listens.unreserve();
      }
    }
  }

  /** Whether {@code message} runs a long-running route: a read of it, or a call of its tool. */
  private boolean isLongRunning(JsonRpcRequest message) {
    return switch (message.method()) {
      case "resources/read" -> longRunningResource(message).isPresent();
      case "tools/call" -> tools.callsLongRunning(message);
      default -> false;
    };
  }

  /**
   * Answers a validated long-running {@code resources/read} or {@code tools/call} through {@link
   * LongRunningReads}.
   */
  private Response longRead(McpCall call, Optional<Object> cancelKey) {
    boolean eventStream = acceptsEventStream(call.caller());
    if ("tools/call".equals(call.request().method())) {
      ToolMethods.ToolRead read = tools.resolve(call);
      return longReads.read(
          SpooledResult.Kind.TOOL_CALL,
          call,
          read.entry(),
          read.match(),
          read.uri(),
          eventStream,
          cancelKey);
    }
    TemplateIndex.Found<CatalogueEntry> found = longRunningResource(call.request()).orElseThrow();
    return longReads.read(
        SpooledResult.Kind.RESOURCE_READ,
        call,
        found.value(),
        found.match(),
        call.request().params().get("uri").textValue(),
        eventStream,
        cancelKey);
  }

  /** The long-running resource a {@code resources/read} names, if it names one. */
  private Optional<TemplateIndex.Found<CatalogueEntry>> longRunningResource(
      JsonRpcRequest message) {
    if (!(message.params().get("uri") instanceof com.fasterxml.jackson.databind.node.TextNode)
        || message.params().get("uri").textValue().length() > state.settings().maxUriLength()) {
      return Optional.empty(); // an over-long URI is refused by the plain read
    }
    return state
        .catalogue()
        .find(message.params().get("uri").textValue())
        .filter(found -> found.value().longRunning());
  }

  /** Whether a GET may be answered with a stream (no Accept means anything goes). */
  private static boolean acceptsEventStream(ContainerRequest request) {
    return request.getAcceptableMediaTypes().stream()
        .anyMatch(type -> type.isCompatible(MediaType.SERVER_SENT_EVENTS_TYPE));
  }

  private static boolean acceptsEventStream(Caller caller) {
    for (String accept : caller.headers().getOrDefault("Accept", List.of())) {
      if (accept.toLowerCase(java.util.Locale.ROOT).contains("text/event-stream")) {
        return true;
      }
    }
    return false;
  }

  /** Ends listens, long reads and every legacy session (closing their notification streams). */
  void shutdown() {
    listens.shutdown();
    longReads.shutdown();
    sessions.shutdown();
  }

  private static Caller caller(ContainerRequest request) {
    return new Caller(request.getBaseUri(), request.getHeaders(), request.getSecurityContext());
  }

  private static boolean hasSession(Caller caller) {
    return caller.headers().getFirst(LegacyProtocol.SESSION_HEADER) != null;
  }

  private static Response notAllowed() {
    return Response.status(405).header("Allow", "POST").build();
  }

  /** Contract section 5, step 2: which requests take the legacy path. */
  private static boolean isLegacy(JsonRpcRequest message, Caller caller) {
    if (hasSession(caller)) {
      return true;
    }
    if (ModernProtocol.hasModernMeta(message)) {
      return false;
    }
    if ("initialize".equals(message.method())) {
      return true;
    }
    String version = caller.headers().getFirst("MCP-Protocol-Version");
    return version == null || Era.LEGACY_VERSIONS.contains(version);
  }

  static Response error(Optional<JsonNode> id, JsonRpcException e) {
    Response.ResponseBuilder response =
        Response.status(e.httpStatus())
            .type(MediaType.APPLICATION_JSON_TYPE)
            .entity(Json.writeBytes(JsonRpcMessages.error(id, e)));
    for (Map.Entry<String, List<String>> header : e.httpHeaders().entrySet()) {
      header.getValue().forEach(v -> response.header(header.getKey(), v));
    }
    return response.build();
  }

  private static Response json(int status, ObjectNode message) {
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(Json.writeBytes(message))
        .build();
  }
}
