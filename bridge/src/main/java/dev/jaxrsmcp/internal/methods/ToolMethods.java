package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import dev.jaxrsmcp.internal.content.ReadMessage;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.protocol.CacheHint;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.MethodResult;
import dev.jaxrsmcp.internal.protocol.RouteCall;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import dev.jaxrsmcp.internal.tools.Arguments;
import dev.jaxrsmcp.internal.tools.HeaderArguments;
import dev.jaxrsmcp.internal.tools.Tool;
import dev.jaxrsmcp.internal.tools.Tools;
import java.util.Map;
import java.util.Optional;

/**
 * {@code tools/list} and {@code tools/call} (contract section 13), the same in both eras: every
 * resource is also a tool whose arguments are its template variables, and calling it is a read of
 * the URI they expand to ({@link #resolve}), which the transport runs in place like a {@code
 * resources/read}, its result built by {@link ReadMessage}.
 */
public final class ToolMethods {
  private final ServerState state;
  private final Tools tools;

  /**
   * Builds the tools of the state's catalogue; call it at startup.
   *
   * @throws dev.jaxrsmcp.McpConfigurationException when two tools would have the same name
   */
  public ToolMethods(ServerState state) {
    this.state = state;
    this.tools = Tools.of(state.catalogue(), state.settings());
  }

  /**
   * Adds {@code tools/list} and {@code tools/call} to a method table when at least one tool is
   * offered; otherwise they stay unknown methods, as the capabilities say.
   */
  public void register(Map<String, MethodHandler> table) {
    if (!tools.isEmpty()) {
      table.put("tools/list", this::list);
      table.put("tools/call", MethodHandler.inPlace("tools/call"));
    }
  }

  public MethodResult list(McpCall call) {
    ObjectNode body = Json.object();
    ArrayNode list = body.putArray("tools");
    Pages.page(tools.all(), call, state.settings().get(ProtocolSettings.PAGE_SIZE), body)
        .forEach(t -> list.add(t.definition()));
    return MethodResult.cached(
        body,
        new CacheHint(
            state.settings().get(ProtocolSettings.DEFAULT_CACHE_TTL_MS),
            state.settings().get(ProtocolSettings.DEFAULT_CACHE_SCOPE)));
  }

  /**
   * The read a {@code tools/call} performs: the tool's resource (or route), its expanded URI, the
   * match, and what the request sends besides ({@link RouteCall#READ} for a resource's tool).
   *
   * @param structured whether a JSON object the route answers is also {@code structuredContent}
   */
  public record ToolRead(
      CatalogueEntry entry,
      String uri,
      TemplateMatch match,
      RouteCall call,
      boolean structured,
      Optional<ToolRoute> route) {
    /** A resource's read. */
    public ToolRead(CatalogueEntry entry, String uri, TemplateMatch match) {
      this(entry, uri, match, RouteCall.READ, false, Optional.empty());
    }

    /** A tool's read, of a resource or a route. */
    public ToolRead(
        CatalogueEntry entry, String uri, TemplateMatch match, RouteCall call, boolean structured) {
      this(entry, uri, match, call, structured, Optional.empty());
    }

    /** The question the user confirms before the route runs ({@code McpTool.confirm}). */
    public Optional<String> confirm() {
      return route.map(r -> r.annotation().confirm()).filter(c -> !c.isEmpty());
    }
  }

  /** True when {@code request} calls the tool of a long-running resource (nothing checked yet). */
  public boolean callsLongRunning(JsonRpcRequest request) {
    JsonNode name = request.params().get("name");
    return name != null
        && name.isTextual()
        && tools.named(name.textValue()).map(t -> t.entry().longRunning()).orElse(false);
  }

  /**
   * Checks a {@code tools/call}'s name and arguments and expands the URI it reads.
   *
   * @throws JsonRpcException ({@code -32602}) for an unknown tool or invalid arguments; in the
   *     modern era ({@code -32020}, HTTP 400) when its {@code Mcp-Param-*} headers do not mirror
   *     its header arguments
   */
  public ToolRead resolve(McpCall call) {
    Tool tool = tools.named(requiredName(call)).orElseThrow(() -> unknown(call));
    CatalogueEntry entry = tool.entry();
    Optional<JsonNode> arguments = Optional.ofNullable(call.request().params().get("arguments"));
    if (call.era() == Era.MODERN) {
      HeaderArguments.check(tool, arguments, call.caller()); // SEP-2243, a 2026-07-28 rule
    }
    Arguments.Resolved resolved =
        Arguments.resolve(tool, arguments, state.settings().get(LimitSettings.MAX_URI_LENGTH));
    String uri = resolved.uri();
    TemplateMatch match =
        entry
            .template()
            .match(uri)
            .orElseThrow(() -> new IllegalStateException("expanded URI does not match: " + uri));
    return new ToolRead(entry, uri, match, resolved.call(), tool.structured(), tool.route());
  }

  private static String requiredName(McpCall call) {
    JsonNode name = call.request().params().get("name");
    if (name == null || !name.isTextual()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS, "Invalid params: 'name' must be a string");
    }
    return name.textValue();
  }

  private static JsonRpcException unknown(McpCall call) {
    String name = call.request().params().get("name").textValue();
    return new JsonRpcException(
        ErrorCodes.INVALID_PARAMS, "Unknown tool: " + name, Json.object().put("tool", name));
  }
}
