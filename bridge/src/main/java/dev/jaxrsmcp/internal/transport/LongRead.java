package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.internal.dispatch.ReadContext;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.spool.Spool;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One long-running read in flight: the route's context, its spool, and {@link #outcome}, which
 * completes with the route's response when the worker is done, or first, exceptionally with {@link
 * Aborted}, when the client cancels, the read times out or the server shuts down. Aborting cancels
 * the context (the route sees it, and its next write fails); whatever the worker does afterwards is
 * ignored. The worker's thread is never interrupted: an interrupt closes any NIO channel the route
 * happens to be using, which may be shared (a database file, an index).
 */
final class LongRead {
  final ReadContext context;
  final Spool spool;
  final CompletableFuture<RouteResponse> outcome = new CompletableFuture<>();

  LongRead(ReadContext context, Spool spool) {
    this.context = context;
    this.spool = spool;
  }

  /** The client went away or cancelled: nothing more is sent for this read. */
  void cancel() {
    abort(new Aborted(Optional.empty()));
  }

  /** The read ends with {@code answer} (a timeout, a shutdown) instead of the route's result. */
  void fail(JsonRpcException answer) {
    abort(new Aborted(Optional.of(answer)));
  }

  /** The read is over: no more progress, and the spool goes. */
  void end() {
    context.finish();
    spool.delete();
  }

  private void abort(Aborted reason) {
    if (outcome.completeExceptionally(reason)) {
      context.cancel();
    }
  }

  /** Why a read ended before its route did; carries the error to answer, if any. */
  static final class Aborted extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Optional<JsonRpcException> answer;

    Aborted(Optional<JsonRpcException> answer) {
      super("long-running read aborted", null, false, false);
      this.answer = answer;
    }

    /** The error to send; empty when the client cancelled (nothing is sent then). */
    Optional<JsonRpcException> answer() {
      return answer;
    }
  }
}
