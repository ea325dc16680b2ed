package dev.jaxrsmcp.internal.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.readiness.StreamQueues;
import dev.jaxrsmcp.internal.session.NotificationStream;
import dev.jaxrsmcp.internal.subscribe.NonBlockingWrites;
import dev.jaxrsmcp.internal.subscribe.StreamWriters;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.glassfish.jersey.media.sse.EventOutput;
import org.glassfish.jersey.media.sse.OutboundEvent;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * One Server-Sent Events response, framed as Jersey's SSE support frames it: each JSON-RPC message
 * is one {@code message} event with one {@code data:} line (the JSON is written on a single line;
 * clients such as the MCP Java SDK read only events named {@code message}), and keep-alives are
 * comment lines. Messages and keep-alives are encoded once as bytes ({@link SseFrame}) and written
 * to the container's entity stream as they are, once Jersey handed the response over; Jersey's own
 * event writer still writes a streamed body, and every event of a response whose entity stream is
 * encoded on its way. Used for POST response streams (progress, listen) and for a legacy session's
 * GET stream.
 *
 * <p>Nothing here blocks on the network: {@link #send}, {@link #sendStreaming}, {@link #keepAlive}
 * and {@link #close} queue what they are given in the stream's {@link Outbox}, so a timer, the
 * change hub or a long-running read may call them from any thread. On a container that says when it
 * takes more, events are written by the delivery thread that queued them, or by a small fixed pool
 * ({@link NonBlockingWrites}); a body streamed from disk, and every event on a container whose
 * writes block, by a writer thread of the stream's own ({@link StreamWriters}). A client that stops
 * reading holds at most {@code maxUnsentBytes} here (plus what its container buffers); past that
 * the stream ends with a comment saying why (and, for a listen, the error response it was given),
 * and its close action runs.
 *
 * <p>Thread-safe. The close action runs once, when the stream closes for any reason; a failed write
 * (the client went away) closes the stream.
 */
public final class SseStream implements NotificationStream {
  /** Where a stream ended because its client fell behind is logged, at {@code INFO}. */
  public static final String LOGGER = "dev.jaxrsmcp.streams";

  private static final System.Logger LOG = System.getLogger(LOGGER);

  /** Bytes that may wait for a client when the owner gives no limit. */
  public static final long DEFAULT_MAX_UNSENT_BYTES = 1L << 20;

  /**
   * 200 without a reason phrase, so that the container writes its own: the same {@code 200 OK} on
   * the wire. Grizzly copies a reason phrase it is given into a 256-character buffer of the
   * response (to escape it), which an open stream keeps: half a KiB per idle stream. ({@link
   * Status}: a status as given, its accessors those of {@link Response.StatusType}.)
   */
  private static final Response.StatusType OK_IN_THE_CONTAINERS_WORDS =
      new Status(200, Response.Status.Family.SUCCESSFUL, null);

  private record Status(int getStatusCode, Response.Status.Family getFamily, String getReasonPhrase)
      implements Response.StatusType {}

  private final EventOutput output = new EventOutput();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Outbox outbox;

  /**
   * The container's entity stream, once handed over, when what is written to it reaches the client
   * as it is: events then go there as bytes, encoded once ({@link SseFrame}), rather than through
   * Jersey's event writer, which would frame each event anew for each stream. Null until then, and
   * when the response is encoded on its way ({@code Content-Encoding}): Jersey writes them then.
   */
  private volatile StreamOutput verbatim;

  private volatile Runnable onClose = () -> {};
  private volatile Runnable onFailure = () -> {};

  /** A stream with the default limit of unsent bytes. */
  public SseStream() {
    this(DEFAULT_MAX_UNSENT_BYTES, Optional.empty());
  }

  /**
   * @param maxUnsentBytes bytes that may wait for the client before the stream is ended
   * @param overflowMessage the last message when that happens (a listen's error response), before
   *     the comment saying why
   */
  public SseStream(long maxUnsentBytes, Optional<ObjectNode> overflowMessage) {
    this(maxUnsentBytes, () -> overflowMessage);
  }

  /**
   * @param maxUnsentBytes bytes that may wait for the client before the stream is ended
   * @param overflowMessage makes the last message when that happens (only then)
   */
  public SseStream(long maxUnsentBytes, Supplier<Optional<ObjectNode>> overflowMessage) {
    this.outbox =
        new Outbox(
            new Outbox.Sink() {
              @Override
              public void write(Outbox.Frame frame) throws IOException {
                StreamOutput out = verbatim;
                if (!(frame.payload() instanceof SseFrame sse)) {
                  output.write((OutboundEvent) frame.payload());
                } else if (out != null) {
                  sse.writeTo(out); // flushed when the outbox's batch ends
                } else {
                  output.write(sse.event());
                }
              }

              @Override
              public void close() throws IOException {
                output.close();
              }
            },
            new Outbox.Events() {
              @Override
              public void dropped() {
                onFailure.run();
              }

              @Override
              public void ended() {
                markClosed();
              }
            },
            maxUnsentBytes,
            () -> {
              LOG.log(System.Logger.Level.INFO, () -> ended(maxUnsentBytes));
              List<Outbox.Frame> last = new ArrayList<>();
              overflowMessage.get().ifPresent(m -> last.add(messageFrame(m)));
              last.add(frame(SseFrame.comment(overflowReason(maxUnsentBytes)), false));
              return last;
            },
            StreamWriters::execute,
            NonBlockingWrites::execute,
            true); // until the response is handed over: see answer
  }

  /** The line logged (logger {@value #LOGGER}, {@code INFO}) when a stream is ended so. */
  static String ended(long maxUnsentBytes) {
    return "an MCP event stream was ended: more than "
        + maxUnsentBytes
        + " bytes were waiting for its client (maxUnsentBytes), which stopped reading or reads too"
        + " slowly";
  }

  /** Why a stream whose client fell more than {@code maxUnsentBytes} behind was ended. */
  public static String overflowReason(long maxUnsentBytes) {
    return "stream ended: more than "
        + maxUnsentBytes
        + " bytes were waiting for this client (maxUnsentBytes); reconnect, then re-read";
  }

  /**
   * The HTTP response that carries this stream, as the answer to {@code request}. Until Jersey has
   * set that response up, what is sent (and a close) waits here: see {@link StreamHandOver}.
   */
  public Response answer(ContainerRequest request) {
    return answer(request, () -> {});
  }

  /**
   * {@link #answer(ContainerRequest)}; once the response is open, {@code opened} runs on the
   * request's thread: what an idle stream need not keep of its request may be dropped there.
   */
  Response answer(ContainerRequest request, Runnable opened) {
    // on a servlet container: its response, for the stream to write without blocking
    Optional<Object> servletResponse =
        Optional.ofNullable(request.getProperty(StreamQueues.SERVLET_RESPONSE));
    request.removeProperty(StreamQueues.SERVLET_RESPONSE);
    request.setWriter(
        new StreamHandOver(
            request.getResponseWriter(), servletResponse, this::handedOver, this::abort, opened));
    return Response.status(OK_IN_THE_CONTAINERS_WORDS)
        .entity(output)
        .type(MediaType.SERVER_SENT_EVENTS_TYPE)
        .header("X-Accel-Buffering", "no")
        .header("Cache-Control", "no-cache")
        .build();
  }

  private void handedOver(Wire wire) {
    if (wire instanceof StreamOutput out && out.verbatim()) {
      verbatim = out;
    }
    outbox.release(wire);
  }

  /** Runs once when the stream closes, for any reason. */
  public void onClose(Runnable action) {
    this.onClose = action;
  }

  /**
   * Runs (possibly more than once) when events queued on this stream will never be written: a write
   * failed, the stream overflowed or was aborted.
   */
  void onFailure(Runnable action) {
    this.onFailure = action;
  }

  /** Queues one JSON-RPC message; false when the stream is closed (or this message ended it). */
  @Override
  public boolean send(ObjectNode message) {
    return !isClosed() && outbox.offer(messageFrame(message));
  }

  /** Queues one event encoded already; false when the stream is closed. */
  boolean send(SseFrame event) {
    return !isClosed() && outbox.offer(frame(event, false));
  }

  /**
   * Queues one message written by {@code body} (one line of JSON, streamed from disk, so not
   * counted against the limit) as one event; false when the stream is closed. The body runs on a
   * writer thread after this returns.
   */
  boolean sendStreaming(StreamingOutput body) {
    OutboundEvent event =
        new OutboundEvent.Builder()
            .name("message")
            .mediaType(MediaType.TEXT_PLAIN_TYPE)
            .data(StreamingOutput.class, body)
            .build();
    return !isClosed() && outbox.offer(new Outbox.Frame(event, 0, false, true));
  }

  /**
   * Queues a keep-alive comment, unless one is still waiting to be written (keep-alives do not pile
   * up behind a stuck write); false when the stream is closed.
   */
  @Override
  public boolean keepAlive() {
    return !isClosed() && outbox.offer(frame(SseFrame.KEEP_ALIVE, true));
  }

  boolean isClosed() {
    return closed.get() || output.isClosed();
  }

  @Override
  public boolean isOpen() {
    return !isClosed();
  }

  /** Closes the stream once what is queued is written (idempotent); never blocks. */
  @Override
  public void close() {
    outbox.close();
    markClosed();
  }

  /**
   * Ends the stream as when its client falls more than {@code maxUnsentBytes} behind: what is
   * queued is dropped, the message saying why is sent. Never blocks.
   */
  public void overflow() {
    outbox.overflow();
    markClosed();
  }

  /**
   * Ends the stream without writing what is still queued (a client too slow to take its final
   * result at shutdown); never blocks.
   */
  void abort() {
    outbox.abort();
    markClosed();
  }

  /** Completes once the response ended on the wire: written and closed, or failed. */
  CompletableFuture<Void> finished() {
    return outbox.finished();
  }

  /** Bytes waiting for the client now (for tests). */
  long unsent() {
    return outbox.unsent();
  }

  private void markClosed() {
    if (closed.compareAndSet(false, true)) {
      onClose.run();
    }
  }

  private static Outbox.Frame messageFrame(ObjectNode message) {
    return frame(SseFrame.message(Json.writeBytes(message)), false);
  }

  private static Outbox.Frame frame(SseFrame event, boolean keepAlive) {
    return new Outbox.Frame(event, event.size(), keepAlive);
  }
}
