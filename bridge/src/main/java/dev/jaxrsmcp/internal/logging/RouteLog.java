package dev.jaxrsmcp.internal.logging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.jaxrsmcp.context.McpContext.LogLevel;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where one read's log messages go: {@code notifications/message} to a sink, for messages at or
 * above the level the client asked for; nothing when it asked for none. Immutable; thread-safe when
 * its sink is.
 */
public final class RouteLog {
  /** Sends nothing. */
  public static final RouteLog OFF = new RouteLog(Optional.empty(), message -> {});

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Optional<LogLevel> threshold;
  private final Consumer<ObjectNode> sink;

  private RouteLog(Optional<LogLevel> threshold, Consumer<ObjectNode> sink) {
    this.threshold = threshold;
    this.sink = sink;
  }

  /** Messages at {@code threshold} or above go to {@code sink}; none when it is empty. */
  public static RouteLog to(Optional<LogLevel> threshold, Consumer<ObjectNode> sink) {
    return threshold.isEmpty() ? OFF : new RouteLog(threshold, sink);
  }

  /** True when a message at {@code level} would be sent. */
  public boolean enabled(LogLevel level) {
    return threshold.map(t -> level.compareTo(t) >= 0).orElse(false);
  }

  /**
   * Sends one message when its level is enabled.
   *
   * @throws IllegalArgumentException when {@code data} cannot be written as JSON
   */
  public void log(LogLevel level, String logger, Object data) {
    if (!enabled(level)) {
      return;
    }
    ObjectNode params = Json.object().put("level", level.wireName());
    if (logger != null && !logger.isEmpty()) {
      params.put("logger", logger);
    }
    JsonNode value = data instanceof JsonNode node ? node : MAPPER.valueToTree(data);
    params.set("data", value == null || value.isNull() ? TextNode.valueOf("") : value);
    sink.accept(JsonRpcMessages.notification("notifications/message", params));
  }
}
