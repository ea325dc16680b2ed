package dev.jaxrsmcp.internal.jsonrpc;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Parses one JSON-RPC 2.0 request or notification, rejecting everything else precisely. A
 * well-formed message is read as a stream, only its {@code id} and {@code params} as trees; any
 * other body (malformed, a batch, a member twice, anything after the message, a member of the wrong
 * type) is parsed whole as a tree, which tells exactly what is wrong with it. Both ways give the
 * same message for every body the stream accepts. Thread-safe.
 */
public final class JsonRpcParser {
  /** A tree reader (its deserializer found once, not per message). */
  private final ObjectReader reader;

  /** The same reader for a value inside a message, which the message's own end follows. */
  private final ObjectReader memberReader;

  private final int maxDepth;

  public JsonRpcParser(int maxDepth) {
    this.reader = Json.reader(maxDepth).readerFor(JsonNode.class);
    this.memberReader = reader.without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
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
    Optional<JsonRpcRequest> streamed = stream(body);
    return streamed.isPresent() ? streamed.get() : tree(body);
  }

  /**
   * A well-formed message read as a stream: one object with {@code jsonrpc} "2.0", a non-empty
   * string {@code method}, at most a string or integer {@code id} and an object {@code params}
   * (whose {@code _meta}, if any, is an object), each member once, nothing after it. Empty for
   * anything else.
   */
  Optional<JsonRpcRequest> stream(byte[] body) {
    try (JsonParser parser = reader.createParser(body)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return Optional.empty();
      }
      String version = null;
      String method = null;
      JsonNode id = null;
      ObjectNode params = null;
      Set<String> others = null;
      for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
        JsonToken value = parser.nextToken();
        switch (name) {
          case "jsonrpc" -> {
            if (version != null || value != JsonToken.VALUE_STRING) {
              return Optional.empty();
            }
            version = parser.getText();
          }
          case "method" -> {
            if (method != null || value != JsonToken.VALUE_STRING) {
              return Optional.empty();
            }
            method = parser.getText();
          }
          case "id" -> {
            if (id != null
                || (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NUMBER_INT)) {
              return Optional.empty();
            }
            id = scalar(parser);
            if (tooLong(id)) {
              return Optional.empty(); // the tree says why
            }
          }
          case "params" -> {
            if (params != null
                || value != JsonToken.START_OBJECT
                || !(node(parser) instanceof ObjectNode object)) {
              return Optional.empty();
            }
            params = object;
          }
          default -> {
            others = others == null ? new HashSet<>() : others;
            if (!others.add(name)) {
              return Optional.empty();
            }
            memberReader.readTree(parser); // read, so that it is checked as the tree parse would
          }
        }
      }
      if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
        return Optional.empty();
      }
      if (!"2.0".equals(version) || method == null || method.isEmpty()) {
        return Optional.empty();
      }
      ObjectNode paramsObject = params == null ? Json.object() : params;
      JsonNode meta = paramsObject.get("_meta");
      if (meta != null && !meta.isObject()) {
        return Optional.empty();
      }
      return Optional.of(new JsonRpcRequest(Optional.ofNullable(id), method, paramsObject));
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // the tree parse says what is wrong
    }
  }

  /**
   * The value the parser is at as the tree reader makes it (the reader's node types, members in
   * their order), built here for objects, arrays, strings, integers and literals: the reader sets
   * up a deserialization context per value, the larger part of parsing a small message. Null for a
   * member twice in one object (the tree parse says so); any other number goes to the reader.
   */
  private JsonNode node(JsonParser parser) throws IOException {
    switch (parser.currentToken()) {
      case START_OBJECT -> {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
          parser.nextToken();
          JsonNode member = node(parser);
          if (member == null || object.replace(name, member) != null) {
            return null;
          }
        }
        return object;
      }
      case START_ARRAY -> {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (JsonToken item = parser.nextToken();
            item != JsonToken.END_ARRAY;
            item = parser.nextToken()) {
          JsonNode element = node(parser);
          if (element == null) {
            return null;
          }
          array.add(element);
        }
        return array;
      }
      case VALUE_STRING -> {
        return TextNode.valueOf(parser.getText());
      }
      case VALUE_TRUE -> {
        return BooleanNode.TRUE;
      }
      case VALUE_FALSE -> {
        return BooleanNode.FALSE;
      }
      case VALUE_NULL -> {
        return NullNode.getInstance();
      }
      case VALUE_NUMBER_INT -> {
        return scalar(parser);
      }
      default -> {
        return memberReader.readTree(parser);
      }
    }
  }

  /**
   * The id the parser is at (a string or an integer) as the tree reader makes it: {@code IntNode},
   * {@code LongNode} or {@code TextNode} built here, anything else by the reader.
   */
  private JsonNode scalar(JsonParser parser) throws IOException {
    if (parser.currentToken() == JsonToken.VALUE_STRING) {
      return TextNode.valueOf(parser.getText());
    }
    return switch (parser.getNumberType()) {
      case INT -> IntNode.valueOf(parser.getIntValue());
      case LONG -> LongNode.valueOf(parser.getLongValue());
      default -> memberReader.readTree(parser);
    };
  }

  /** The whole body parsed as a tree, then checked member by member. */
  JsonRpcRequest tree(byte[] body) {
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
    if (validId.isPresent() && tooLong(validId.get())) {
      throw invalid(
          "'id' is "
              + text(validId.get()).length()
              + " characters long; at most "
              + MAX_ID_CHARS
              + " are allowed",
          Optional.empty());
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

  /**
   * The longest id, in characters of its text (a string's value, an integer's digits): the server
   * keeps a request's id for as long as the request (a listen, a long read) runs, and repeats it in
   * every message of its stream (contract section 15: retained ids are length-limited).
   */
  public static final int MAX_ID_CHARS = 256;

  private static boolean tooLong(JsonNode id) {
    return text(id).length() > MAX_ID_CHARS;
  }

  private static String text(JsonNode id) {
    return id.isTextual() ? id.textValue() : id.asText();
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
