package dev.jaxrsmcp.internal.eras;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.logging.LogLevels;
import dev.jaxrsmcp.internal.protocol.CacheHint;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.HeaderValues;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.MethodResult;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The modern era (revision 2026-07-28): stateless requests validated in the order of contract
 * section 5, a method table, and results decorated with {@code resultType}, {@code serverInfo} and
 * cache hints.
 */
public final class ModernProtocol {
  static final String META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
  static final String META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
  static final String META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";

  /** Methods whose {@code Mcp-Name} header mirrors a params member. */
  private static final Map<String, String> NAMED_BY =
      Map.of(
          "resources/read",
          "uri",
          "tools/call",
          "name",
          "prompts/get",
          "name",
          "tasks/get",
          "taskId",
          "tasks/update",
          "taskId",
          "tasks/cancel",
          "taskId");

  /**
   * Requests of the earlier revisions that revision 2026-07-28 removed (its changelog): asking for
   * one is asking the wrong revision, not a server that lacks a feature.
   */
  private static final Set<String> REMOVED =
      Set.of(
          "initialize",
          "ping",
          "logging/setLevel",
          "resources/subscribe",
          "resources/unsubscribe",
          "tasks/result",
          "tasks/list");

  private final ServerState state;
  private final Map<String, MethodHandler> methods;

  public ModernProtocol(ServerState state, Map<String, MethodHandler> extraMethods) {
    this.state = state;
    java.util.HashMap<String, MethodHandler> table = new java.util.HashMap<>();
    table.put("server/discover", this::discover);
    CommonMethods.register(state, table);
    table.putAll(extraMethods);
    this.methods = Map.copyOf(table);
  }

  /** True when {@code _meta} carries the modern per-request fields. */
  public static boolean hasModernMeta(JsonRpcRequest request) {
    ObjectNode meta = request.meta();
    return meta.has(META_PROTOCOL_VERSION)
        || meta.has(META_CLIENT_CAPABILITIES)
        || meta.has(META_CLIENT_INFO);
  }

  /**
   * Validates and answers one request; returns the {@code result} object.
   *
   * @throws JsonRpcException with the HTTP status the transport must answer
   */
  public ObjectNode handle(JsonRpcRequest request, Caller caller) {
    McpCall call = accept(request, caller);
    MethodHandler handler = methods.get(request.method());
    if (handler == null) {
      throw new JsonRpcException(
              ErrorCodes.METHOD_NOT_FOUND,
              REMOVED.contains(request.method())
                  ? "Method not found: '"
                      + request.method()
                      + "' is not a method of revision "
                      + call.protocolVersion()
                  : "Method not found: this server does not offer '" + request.method() + "'")
          .withHttpStatus(404);
    }
    MethodResult result = handler.handle(call);
    return decorate(result);
  }

  /** True when this server answers {@code method} in the modern era. */
  public boolean offers(String method) {
    return methods.containsKey(method);
  }

  /**
   * Checks a request's headers and {@code _meta} in the order of contract section 5.
   *
   * @throws JsonRpcException with HTTP status 400 when a check fails
   */
  public McpCall accept(JsonRpcRequest request, Caller caller) {
    return new McpCall(request, Era.MODERN, validate(request, caller), caller);
  }

  /** The server's identity, as carried in every result's {@code _meta}. */
  public ObjectNode serverInfo() {
    return Capabilities.serverInfo(state);
  }

  /** Adds what every modern result carries. */
  ObjectNode decorate(MethodResult result) {
    ObjectNode out = Json.object().put("resultType", "complete");
    out.setAll(result.body());
    ObjectNode meta =
        result.body().get("_meta") instanceof ObjectNode m ? m.deepCopy() : Json.object();
    meta.set(Era.META_SERVER_INFO, Capabilities.serverInfo(state));
    out.set("_meta", meta);
    result
        .cache()
        .ifPresent(hint -> out.put("ttlMs", hint.ttlMs()).put("cacheScope", hint.scope()));
    return out;
  }

  private String validate(JsonRpcRequest request, Caller caller) {
    String header = caller.header("mcp-protocol-version").orElse(null);
    if (header == null) {
      throw headerMismatch("the MCP-Protocol-Version header is required");
    }
    ObjectNode meta = request.meta();
    JsonNode version = meta.get(META_PROTOCOL_VERSION);
    JsonNode capabilities = meta.get(META_CLIENT_CAPABILITIES);
    if (version == null
        || !version.isTextual()
        || capabilities == null
        || !capabilities.isObject()) {
      throw new JsonRpcException(
              ErrorCodes.INVALID_PARAMS,
              "Invalid params: _meta must carry '"
                  + META_PROTOCOL_VERSION
                  + "' (a string) and '"
                  + META_CLIENT_CAPABILITIES
                  + "' (an object)")
          .withHttpStatus(400);
    }
    if (!header.equals(version.textValue())) {
      throw headerMismatch(
          "MCP-Protocol-Version header value '"
              + header
              + "' does not match body value '"
              + version.textValue()
              + "'");
    }
    if (!Era.MODERN_VERSION.equals(version.textValue())) {
      ObjectNode data = Json.object();
      ArrayNode supported = data.putArray("supported");
      Era.ALL_VERSIONS.forEach(supported::add);
      data.put("requested", version.textValue());
      throw new JsonRpcException(
          ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION,
          "Unsupported protocol version",
          Optional.of(data),
          400,
          Map.of());
    }
    String method = caller.header("mcp-method").orElse(null);
    if (method == null) {
      throw headerMismatch("the Mcp-Method header is required");
    }
    if (!method.equals(request.method())) {
      throw headerMismatch(
          "Mcp-Method header value '"
              + method
              + "' does not match body value '"
              + request.method()
              + "'");
    }
    String member = NAMED_BY.get(request.method());
    JsonNode bodyValue = member == null ? null : request.params().get(member);
    if (bodyValue != null && bodyValue.isTextual()) {
      // Without a string to mirror there is nothing to compare; the method reports the params.
      String name = caller.header("mcp-name").orElse(null);
      if (name == null) {
        throw headerMismatch("the Mcp-Name header is required for " + request.method());
      }
      Optional<String> decoded = HeaderValues.decode(name);
      if (decoded.isEmpty()) {
        throw headerMismatch("the Mcp-Name header value is malformed");
      }
      if (!decoded.get().equals(bodyValue.textValue())) {
        throw headerMismatch(
            "Mcp-Name header value '"
                + decoded.get()
                + "' does not match body value '"
                + bodyValue.textValue()
                + "'");
      }
    }
    LogLevels.requested(request); // an unknown level is refused before anything runs
    return version.textValue();
  }

  private MethodResult discover(McpCall call) {
    ObjectNode body = Json.object();
    ArrayNode versions = body.putArray("supportedVersions");
    Era.ALL_VERSIONS.forEach(versions::add);
    body.set("capabilities", Capabilities.of(state));
    if (!state.settings().get(ProtocolSettings.INSTRUCTIONS).isEmpty()) {
      body.put("instructions", state.settings().get(ProtocolSettings.INSTRUCTIONS));
    }
    return MethodResult.cached(
        body, new CacheHint(state.settings().get(ProtocolSettings.DEFAULT_CACHE_TTL_MS), "public"));
  }

  private static JsonRpcException headerMismatch(String why) {
    return new JsonRpcException(ErrorCodes.HEADER_MISMATCH, "Header mismatch: " + why)
        .withHttpStatus(400);
  }
}
