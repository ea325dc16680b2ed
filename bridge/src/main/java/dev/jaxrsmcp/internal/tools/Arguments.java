package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.parameters.ToolParameter;
import dev.jaxrsmcp.internal.protocol.RouteCall;
import dev.jaxrsmcp.internal.template.UriTemplate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a {@code tools/call}'s arguments against the tool's input schema before anything runs, and
 * expands the resource's URI template with them. Any problem is a {@code -32602} naming the
 * argument and the value found.
 */
public final class Arguments {

  private Arguments() {}

  /**
   * The URI a call reads: the resource's template expanded with the arguments.
   *
   * @param arguments the request's {@code arguments}; absent or {@code null} means none
   * @param maxUriLength the longest URI allowed (at most {@link UriTemplate#MAX_URI_LENGTH})
   * @throws JsonRpcException ({@code -32602}) for arguments the input schema refuses, or when they
   *     make the URI longer than {@code maxUriLength}
   */
  public static String uri(Tool tool, Optional<JsonNode> arguments, int maxUriLength) {
    return resolve(tool, arguments, maxUriLength).uri();
  }

  /**
   * What a call runs: the URI of its route's path and query, and, for an {@code @McpTool} route,
   * its HTTP method, header arguments and {@code body}.
   *
   * @param uri the template expanded with the path and query arguments
   * @param call the method, headers and entity; {@link RouteCall#READ} for a resource's tool
   */
  public record Resolved(String uri, RouteCall call) {}

  /**
   * The URI and request a call runs (see {@link #uri}).
   *
   * @throws JsonRpcException ({@code -32602}) for arguments the input schema refuses (the {@code
   *     body} is checked by the route: its JSON binding and validation), or when they make the URI
   *     longer than {@code maxUriLength}
   */
  public static Resolved resolve(Tool tool, Optional<JsonNode> arguments, int maxUriLength) {
    ObjectNode given = object(tool, arguments);
    if (tool.argumentsAreBody()) { // the route checks them: its binding and validation
      String uri = tool.entry().template().expandAll(Map.of());
      ToolRoute route = tool.route().orElseThrow();
      return new Resolved(
          uri, new RouteCall(route.httpMethod(), Map.of(), Optional.of(Json.writeVerbatim(given))));
    }
    Map<String, ToolParameter> declared = new LinkedHashMap<>();
    tool.parameters().forEach(p -> declared.put(p.name(), p));
    Set<String> accepted = new LinkedHashSet<>(declared.keySet());
    if (tool.hasBody()) {
      accepted.add(Tool.BODY);
    }
    for (Iterator<String> names = given.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!accepted.contains(name)) {
        throw invalid(
            tool,
            name,
            "tool '"
                + tool.name()
                + "' has no argument '"
                + name
                + "' ("
                + (accepted.isEmpty() ? "it takes none" : "its arguments: " + accepted)
                + ")");
      }
    }
    Map<String, List<String>> values = new LinkedHashMap<>();
    Map<String, String> headers = new LinkedHashMap<>();
    for (ToolParameter parameter : tool.parameters()) {
      JsonNode value = given.get(parameter.name());
      if (value == null) {
        if (parameter.required()) {
          throw invalid(tool, parameter.name(), describe(tool, parameter) + " is required");
        }
        continue;
      }
      if (parameter.header()) {
        headers.put(parameter.name(), texts(tool, parameter, value).get(0));
      } else {
        values.put(parameter.name(), texts(tool, parameter, value));
      }
    }
    Optional<byte[]> body = Optional.empty();
    if (tool.hasBody()) {
      JsonNode value = given.get(Tool.BODY);
      if (value == null) {
        throw invalid(tool, Tool.BODY, "argument 'body' of tool '" + tool.name() + "' is required");
      }
      body = Optional.of(Json.writeVerbatim(value));
    }
    String uri;
    try {
      uri = tool.entry().template().expandAll(values);
    } catch (IllegalArgumentException e) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: the arguments of tool '"
              + tool.name()
              + "' cannot form a URI ("
              + e.getMessage()
              + ")");
    }
    if (uri.length() > maxUriLength) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: the arguments of tool '"
              + tool.name()
              + "' make a URI longer than "
              + maxUriLength
              + " characters (found "
              + uri.length()
              + ")",
          Json.object().put("tool", tool.name()));
    }
    Optional<byte[]> entity = body;
    RouteCall call =
        tool.route()
            .map(r -> new RouteCall(r.httpMethod(), headers, entity))
            .orElse(RouteCall.READ);
    return new Resolved(uri, call);
  }

  private static ObjectNode object(Tool tool, Optional<JsonNode> arguments) {
    if (arguments.isEmpty() || arguments.get().isNull()) {
      return Json.object();
    }
    if (arguments.get() instanceof ObjectNode o) {
      return o;
    }
    throw new JsonRpcException(
        ErrorCodes.INVALID_PARAMS,
        "Invalid params: 'arguments' must be an object (found " + Json.shown(arguments.get()) + ")",
        Json.object().put("tool", tool.name()));
  }

  private static List<String> texts(Tool tool, ToolParameter parameter, JsonNode value) {
    List<String> texts = new ArrayList<>();
    if (parameter.repeated()) {
      if (!value.isArray()) {
        throw wrongValue(tool, parameter, value);
      }
      for (JsonNode item : value) {
        texts.add(
            parameter.type().text(item).orElseThrow(() -> wrongValue(tool, parameter, value)));
      }
    } else {
      texts.add(parameter.type().text(value).orElseThrow(() -> wrongValue(tool, parameter, value)));
    }
    return texts;
  }

  private static JsonRpcException wrongValue(Tool tool, ToolParameter parameter, JsonNode value) {
    return invalid(
        tool,
        parameter.name(),
        describe(tool, parameter)
            + " must be "
            + parameter.expected()
            + " (found "
            + Json.shown(value)
            + ")");
  }

  private static String describe(Tool tool, ToolParameter parameter) {
    return "argument '" + parameter.name() + "' of tool '" + tool.name() + "'";
  }

  private static JsonRpcException invalid(Tool tool, String argument, String why) {
    return JsonRpcException.invalidArgument("tool", tool.name(), argument, why);
  }
}
