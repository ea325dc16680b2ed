package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.CacheHint;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodResult;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code resources/list} and {@code resources/templates/list}; and what {@code resources/read}
 * takes from its request (its URI, its trace context), as the transport runs it in place.
 */
public final class ResourceMethods {
  private static final String[] TRACE_KEYS = {"traceparent", "tracestate", "baggage"};

  private final ServerState state;
  private final Members members;

  public ResourceMethods(ServerState state) {
    this.state = state;
    this.members = new Members(state);
  }

  /**
   * Variable-free resources, then the members of templates with a collection ({@code listFrom}),
   * read with the caller's credentials; paginated.
   */
  public MethodResult list(McpCall call) {
    List<Pages.Keyed<ObjectNode>> all = ResourceList.entries(state, members, call.caller());
    ObjectNode body = Json.object();
    ArrayNode resources = body.putArray("resources");
    Pages.pageKeyed(all, call, state.settings().get(ProtocolSettings.PAGE_SIZE), body)
        .forEach(resources::add);
    boolean personal =
        state.catalogue().templates().stream().anyMatch(e -> !e.listFrom().isEmpty());
    return MethodResult.cached(
        body,
        new CacheHint(
            state.settings().get(ProtocolSettings.DEFAULT_CACHE_TTL_MS),
            personal ? "private" : state.settings().get(ProtocolSettings.DEFAULT_CACHE_SCOPE)));
  }

  public MethodResult templatesList(McpCall call) {
    ObjectNode body = Json.object();
    ArrayNode templates = body.putArray("resourceTemplates");
    Pages.page(
            state.catalogue().templates(),
            call,
            state.settings().get(ProtocolSettings.PAGE_SIZE),
            body)
        .forEach(e -> templates.add(Listings.template(e)));
    return MethodResult.cached(body, listHint());
  }

  public static String requiredUri(McpCall call) {
    JsonNode uri = call.request().params().get("uri");
    if (uri == null || !uri.isTextual()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS, "Invalid params: 'uri' must be a string");
    }
    return uri.textValue();
  }

  /** OpenTelemetry headers from {@code _meta}, forwarded to the route. */
  public static Map<String, String> traceHeaders(McpCall call) {
    Map<String, String> headers = new LinkedHashMap<>();
    ObjectNode meta = call.request().meta();
    for (String key : TRACE_KEYS) {
      JsonNode value = meta.get(key);
      if (value != null && value.isTextual() && isHeaderSafe(value.textValue())) {
        headers.put(key, value.textValue());
      }
    }
    return headers;
  }

  private static boolean isHeaderSafe(String value) {
    if (value.length() > 8192) {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x20 || c > 0x7E) {
        return false;
      }
    }
    return true;
  }

  private CacheHint listHint() {
    return new CacheHint(
        state.settings().get(ProtocolSettings.DEFAULT_CACHE_TTL_MS),
        state.settings().get(ProtocolSettings.DEFAULT_CACHE_SCOPE));
  }
}
