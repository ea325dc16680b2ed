package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.HeaderValues;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Header arguments mirrored into HTTP headers (SEP-2243, revision 2026-07-28): each header argument
 * of an {@code @McpTool} route is declared with {@code x-mcp-header}, and a modern {@code
 * tools/call} must carry {@code Mcp-Param-{name}} with the same value as the argument in its body
 * (decoded from the {@code =?base64?…?=} form, integers compared as numbers), and no such header
 * for an argument it does not give. Anything else is refused with HTTP 400 and {@code -32020}
 * before the route runs.
 */
public final class HeaderArguments {
  /** The input schema keyword that names a property's mirrored header. */
  static final String KEYWORD = "x-mcp-header";

  /** The prefix of a mirrored header's name. */
  public static final String PREFIX = "Mcp-Param-";

  private static final String TCHAR_SYMBOLS = "!#$%&'*+-.^_`|~";

  private HeaderArguments() {}

  /**
   * Checks the {@code Mcp-Param-*} headers of a call against its arguments.
   *
   * @param arguments the request's {@code arguments}; anything but an object has no values to
   *     mirror ({@link Arguments} refuses it)
   * @throws JsonRpcException ({@code -32020}, HTTP 400) when a header is missing, malformed, or
   *     does not match its argument
   */
  public static void check(Tool tool, Optional<JsonNode> arguments, Caller caller) {
    for (Mirror mirror : tool.mirrors()) {
      String header = PREFIX + mirror.header();
      List<String> values = caller.headers().get(header.toLowerCase(Locale.ROOT));
      JsonNode value = arguments.filter(JsonNode::isObject).orElse(null);
      for (String step : mirror.path()) {
        value = value == null || !value.isObject() ? null : value.get(step);
      }
      String argument = String.join(".", mirror.path());
      boolean given = value != null && !value.isNull();
      if (values == null || values.isEmpty()) {
        if (given) {
          throw mismatch(
              tool,
              argument,
              "the "
                  + header
                  + " header is required when argument '"
                  + argument
                  + "' is given (found none)");
        }
        continue;
      }
      if (values.size() > 1) {
        throw mismatch(
            tool,
            argument,
            "the " + header + " header must have one value (found " + values.size() + ")");
      }
      if (!given) {
        throw mismatch(
            tool,
            argument,
            "the " + header + " header is present but argument '" + argument + "' is not given");
      }
      Optional<String> decoded = HeaderValues.decode(values.get(0));
      if (decoded.isEmpty()) {
        throw mismatch(
            tool,
            argument,
            "the " + header + " header value is malformed (invalid characters or Base64)");
      }
      if (!matches(value, decoded.get())) {
        throw mismatch(
            tool,
            argument,
            header
                + " header value '"
                + decoded.get()
                + "' does not match body value "
                + Json.write(value));
      }
    }
  }

  /**
   * One argument mirrored into a header.
   *
   * @param header the header's name after {@code Mcp-Param-}
   * @param path the chain of {@code properties} keys from the arguments object to the value
   */
  record Mirror(String header, List<String> path) {
    Mirror {
      path = List.copyOf(path);
    }
  }

  /**
   * The mirrored arguments a written input schema declares: each property reached through {@code
   * properties} alone that carries {@code x-mcp-header}.
   */
  static List<Mirror> mirrors(JsonNode schema) {
    List<Mirror> found = new ArrayList<>();
    collect(schema, new ArrayList<>(), found);
    return List.copyOf(found);
  }

  private static void collect(JsonNode schema, List<String> path, List<Mirror> found) {
    JsonNode properties = schema.path("properties");
    if (!properties.isObject()) {
      return;
    }
    properties
        .fields()
        .forEachRemaining(
            property -> {
              List<String> at = new ArrayList<>(path);
              at.add(property.getKey());
              JsonNode header = property.getValue().get(KEYWORD);
              if (header != null) {
                found.add(new Mirror(header.asText(), at));
              }
              collect(property.getValue(), at, found);
            });
  }

  /**
   * What is wrong with the {@code x-mcp-header} annotations of a written input schema, as the
   * specification constrains them: each an HTTP token, unique without case, on a property of type
   * string, integer or boolean.
   */
  static List<String> problems(JsonNode schema) {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    collectProblems(schema, "", seen, problems);
    return problems;
  }

  private static void collectProblems(
      JsonNode schema, String path, Set<String> seen, List<String> problems) {
    JsonNode properties = schema.path("properties");
    if (!properties.isObject()) {
      return;
    }
    properties
        .fields()
        .forEachRemaining(
            property -> {
              String at = path.isEmpty() ? property.getKey() : path + "." + property.getKey();
              JsonNode header = property.getValue().get(KEYWORD);
              if (header != null) {
                String type = property.getValue().path("type").asText("");
                if (!header.isTextual() || !isToken(header.textValue())) {
                  problems.add(
                      "x-mcp-header must be an HTTP token (found " + header + " on '" + at + "')");
                } else if (!seen.add(header.textValue().toLowerCase(Locale.ROOT))) {
                  problems.add(
                      "x-mcp-header values must be unique without case (found "
                          + header
                          + " again on '"
                          + at
                          + "')");
                }
                if (!Set.of("string", "integer", "boolean").contains(type)) {
                  problems.add(
                      "x-mcp-header must be on a property of type string, integer or boolean"
                          + " (found type '"
                          + type
                          + "' on '"
                          + at
                          + "')");
                }
              }
              collectProblems(property.getValue(), at, seen, problems);
            });
  }

  /** True when {@code name} is an HTTP field name token ({@code 1*tchar}, RFC 9110). */
  static boolean isToken(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      boolean digit = c >= '0' && c <= '9';
      if (!alpha && !digit && TCHAR_SYMBOLS.indexOf(c) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * A string as it is; a number numerically ({@code 42} and {@code 42.0} match); a boolean as
   * {@code true} or {@code false}. An object or array is left to the argument check.
   */
  private static boolean matches(JsonNode value, String header) {
    if (value.isTextual()) {
      return value.textValue().equals(header);
    }
    if (value.isNumber()) {
      try {
        return value.decimalValue().compareTo(new BigDecimal(header)) == 0;
      } catch (NumberFormatException e) {
        return false;
      }
    }
    if (value.isBoolean()) {
      return value.asText().equals(header);
    }
    return true;
  }

  private static JsonRpcException mismatch(Tool tool, String argument, String why) {
    return new JsonRpcException(
            ErrorCodes.HEADER_MISMATCH,
            "Header mismatch: " + why + " (tool '" + tool.name() + "')",
            Json.object().put("tool", tool.name()).put("argument", argument))
        .withHttpStatus(400);
  }
}
