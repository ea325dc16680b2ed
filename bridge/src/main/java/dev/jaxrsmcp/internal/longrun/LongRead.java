package dev.jaxrsmcp.internal.longrun;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.protocol.ReadContext;
import dev.jaxrsmcp.internal.spool.Spool;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One long-running read in flight (contract section 9): the route's context, its spool and the
 * channel keep-alives (and, when the client accepts {@code text/event-stream}, progress) go to. The
 * route runs in place on the container's thread; the read may be aborted before the route is done
 * (the client cancels or goes away, the read times out, the server shuts down): aborting cancels
 * the context (the route sees it, and its next write fails) and, on a stream, sends the abort's
 * error at once. Whatever the route answers afterwards is dropped. The route's thread is never
 * interrupted: an interrupt closes any NIO channel the route happens to be using, which may be
 * shared.
 */
public final class LongRead {
  public final ReadContext context;
  public final Spool spool;
  public final Optional<EventChannel> channel;
  public final com.fasterxml.jackson.databind.JsonNode id;

  /** Empty while the read runs; then why it was aborted (with the error to answer, if any). */
  private final AtomicReference<Optional<Abort>> abort = new AtomicReference<>(Optional.empty());

  private volatile Consumer<JsonRpcException> onStreamedError = e -> {};

  LongRead(
      com.fasterxml.jackson.databind.JsonNode id,
      ReadContext context,
      Spool spool,
      Optional<EventChannel> channel) {
    this.id = id;
    this.context = context;
    this.spool = spool;
    this.channel = channel;
  }

  /** How an abort's error goes on the stream (the transport builds the message). */
  void onStreamedError(Consumer<JsonRpcException> action) {
    this.onStreamedError = action;
  }

  /**
   * The client went away or cancelled: nothing more is sent for this read (but, on a JSON response,
   * the {@code Read cancelled} error that ends it).
   */
  void cancel() {
    if (abort.compareAndSet(Optional.empty(), Optional.of(new Abort(Optional.empty())))) {
      context.cancel();
      channel.ifPresent(
          c ->
              c.cancel(
                  JsonRpcMessages.error(
                      Optional.of(id),
                      new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Read cancelled"))));
    }
  }

  /** The read ends with {@code answer} (a timeout, a shutdown) instead of the route's result. */
  void fail(JsonRpcException answer) {
    if (abort.compareAndSet(Optional.empty(), Optional.of(new Abort(Optional.of(answer))))) {
      // The answer first: a route that ends as soon as it sees the cancellation ends the response,
      // and the answer would find the channel closed.
      if (channel.isPresent()) {
        onStreamedError.accept(answer);
      }
      context.cancel();
    }
  }

  /** Why the read was aborted; empty while it has not been. */
  public Optional<Abort> aborted() {
    return abort.get();
  }

  /** The read is over: no more progress, the spool goes and the stream ends. */
  void end() {
    context.finish();
    spool.delete();
    channel.ifPresent(EventChannel::close);
  }

  /**
   * Why a read ended before its route did.
   *
   * @param answer the error to send; empty when the client cancelled (nothing is sent then)
   */
  public record Abort(Optional<JsonRpcException> answer) {}
}
