package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.dispatch.ReadContext;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Turns a read's progress into {@code notifications/progress} with the client's token. Progress
 * reported before the response became an SSE stream is kept and sent, in order, once the stream is
 * attached; {@link #first} completes at the first report, which is what makes the response switch
 * to SSE.
 */
final class ProgressRelay implements ReadContext.ProgressSink {
  final CompletableFuture<Void> first = new CompletableFuture<>();
  private final JsonNode token;
  // guarded by this
  private final List<ObjectNode> pending = new ArrayList<>();
  // guarded by this; null until attached
  private SseStream stream;

  /**
   * @param token the client's {@code progressToken} (a string or an integer)
   */
  ProgressRelay(JsonNode token) {
    this.token = token;
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
    send(JsonRpcMessages.notification("notifications/progress", params));
  }

  /** Sends any notification of the read (a log message) the same way as progress. */
  void send(ObjectNode notification) {
    synchronized (this) {
      if (stream == null) {
        pending.add(notification);
        first.complete(null);
        return;
      }
      stream.send(notification);
    }
  }

  /** Sends what was kept, then everything that follows, to {@code target}. */
  synchronized void attach(SseStream target) {
    for (ObjectNode notification : pending) {
      target.send(notification);
    }
    pending.clear();
    stream = target;
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
