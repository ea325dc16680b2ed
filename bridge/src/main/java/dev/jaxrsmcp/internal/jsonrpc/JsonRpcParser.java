package dev.jaxrsmcp.internal.jsonrpc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Optional;

/** Parses one JSON-RPC 2.0 request or notification, rejecting everything else precisely. */
public final class JsonRpcParser {
  /** A tree reader (its deserializer found once, not per message). */
  private final ObjectReader reader;

  private final int maxDepth;

  public JsonRpcParser(int maxDepth) {
    this.reader = Json.reader(maxDepth).readerFor(JsonNode.class);
    this.maxDepth = maxDepth;
  }

  /**
   * Parses a message body.
   *
   * @throws IdentifiedException carrying {@code -32700} when the body is not JSON, {@code -32600}
   *     when it is not a single JSON-RPC request or notification (batches included) or nests too
   *     deep, {@code -32602} when {@code _meta} is not an object; with the request id when one
   *     could be read
   */
  public JsonRpcRequest parse(byte[] body) {
    JsonNode tree;
    try {
      tree = reader.readTree(body);
    } catch (StreamConstraintsException e) {
      if (String.valueOf(e.getOriginalMessage()).contains("nesting depth")) {
        throw invalid("JSON nests deeper than " + maxDepth + " levels", Optional.empty());
      }
      // A number, name or string longer than the parser allows.
      throw invalid("a JSON value is longer than the parser allows", Optional.empty());
    } catch (JsonProcessingException e) {
      throw parseError("the body is not valid JSON");
    } catch (IOException e) {
      throw parseError("the body could not be read");
    }
    if (tree == null || tree.isMissingNode()) {
      throw parseError("the body is empty");
    }
    if (tree.isArray()) {
      throw invalid("batches are not supported; send one message per request", Optional.empty());
    }
    if (!(tree instanceof ObjectNode message)) {
      throw invalid("the body must be a JSON object", Optional.empty());
    }
    Optional<JsonNode> id = Optional.ofNullable(message.get("id"));
    Optional<JsonNode> validId = id.filter(v -> v.isTextual() || v.isIntegralNumber());
    if (id.isPresent() && validId.isEmpty()) {
      throw invalid("'id' must be a string or an integer", Optional.empty());
    }
    JsonNode version = message.get("jsonrpc");
    if (version == null || !version.isTextual() || !"2.0".equals(version.textValue())) {
      throw invalid("'jsonrpc' must be \"2.0\"", validId);
    }
    JsonNode method = message.get("method");
    if (method == null || !method.isTextual() || method.textValue().isEmpty()) {
      throw invalid("'method' must be a non-empty string", validId);
    }
    JsonNode params = message.get("params");
    if (params != null && !params.isObject()) {
      throw invalid("'params' must be an object", validId);
    }
    ObjectNode paramsObject = params == null ? Json.object() : (ObjectNode) params;
    JsonNode meta = paramsObject.get("_meta");
    if (meta != null && !meta.isObject()) {
      throw new IdentifiedException(
          validId,
          new JsonRpcException(
                  ErrorCodes.INVALID_PARAMS, "Invalid params: '_meta' must be an object")
              .withHttpStatus(400));
    }
    return new JsonRpcRequest(validId, method.textValue(), paramsObject);
  }

  private static IdentifiedException parseError(String why) {
    return new IdentifiedException(
        Optional.empty(),
        new JsonRpcException(ErrorCodes.PARSE_ERROR, "Parse error: " + why).withHttpStatus(400));
  }

  private static IdentifiedException invalid(String why, Optional<JsonNode> id) {
    return new IdentifiedException(
        id,
        new JsonRpcException(ErrorCodes.INVALID_REQUEST, "Invalid Request: " + why)
            .withHttpStatus(400));
  }

  /** A parse failure together with the request id, when one could be read. */
  public static final class IdentifiedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Optional<JsonNode> id;
    private final JsonRpcException error;

    IdentifiedException(Optional<JsonNode> id, JsonRpcException error) {
      super(error.getMessage(), null, false, false);
      this.id = id;
      this.error = error;
    }

    public Optional<JsonNode> id() {
      return id;
    }

    public JsonRpcException error() {
      return error;
    }
  }
}
