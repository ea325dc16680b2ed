package dev.jaxrsmcp.test.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** JSON-RPC messages as each era wants them, and the header values that mirror them. */
public final class Requests {
  /** The kit's shared, never reconfigured mapper. */
  public static final ObjectMapper JSON = new ObjectMapper();

  /** The {@code clientInfo} the kit sends. */
  public static final String CLIENT_NAME = "jaxrs-mcp-test";

  public static final String CLIENT_VERSION = "1";

  private Requests() {}

  /**
   * A request ({@code id} present) or notification: in the modern era {@code params._meta} carries
   * the protocol version, client info and capabilities; in both eras it carries {@code
   * progressToken} when one is given.
   */
  public static ObjectNode body(
      Era era,
      Optional<Long> id,
      String method,
      ObjectNode params,
      Optional<String> progressToken) {
    ObjectNode body = JSON.createObjectNode().put("jsonrpc", "2.0");
    id.ifPresent(value -> body.put("id", value));
    body.put("method", method);
    ObjectNode p = params.deepCopy();
    if (era == Era.MODERN) {
      ObjectNode meta = p.withObjectProperty("_meta");
      meta.put("io.modelcontextprotocol/protocolVersion", era.version());
      meta.putObject("io.modelcontextprotocol/clientInfo")
          .put("name", CLIENT_NAME)
          .put("version", CLIENT_VERSION);
      meta.putObject("io.modelcontextprotocol/clientCapabilities");
    }
    progressToken.ifPresent(token -> p.withObjectProperty("_meta").put("progressToken", token));
    body.set("params", p);
    return body;
  }

  /** The value {@code Mcp-Name} mirrors: {@code params.uri}, else {@code params.name}. */
  public static Optional<String> name(JsonNode params) {
    if (params.path("uri").isTextual()) {
      return Optional.of(params.path("uri").asText());
    }
    if (params.path("name").isTextual()) {
      return Optional.of(params.path("name").asText());
    }
    return Optional.empty();
  }

  /**
   * {@code value} as a header value: as is when it is plain visible ASCII without surrounding
   * spaces, otherwise (and when it looks like the sentinel itself) {@code =?base64?…?=}.
   */
  public static String headerValue(String value) {
    boolean plain =
        !value.isEmpty()
            && value.equals(value.strip())
            && value.chars().allMatch(c -> c >= 0x20 && c <= 0x7E)
            && !(value.startsWith("=?base64?") && value.endsWith("?="));
    if (plain) {
      return value;
    }
    return "=?base64?"
        + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
        + "?=";
  }

  /**
   * The {@code Mcp-Param-*} headers a modern {@code tools/call} mirrors its arguments in
   * (SEP-2243): one for each property of the tool's input schema, reached through {@code
   * properties} alone, that carries {@code x-mcp-header} and whose argument is a string, integer or
   * boolean; values as {@link #headerValue} encodes them.
   */
  public static Map<String, String> mirroredHeaders(JsonNode inputSchema, JsonNode arguments) {
    Map<String, String> headers = new LinkedHashMap<>();
    mirror(inputSchema, arguments, headers);
    return headers;
  }

  private static void mirror(JsonNode schema, JsonNode value, Map<String, String> headers) {
    JsonNode properties = schema.path("properties");
    if (!properties.isObject() || !value.isObject()) {
      return;
    }
    properties
        .fields()
        .forEachRemaining(
            property -> {
              JsonNode argument = value.get(property.getKey());
              if (argument == null || argument.isNull()) {
                return;
              }
              JsonNode header = property.getValue().path("x-mcp-header");
              if (header.isTextual()
                  && (argument.isTextual()
                      || argument.isIntegralNumber()
                      || argument.isBoolean())) {
                headers.put("Mcp-Param-" + header.asText(), headerValue(argument.asText()));
              }
              mirror(property.getValue(), argument, headers);
            });
  }

  /** Whether {@code message} is a JSON-RPC response (a result or an error for an id). */
  public static boolean isResponse(JsonNode message) {
    return message.has("id")
        && !message.has("method")
        && (message.has("result") || message.has("error"));
  }
}
