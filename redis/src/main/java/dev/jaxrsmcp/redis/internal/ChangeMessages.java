package dev.jaxrsmcp.redis.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.changes.McpChangeBus.Change;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The wire form of a change on the Redis channel: {@code {"origin":"<instance>","uri":"…"}} for an
 * updated resource, {@code {"origin":"<instance>","listChanged":true}} for a list change, and
 * {@code {"origin":"<instance>","missed":<epoch ms>}} when that instance could not publish a change
 * at that time (the latest one it lost): the others' subscribers may have missed it.
 */
public final class ChangeMessages {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ChangeMessages() {}

  /**
   * A message received from the channel: a change, or (when {@code change} is empty) the news that
   * the origin lost changes up to {@code lostAtMillis}.
   */
  public record Received(String origin, Optional<Change> change, long lostAtMillis) {}

  public static String encode(String origin, Change change) {
    ObjectNode node = MAPPER.createObjectNode().put("origin", origin);
    if (change.uri().isPresent()) {
      node.put("uri", change.uri().get());
    } else {
      node.put("listChanged", true);
    }
    return write(node);
  }

  /** Says that {@code origin} could not publish changes, the latest at {@code lostAtMillis}. */
  public static String encodeMissed(String origin, long lostAtMillis) {
    return write(MAPPER.createObjectNode().put("origin", origin).put("missed", lostAtMillis));
  }

  private static String write(ObjectNode node) {
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
      return Optional.of(new Received(origin, Optional.of(Change.updated(uri.textValue())), 0));
    }
    if (node.path("listChanged").asBoolean(false)) {
      return Optional.of(new Received(origin, Optional.of(Change.listChanged()), 0));
    }
    if (node.path("missed").canConvertToLong() && node.path("missed").isIntegralNumber()) {
      return Optional.of(new Received(origin, Optional.empty(), node.get("missed").longValue()));
    }
    return Optional.empty();
  }
}
