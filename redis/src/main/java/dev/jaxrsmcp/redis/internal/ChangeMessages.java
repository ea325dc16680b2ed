package dev.jaxrsmcp.redis.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpChangeBus.Change;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The wire form of a change on the Redis channel: {@code {"origin":"<instance>","uri":"…"}} for an
 * updated resource, {@code {"origin":"<instance>","listChanged":true}} for a list change.
 */
public final class ChangeMessages {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ChangeMessages() {}

  /** A message received from the channel. */
  public record Received(String origin, Change change) {}

  public static String encode(String origin, Change change) {
    ObjectNode node = MAPPER.createObjectNode().put("origin", origin);
    if (change.uri().isPresent()) {
      node.put("uri", change.uri().get());
    } else {
      node.put("listChanged", true);
    }
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The decoded message; empty for anything that is not a change message. */
  public static Optional<Received> decode(String message) {
    JsonNode node;
    try {
      node = MAPPER.readTree(message);
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
    if (node == null || !node.path("origin").isTextual()) {
      return Optional.empty();
    }
    String origin = node.get("origin").textValue();
    JsonNode uri = node.get("uri");
    if (uri != null && uri.isTextual() && !uri.textValue().isEmpty()) {
      return Optional.of(new Received(origin, Change.updated(uri.textValue())));
    }
    if (node.path("listChanged").asBoolean(false)) {
      return Optional.of(new Received(origin, Change.listChanged()));
    }
    return Optional.empty();
  }
}
