package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.session.NotificationStream;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.jersey.media.sse.EventOutput;
import org.glassfish.jersey.media.sse.OutboundEvent;

/**
 * One Server-Sent Events response, framed by Jersey's SSE support: each JSON-RPC message is one
 * {@code message} event with one {@code data:} line (the JSON is written on a single line; clients
 * such as the MCP Java SDK read only events named {@code message}), and keep-alives are comment
 * lines. Used for POST response streams (progress, listen) and for a legacy session's GET stream.
 * Writes are thread-safe; a failed write closes the stream and runs its close action once.
 *
 * <p>Jersey queues an event written before the response is on the wire, or while another thread is
 * writing, and the thread that writes the queue writes it; when a write fails, the events still
 * queued are dropped. {@link #onFailure} tells the owner of a queued event that this happened.
 */
public final class SseStream implements NotificationStream {
  private final EventOutput output = new EventOutput();
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile Runnable onClose = () -> {};
  private volatile Runnable onFailure = () -> {};

  /** The HTTP response that carries this stream. */
  public Response response() {
    return Response.ok(output, MediaType.SERVER_SENT_EVENTS_TYPE)
        .header("X-Accel-Buffering", "no")
        .header("Cache-Control", "no-cache")
        .build();
  }

  /** Runs once when the stream closes, for any reason. */
  void onClose(Runnable action) {
    this.onClose = action;
  }

  /**
   * Runs (possibly more than once) when a write through this object fails: events still queued are
   * then never written.
   */
  void onFailure(Runnable action) {
    this.onFailure = action;
  }

  /** Sends one JSON-RPC message; false when the stream is closed or the client went away. */
  @Override
  public boolean send(ObjectNode message) {
    return write(
        new OutboundEvent.Builder()
            .name("message")
            // text/plain, so the String is written as it is (an application JSON provider would
            // quote it again)
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
            .name("message")
            .mediaType(MediaType.TEXT_PLAIN_TYPE)
            .data(StreamingOutput.class, body)
            .build());
  }

  /** Sends a keep-alive comment; false when the client went away. */
  @Override
  public boolean keepAlive() {
    return write(new OutboundEvent.Builder().comment("keep-alive").build());
  }

  boolean isClosed() {
    return closed.get() || output.isClosed();
  }

  @Override
  public boolean isOpen() {
    return !isClosed();
  }

  /** Closes the stream (idempotent). */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      try {
        output.close(); // writes what is still queued when nobody else is writing
      } catch (IOException | RuntimeException e) {
        onFailure.run(); // the client is gone; queued events are dropped
      }
      onClose.run();
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
      onFailure.run();
      close();
      return false;
    }
  }
}
