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
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ModernProtocol;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.protocol.Subscriptions;
import dev.jaxrsmcp.internal.subscribe.ChangeHub;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The MCP endpoint: one URL, both eras. Reads and checks the HTTP request, routes it to the modern
 * or legacy protocol (contract section 5, step 2), and turns results and {@link JsonRpcException}s
 * into HTTP responses. This is the one place errors become JSON-RPC error objects.
 */
final class McpEndpoint {
  private static final System.Logger LOG = System.getLogger(McpEndpoint.class.getName());

  private final ServerState state;
  private final JsonRpcParser parser;
  private final ModernProtocol modern;
  private final RequestGate gate;
  private final Subscriptions subscriptions;
  private final ListenStreams listens;
  private final LongRunningReads longReads;

  McpEndpoint(ServerState state, ChangeHub changes) {
    this.state = state;
    this.parser = new JsonRpcParser(state.settings().maxJsonDepth());
    this.modern = new ModernProtocol(state, Map.of());
    this.gate = new RequestGate(state.settings());
    this.subscriptions = new Subscriptions(state);
    this.listens = new ListenStreams(state, changes, modern::serverInfo);
    this.longReads = new LongRunningReads(state, changes.scheduler(), modern::serverInfo);
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
    JsonRpcRequest message;
    try {
      message = parser.parse(body);
    } catch (JsonRpcParser.IdentifiedException e) {
      return error(e.id(), e.error());
    }
    Caller caller =
        new Caller(request.getBaseUri(), request.getHeaders(), request.getSecurityContext());
    try {
      if (isLegacy(message, caller)) {
        throw new JsonRpcException(
                ErrorCodes.INVALID_REQUEST,
                "Invalid Request: this server speaks protocol revision "
                    + "2026-07-28; send _meta with io.modelcontextprotocol/protocolVersion")
            .withHttpStatus(400);
      }
      if (message.isNotification()) {
        return Response.accepted().build();
      }
      if ("subscriptions/listen".equals(message.method())) {
        return listen(message, caller);
      }
      Optional<Response> longRead = longRead(message, caller);
      if (longRead.isPresent()) {
        return longRead.get();
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

  Response get(ContainerRequestContext context) {
    Optional<Response> refused = gate.refuse((ContainerRequest) context);
    return refused.orElseGet(() -> Response.status(405).header("Allow", "POST").build());
  }

  Response delete(ContainerRequestContext context) {
    Optional<Response> refused = gate.refuse((ContainerRequest) context);
    return refused.orElseGet(() -> Response.status(405).header("Allow", "POST").build());
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

  /** A {@code resources/read} of a long-running resource, answered by {@link LongRunningReads}. */
  private Optional<Response> longRead(JsonRpcRequest message, Caller caller) {
    if (!"resources/read".equals(message.method())
        || !(message.params().get("uri") instanceof com.fasterxml.jackson.databind.node.TextNode)) {
      return Optional.empty();
    }
    String uri = message.params().get("uri").textValue();
    var found = state.catalogue().find(uri);
    if (found.isEmpty() || !found.get().value().longRunning()) {
      return Optional.empty();
    }
    McpCall call = modern.accept(message, caller);
    return Optional.of(
        longReads.read(
            call,
            found.get().value(),
            found.get().match(),
            uri,
            acceptsEventStream(caller),
            Optional.empty()));
  }

  private static boolean acceptsEventStream(Caller caller) {
    for (String accept : caller.headers().getOrDefault("Accept", List.of())) {
      if (accept.toLowerCase(java.util.Locale.ROOT).contains("text/event-stream")) {
        return true;
      }
    }
    return false;
  }

  void shutdown() {
    listens.shutdown();
    longReads.shutdown();
  }

  /** Contract section 5, step 2: which requests take the legacy path. */
  private static boolean isLegacy(JsonRpcRequest message, Caller caller) {
    if (caller.headers().getFirst("Mcp-Session-Id") != null) {
      return true;
    }
    if (ModernProtocol.hasModernMeta(message)) {
      return false;
    }
    if ("initialize".equals(message.method())) {
      return true;
    }
    String version = caller.headers().getFirst("MCP-Protocol-Version");
    return version == null || dev.jaxrsmcp.internal.protocol.Era.LEGACY_VERSIONS.contains(version);
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
