package dev.jaxrsmcp.redis.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.sharedsessions.SessionEvent;
import dev.jaxrsmcp.internal.sharedsessions.SessionRecord;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Redis form of a session record (the fields of one hash) and of a session event (a JSON
 * message on the sessions channel).
 *
 * <p>Record fields: {@code v} the protocol version, {@code caps} and {@code info} the client's
 * capabilities and info (JSON), {@code owner} the binding fingerprint (base64), {@code caller} the
 * quota key, {@code init} 1 once confirmed, {@code level} the log level, {@code stream} the GET
 * stream generation, {@code used} the last use (ms), and {@code sub:<uri>} per subscription (the
 * instance holding it).
 */
public final class SessionFields {
  static final String SUBSCRIPTION = "sub:";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SessionFields() {}

  /** The field, value pairs a new record is stored with. */
  static List<String> encode(SessionRecord record) {
    List<String> fields = new ArrayList<>();
    add(fields, "v", record.protocolVersion());
    add(fields, "caps", write(record.clientCapabilities()));
    record.clientInfo().ifPresent(info -> add(fields, "info", write(info)));
    add(fields, "owner", Base64.getEncoder().encodeToString(record.owner()));
    add(fields, "caller", record.quotaKey());
    add(fields, "init", record.initialized() ? "1" : "0");
    record.logLevel().ifPresent(level -> add(fields, "level", level));
    return fields;
  }

  /** The record read back from {@code HGETALL}'s flat list; empty for an empty list. */
  static Optional<SessionRecord> decode(String id, List<?> flat) {
    if (flat == null || flat.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> fields = new HashMap<>();
    for (int i = 0; i + 1 < flat.size(); i += 2) {
      fields.put(String.valueOf(flat.get(i)), String.valueOf(flat.get(i + 1)));
    }
    Set<String> subscriptions = new LinkedHashSet<>();
    fields.keySet().stream()
        .filter(name -> name.startsWith(SUBSCRIPTION))
        .forEach(name -> subscriptions.add(name.substring(SUBSCRIPTION.length())));
    return Optional.of(
        new SessionRecord(
            id,
            fields.getOrDefault("v", ""),
            object(fields.getOrDefault("caps", "{}")),
            Optional.ofNullable(fields.get("info")).map(SessionFields::object),
            Base64.getDecoder().decode(fields.getOrDefault("owner", "")),
            fields.getOrDefault("caller", ""),
            "1".equals(fields.get("init")),
            Optional.ofNullable(fields.get("level")),
            subscriptions));
  }

  /** The message for {@code event}, naming the instance that publishes it. */
  static String encode(String origin, SessionEvent event) {
    ObjectNode node =
        MAPPER
            .createObjectNode()
            .put("origin", origin)
            .put("type", event.type().name())
            .put("session", event.session())
            .put("detail", event.detail())
            .put("generation", event.generation());
    return write(node);
  }

  /** The event in a message from another instance; empty for our own and for anything else. */
  static Optional<SessionEvent> decode(String self, String message) {
    JsonNode node;
    try {
      node = MAPPER.readTree(message);
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
    if (node == null
        || !node.path("origin").isTextual()
        || node.get("origin").textValue().equals(self)
        || !node.path("session").isTextual()) {
      return Optional.empty();
    }
    SessionEvent.Type type;
    try {
      type = SessionEvent.Type.valueOf(node.path("type").asText(""));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    return Optional.of(
        new SessionEvent(
            type,
            node.get("session").textValue(),
            node.path("detail").asText(""),
            node.path("generation").asLong(0)));
  }

  private static void add(List<String> fields, String name, String value) {
    fields.add(name);
    fields.add(value);
  }

  private static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectNode object(String json) {
    try {
      JsonNode node = MAPPER.readTree(json);
      return node instanceof ObjectNode object ? object : MAPPER.createObjectNode();
    } catch (JsonProcessingException e) {
      return MAPPER.createObjectNode();
    }
  }
}
