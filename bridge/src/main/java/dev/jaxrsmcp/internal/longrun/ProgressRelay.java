package dev.jaxrsmcp.internal.longrun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.protocol.ReadContext;

/**
 * Turns a read's progress into {@code notifications/progress} with the client's token, sent on the
 * read's event stream (the first one commits the response as a stream). Runs on the route's thread.
 */
final class ProgressRelay implements ReadContext.ProgressSink {
  private final JsonNode token;
  private final EventChannel channel;

  /**
   * @param token the client's {@code progressToken} (a string or an integer)
   */
  ProgressRelay(JsonNode token, EventChannel channel) {
    this.token = token;
    this.channel = channel;
  }

  @Override
  public void progress(double progress, double total, String message) {
    ObjectNode params = Json.object();
    params.set("progressToken", token);
    putNumber(params, "progress", progress);
    if (!Double.isNaN(total)) {
      putNumber(params, "total", total);
    }
    if (!message.isEmpty()) {
      params.put("message", message);
    }
    channel.send(JsonRpcMessages.notification("notifications/progress", params));
  }

  /** Whole numbers are written without a fraction ({@code 3}, not {@code 3.0}). */
  private static void putNumber(ObjectNode params, String name, double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      params.put(name, (long) value);
    } else {
      params.put(name, value);
    }
  }
}
