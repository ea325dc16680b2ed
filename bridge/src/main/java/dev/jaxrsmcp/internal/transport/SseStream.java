package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.jersey.media.sse.EventOutput;
import org.glassfish.jersey.media.sse.OutboundEvent;

/**
 * One Server-Sent Events response, framed by Jersey's SSE support: each JSON-RPC message is one
 * event with one {@code data:} line (the JSON is written on a single line), and keep-alives are
 * comment lines. Writes are thread-safe; a failed write closes the stream and runs its close action
 * once.
 */
final class SseStream {
  private final EventOutput output = new EventOutput();
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile Runnable onClose = () -> {};

  /** The HTTP response that carries this stream. */
  Response response() {
    return Response.ok(output, MediaType.SERVER_SENT_EVENTS_TYPE)
        .header("X-Accel-Buffering", "no")
        .header("Cache-Control", "no-cache")
        .build();
  }

  /** Runs once when the stream closes, for any reason. */
  void onClose(Runnable action) {
    this.onClose = action;
  }

  /** Sends one JSON-RPC message; false when the stream is closed or the client went away. */
  boolean send(ObjectNode message) {
    return write(
        new OutboundEvent.Builder()
            .mediaType(MediaType.TEXT_PLAIN_TYPE)
            .data(String.class, Json.write(message))
            .build());
  }

  /**
   * Queues one message written by {@code body} (one line of JSON) as one event; false when the
   * stream is closed. The body may run on another thread after this returns.
   */
  boolean sendStreaming(StreamingOutput body) {
    return write(
        new OutboundEvent.Builder()
            .mediaType(MediaType.TEXT_PLAIN_TYPE)
            .data(StreamingOutput.class, body)
            .build());
  }

  /** Sends a keep-alive comment; false when the client went away. */
  boolean keepAlive() {
    return write(new OutboundEvent.Builder().comment("keep-alive").build());
  }

  boolean isClosed() {
    return closed.get() || output.isClosed();
  }

  /**
   * Closes the stream (idempotent) and runs the close action, also when the client is gone and
   * closing fails (Jersey reports that as an {@link java.io.UncheckedIOException}).
   */
  void close() {
    if (closed.compareAndSet(false, true)) {
      try {
        output.close();
      } catch (IOException | RuntimeException e) {
        // The client is gone already; nothing more to do.
      } finally {
        onClose.run();
      }
    }
  }

  private boolean write(OutboundEvent event) {
    if (isClosed()) {
      return false;
    }
    try {
      output.write(event);
      return true;
    } catch (IOException | RuntimeException e) {
      close();
      return false;
    }
  }
}
