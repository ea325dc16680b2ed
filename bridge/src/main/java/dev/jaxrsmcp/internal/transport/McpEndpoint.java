package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcParser;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.LegacyProtocol;
import dev.jaxrsmcp.internal.protocol.ModernProtocol;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.session.SessionStore;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.glassfish.jersey.media.sse.EventOutput;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The MCP endpoint: one URL, both eras. Reads and checks the HTTP request, routes it to the modern
 * or legacy protocol (contract section 5, step 2), and turns results and {@link JsonRpcException}s
 * into HTTP responses. This is the one place errors become JSON-RPC error objects.
 */
final class McpEndpoint {
  private static final System.Logger LOG = System.getLogger(McpEndpoint.class.getName());

  /** How often an open session stream gets a keep-alive comment (so dead ones are noticed). */
  private static final Duration KEEP_ALIVE_INTERVAL = Duration.ofSeconds(15);

  private final ServerState state;
  private final JsonRpcParser parser;
  private final ModernProtocol modern;
  private final RequestGate gate;
  private final SessionStore sessions;
  private final LegacyProtocol legacy;

  McpEndpoint(ServerState state) {
    this.state = state;
    this.parser = new JsonRpcParser(state.settings().maxJsonDepth());
    this.modern = new ModernProtocol(state, Map.of());
    this.gate = new RequestGate(state.settings());
    this.sessions = new SessionStore(state.settings().sessionIdleTimeout(), KEEP_ALIVE_INTERVAL);
    this.legacy = new LegacyProtocol(state, sessions, Map.of());
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
        return legacyPost(message, caller);
      }
      if (message.isNotification()) {
        return Response.accepted().build();
      }
      ObjectNode result = modern.handle(message, caller);
      return json(200, JsonRpcMessages.result(message.id().get(), result));
    } catch (JsonRpcException e) {
      return error(message.id(), e);
    } catch (RuntimeException e) {
      String incident = UUID.randomUUID().toString();
      LOG.log(
          System.Logger.Level.ERROR,
          "MCP request " + message.method() + " failed (incident " + incident + ")",
          e);
      return error(
          message.id(),
          new JsonRpcException(
              ErrorCodes.INTERNAL_ERROR, "Internal error (incident " + incident + ")"));
    }
  }

  /**
   * A legacy POST: {@code initialize} without a session starts one; everything else needs a live
   * session, and notifications are acknowledged with 202.
   */
  private Response legacyPost(JsonRpcRequest message, Caller caller) {
    if (!hasSession(caller) && "initialize".equals(message.method()) && !message.isNotification()) {
      LegacyProtocol.Handshake handshake = legacy.initialize(message);
      return Response.ok()
          .type(MediaType.APPLICATION_JSON_TYPE)
          .header(LegacyProtocol.SESSION_HEADER, handshake.session().id())
          .entity(Json.writeBytes(JsonRpcMessages.result(message.id().get(), handshake.result())))
          .build();
    }
    Session session = legacy.session(caller, "'" + message.method() + "'");
    session.enter();
    try {
      if (message.isNotification()) {
        return Response.accepted().build();
      }
      ObjectNode result = legacy.handle(message, caller, session);
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
    EventOutput output = new EventOutput();
    session.attach(new SseNotificationStream(output));
    return Response.ok(output, MediaType.SERVER_SENT_EVENTS_TYPE)
        .header("Cache-Control", "no-cache")
        .header("X-Accel-Buffering", "no")
        .build();
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
    }
  }

  /** Ends every legacy session and closes their notification streams. */
  void shutdown() {
    sessions.shutdown();
  }

  private static Caller caller(ContainerRequest request) {
    return new Caller(request.getBaseUri(), request.getHeaders(), request.getSecurityContext());
  }

  private static boolean hasSession(Caller caller) {
    return caller.headers().getFirst(LegacyProtocol.SESSION_HEADER) != null;
  }

  private static boolean acceptsEventStream(ContainerRequest request) {
    return request.getAcceptableMediaTypes().stream()
        .anyMatch(type -> type.isCompatible(MediaType.SERVER_SENT_EVENTS_TYPE));
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
