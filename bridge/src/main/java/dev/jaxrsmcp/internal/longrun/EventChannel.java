package dev.jaxrsmcp.internal.longrun;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * The response of a long-running read, turned into an SSE stream while its route still runs
 * (contract section 9): the first progress notification or keep-alive commits the response as
 * {@code text/event-stream} through the container's own writer, and later events follow on the same
 * stream. For a client that accepts only JSON the channel commits an {@code application/json}
 * response instead and its keep-alives are single spaces, whitespace the JSON message that ends it
 * may start with (RFC 8259 section 2); it carries no events, but a keep-alive to a client that went
 * away fails like one on a stream, so the read notices it. Once the route has answered, {@link
 * #seal()} decides for good: a committed channel carries the final message as its last event; an
 * uncommitted one stays unused and the final message is a plain JSON response. Writes happen under
 * this object's lock, one at a time, on whichever thread sends (the route's thread for progress,
 * the keep-alive worker, the container's for the final message); a failed write closes the channel,
 * which tells the read that the client went away.
 */
public final class EventChannel {
  private static final byte[] KEEP_ALIVE = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] JSON_KEEP_ALIVE = {' '};
  private static final byte[] EVENT_HEAD =
      "event: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] EVENT_END = "\n\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NO_BYTES = new byte[0];

  private final ContainerRequest request;
  private final ContainerResponseWriter container;
  private final boolean eventStream;
  private volatile Runnable onClientGone = () -> {};

  // guarded by this
  private OutputStream out = OutputStream.nullOutputStream();
  // guarded by this
  private boolean committed;
  // guarded by this
  private boolean sealed;
  // guarded by this
  private boolean closed;

  /**
   * @param eventStream true for an SSE stream; false for a JSON response (a client that does not
   *     accept {@code text/event-stream}), which only carries keep-alives and the final message
   */
  EventChannel(ContainerRequest request, ContainerResponseWriter container, boolean eventStream) {
    this.request = request;
    this.container = container;
    this.eventStream = eventStream;
  }

  /** Runs when a write fails because the client went away. */
  void onClientGone(Runnable action) {
    this.onClientGone = action;
  }

  /**
   * Sends one JSON-RPC message as an event, committing the stream first if needed; a JSON channel
   * sends nothing (false).
   */
  public boolean send(ObjectNode message) {
    return eventStream && write(Json.writeBytes(message), true);
  }

  /** Sends a keep-alive (comment, or a space), committing the response first if needed. */
  boolean keepAlive() {
    return write(eventStream ? KEEP_ALIVE : JSON_KEEP_ALIVE, false);
  }

  /**
   * The route has answered: no more events but the final one. Returns true when the final message
   * goes on this stream (it was committed), false when it is a plain response.
   */
  public synchronized boolean seal() {
    sealed = true;
    return committed;
  }

  public synchronized boolean isCommitted() {
    return committed;
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /**
   * Writes the final message as the stream's last event: {@code body} writes one line of JSON.
   * Nothing is written when the channel was closed meanwhile.
   */
  public synchronized void writeFinal(Body body) throws IOException {
    if (closed || !committed) {
      return;
    }
    try {
      if (eventStream) {
        out.write(EVENT_HEAD);
      }
      body.writeTo(out);
      if (eventStream) {
        out.write(EVENT_END);
      }
      out.flush();
    } catch (IOException | RuntimeException e) {
      closed = true;
      throw e;
    }
  }

  /**
   * Sends {@code message} as the last event (committing the stream if it was not), then closes it;
   * for a read that ends before its route does (a timeout, a shutdown).
   */
  void finish(ObjectNode message) {
    byte[] bytes = Json.writeBytes(message);
    synchronized (this) {
      if (sealed && !committed) {
        return; // the final message is a plain response, written by the container's thread
      }
      if (!closed && writeLocked(bytes, true)) {
        closeLocked();
      }
      sealed = true;
    }
  }

  /**
   * The read was cancelled (the client went away or asked): a stream ends with nothing more; a JSON
   * response, which must still be one JSON value, ends with {@code message} (a write to a client
   * that went away just fails).
   */
  void cancel(ObjectNode message) {
    if (eventStream) {
      close();
    } else {
      finish(message);
    }
  }

  /** Ends the stream (idempotent); a stream that never started stays uncommitted. */
  synchronized void close() {
    closeLocked();
    sealed = true;
  }

  /**
   * The stream the container's final response is written to once the channel is committed: writes
   * are ignored (the final event is written with {@link #writeFinal}), closing ends the stream.
   */
  public OutputStream tail() {
    return new OutputStream() {
      @Override
      public void write(int b) {}

      @Override
      public void write(byte[] b, int off, int len) {}

      @Override
      public void close() {
        EventChannel.this.close();
      }
    };
  }

  private boolean write(byte[] bytes, boolean event) {
    synchronized (this) {
      if (closed || sealed) {
        return false;
      }
      if (writeLocked(bytes, event)) {
        return true;
      }
    }
    onClientGone.run();
    return false;
  }

  // guarded by this
  private boolean writeLocked(byte[] bytes, boolean event) {
    try {
      if (!committed) {
        // The head carries a (never written) entity: Jersey's servlet writer gives no output
        // stream for a response without one, and the events would go nowhere.
        ContainerResponse head =
            new ContainerResponse(
                request,
                Response.ok(NO_BYTES)
                    .type(
                        eventStream
                            ? MediaType.SERVER_SENT_EVENTS_TYPE
                            : MediaType.APPLICATION_JSON_TYPE)
                    .header("X-Accel-Buffering", "no")
                    .header("Cache-Control", "no-cache")
                    .build());
        out = container.writeResponseStatusAndHeaders(-1, head);
        committed = true;
      }
      if (event && eventStream) {
        out.write(EVENT_HEAD);
        out.write(bytes);
        out.write(EVENT_END);
      } else {
        out.write(bytes);
      }
      out.flush();
      return true;
    } catch (IOException | RuntimeException e) {
      closed = true;
      return false;
    }
  }

  // guarded by this
  private void closeLocked() {
    if (closed) {
      return;
    }
    closed = true;
    if (committed) {
      try {
        out.close();
      } catch (IOException | RuntimeException e) {
        // The client is gone already.
      }
    }
  }

  /** Writes one line of JSON. */
  @FunctionalInterface
  public interface Body {
    void writeTo(OutputStream out) throws IOException;
  }

  /** Once an SSE stream has started, a 401 can no longer be an HTTP status. */
  public static JsonRpcException streamed(JsonRpcException e) {
    if (e.httpStatus() != 401 && e.httpStatus() != 403) {
      return e;
    }
    ObjectNode data = e.data().map(ObjectNode::deepCopy).orElseGet(Json::object);
    data.put("status", e.httpStatus());
    return new JsonRpcException(e.code(), e.getMessage(), data);
  }
}
