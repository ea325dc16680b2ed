package dev.jaxrsmcp.internal.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A tool result of several content items: a route that answers {@value #MEDIA_TYPE} (a JSON array
 * of MCP content blocks) gives them as the result's {@code content}, as they are. Each item must be
 * an object of a known {@code type} with that type's members ({@code text}: {@code text}; {@code
 * image}, {@code audio}: {@code data} and {@code mimeType}; {@code resource}: {@code resource};
 * {@code resource_link}: {@code uri} and {@code name}); anything else is the route's mistake and
 * the call's error result, which names the item and the member.
 */
public final class ContentItems {
  /** The media type of a JSON array of MCP content blocks. */
  public static final String MEDIA_TYPE = McpTool.CONTENT_ITEMS;

  private static final Map<String, List<String>> REQUIRED_STRINGS =
      Map.of(
          "text", List.of("text"),
          "image", List.of("data", "mimeType"),
          "audio", List.of("data", "mimeType"),
          "resource", List.of(),
          "resource_link", List.of("uri", "name"));

  private static final ObjectMapper READER = Json.reader(1000);

  private ContentItems() {}

  /** True for {@value #MEDIA_TYPE}, parameters aside. */
  public static boolean isContentItems(String mediaType) {
    String type = mediaType.toLowerCase(Locale.ROOT);
    int semicolon = type.indexOf(';');
    if (semicolon >= 0) {
      type = type.substring(0, semicolon);
    }
    return type.trim().equals(MEDIA_TYPE);
  }

  /**
   * The tool result of a route's body of content items: {@code content} with the items, or an error
   * result ({@code isError}) naming what is wrong with them.
   */
  public static ObjectNode result(String json) {
    ObjectNode result = Json.object();
    Optional<String> problem = Optional.empty();
    JsonNode items;
    try {
      items = READER.readTree(json);
    } catch (IOException | RuntimeException e) {
      items = null;
    }
    if (!(items instanceof ArrayNode array)) {
      problem = Optional.of("it is not a JSON array");
    } else {
      for (int i = 0; i < array.size() && problem.isEmpty(); i++) {
        int index = i;
        problem = problem(array.get(i)).map(p -> "item " + index + " " + p);
      }
      if (problem.isEmpty()) {
        result.set("content", array);
        return result;
      }
    }
    result
        .putArray("content")
        .addObject()
        .put("type", "text")
        .put(
            "text",
            "the route answered "
                + MEDIA_TYPE
                + " that is not a list of MCP content items: "
                + problem.get());
    result.put("isError", true);
    return result;
  }

  private static Optional<String> problem(JsonNode item) {
    if (!(item instanceof ObjectNode object)) {
      return Optional.of("is not an object");
    }
    JsonNode type = object.get("type");
    if (type == null || !type.isTextual() || !REQUIRED_STRINGS.containsKey(type.textValue())) {
      return Optional.of(
          "has no known 'type' (found "
              + (type == null ? "none" : Json.write(type))
              + "; known: text, image, audio, resource, resource_link)");
    }
    for (String member : REQUIRED_STRINGS.get(type.textValue())) {
      if (!object.path(member).isTextual()) {
        return Optional.of(
            "of type '" + type.textValue() + "' needs the string member '" + member + "'");
      }
    }
    if (type.textValue().equals("resource") && !object.path("resource").isObject()) {
      return Optional.of("of type 'resource' needs the object member 'resource'");
    }
    return Optional.empty();
  }
}
