package dev.jaxrsmcp.internal.prompts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.content.ContentsShape;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How a prompt route's 2xx answer, held whole, becomes a {@code prompts/get} result: text is one
 * {@code user} message; JSON is a list of MCP {@code PromptMessage}s (or an object with {@code
 * messages} and an optional {@code description}; a JSON string is one text message); an image or
 * audio type is one {@code user} message with that content; any other type one {@code user} message
 * embedding the body as a resource. JSON that is not prompt messages is the route's fault: {@code
 * -32603}, naming the rule and where it broke, never the body.
 */
public final class PromptMessages {
  private static final ObjectMapper JSON = Json.reader(1000);
  private static final Set<String> ROLES = Set.of("user", "assistant");

  /** The members each content type must have as strings. */
  private static final Map<String, Set<String>> CONTENT_FIELDS =
      Map.of(
          "text", Set.of("text"),
          "image", Set.of("data", "mimeType"),
          "audio", Set.of("data", "mimeType"),
          "resource_link", Set.of("uri", "name"),
          "resource", Set.of());

  private PromptMessages() {}

  /**
   * The result's body ({@code description} when the route gave one, {@code messages}).
   *
   * @param name the prompt's name, for error messages
   * @param uri the URI the route's {@code GET} was made of, for an embedded resource
   * @throws JsonRpcException ({@code -32603}) when the route's JSON is not prompt messages
   */
  public static ObjectNode of(String name, String uri, ContentsShape shape, byte[] body) {
    ObjectNode result = Json.object();
    if (!shape.text()) {
      result.putArray("messages").add(user(binary(uri, shape, body)));
      return result;
    }
    String text = shape.value(body);
    if (!ContentsShape.isJson(shape.mimeType())) {
      result.putArray("messages").add(user(textContent(text)));
      return result;
    }
    JsonNode json;
    try {
      json = JSON.readTree(text);
    } catch (IOException | RuntimeException e) {
      throw broken(name, "its JSON does not parse");
    }
    if (json == null || json.isMissingNode()) {
      throw broken(name, "it answered no JSON");
    }
    if (json.isTextual()) {
      result.putArray("messages").add(user(textContent(json.textValue())));
      return result;
    }
    JsonNode messages = json;
    if (json.isObject()) {
      JsonNode description = json.get("description");
      if (description != null && !description.isNull()) {
        if (!description.isTextual()) {
          throw broken(name, "'description' must be a string (found " + kind(description) + ")");
        }
        result.put("description", description.textValue());
      }
      messages = json.get("messages");
      if (messages == null) {
        throw broken(name, "an object must have 'messages' (found none)");
      }
    }
    if (!messages.isArray()) {
      throw broken(name, "the messages must be an array (found " + kind(messages) + ")");
    }
    ArrayNode out = result.putArray("messages");
    for (int i = 0; i < messages.size(); i++) {
      out.add(checked(name, i, messages.get(i)));
    }
    return result;
  }

  private static JsonNode checked(String name, int index, JsonNode message) {
    String where = "message " + index;
    if (!(message instanceof ObjectNode object)) {
      throw broken(name, where + " must be an object (found " + kind(message) + ")");
    }
    JsonNode role = object.get("role");
    if (role == null || !role.isTextual() || !ROLES.contains(role.textValue())) {
      throw broken(
          name,
          where
              + " must have a 'role' of \"user\" or \"assistant\" (found "
              + (role == null ? "none" : Json.write(role))
              + ")");
    }
    JsonNode content = object.get("content");
    if (!(content instanceof ObjectNode c)) {
      throw broken(
          name,
          where
              + " must have a 'content' object (found "
              + (content == null ? "none" : kind(content))
              + ")");
    }
    JsonNode type = c.get("type");
    Set<String> fields =
        type != null && type.isTextual() ? CONTENT_FIELDS.get(type.textValue()) : null;
    if (fields == null) {
      throw broken(
          name,
          where
              + " has a content 'type' that is not text, image, audio, resource_link or resource"
              + " (found "
              + (type == null ? "none" : Json.write(type))
              + ")");
    }
    for (String field : fields) {
      if (!c.path(field).isTextual()) {
        throw broken(
            name, where + " has " + type.textValue() + " content without a string '" + field + "'");
      }
    }
    if ("resource".equals(type.textValue())
        && !(c.path("resource").isObject() && c.path("resource").path("uri").isTextual())) {
      throw broken(name, where + " has resource content without a 'resource' that has a 'uri'");
    }
    return object;
  }

  private static ObjectNode binary(String uri, ContentsShape shape, byte[] body) {
    String data = shape.value(body); // base64
    String type = shape.mimeType().toLowerCase(Locale.ROOT);
    if (type.startsWith("image/") || type.startsWith("audio/")) {
      return Json.object()
          .put("type", type.startsWith("image/") ? "image" : "audio")
          .put("data", data)
          .put("mimeType", shape.mimeType());
    }
    ObjectNode content = Json.object().put("type", "resource");
    content.set("resource", shape.contents(uri, data));
    return content;
  }

  private static ObjectNode textContent(String text) {
    return Json.object().put("type", "text").put("text", text);
  }

  private static ObjectNode user(ObjectNode content) {
    ObjectNode message = Json.object().put("role", "user");
    message.set("content", content);
    return message;
  }

  private static String kind(JsonNode node) {
    return node.getNodeType().name().toLowerCase(Locale.ROOT);
  }

  private static JsonRpcException broken(String name, String why) {
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        "Internal error: the route of prompt '" + name + "' did not answer prompt messages: " + why,
        Json.object().put("prompt", name));
  }
}
