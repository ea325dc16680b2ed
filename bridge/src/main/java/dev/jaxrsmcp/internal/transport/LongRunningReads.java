package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpContext;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ReadContext;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.session.SessionRead;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.spool.Spool;
import dev.jaxrsmcp.internal.spool.SpoolBudget;
import dev.jaxrsmcp.internal.spool.SpoolDirectory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The long-running reads of one endpoint (contract section 9). Each runs in place on the
 * container's thread like any read, its route writing into a spool file; this class sets up its
 * context, spool and event stream, keeps it findable for a legacy {@code notifications/cancelled},
 * times it out, and ends it on shutdown. The shared timer only schedules: keep-alive writes run on
 * the bridge's stream writers ({@link StreamWriters}), so a client that stops reading stalls one
 * writer for the container's write timeout, never the timer or another client (a read whose
 * previous keep-alive is still being written skips one).
 */
final class LongRunningReads {
  private final ServerState state;
  private final SpoolDirectory spools;
  private final ScheduledExecutorService timer;
  private final Set<LongRead> active = ConcurrentHashMap.newKeySet();
  private final Map<Object, LongRead> byCancelKey = new ConcurrentHashMap<>();
  private volatile boolean closed;

  LongRunningReads(ServerState state, ScheduledExecutorService timer, SpoolBudget budget) {
    this.state = state;
    this.spools =
        new SpoolDirectory(state.settings().get(LongRunningSettings.SPOOL_DIRECTORY), budget);
    this.timer = timer;
  }

  /** The shared timer (it only schedules): also times suspended reads (ReadResponseWriter). */
  ScheduledExecutorService timer() {
    return timer;
  }

  /**
   * Sets up the long-running read of {@code entry} for an MCP request about to run in place.
   *
   * @param request the container's request, before its writer is wrapped
   * @param eventStream whether the client accepts {@code text/event-stream}; if not, the read's
   *     channel is a JSON response whose keep-alives are spaces (no progress, no log messages)
   * @param cancelKey identifies the request for {@link #cancel} (legacy {@code
   *     notifications/cancelled}); empty when it cannot be cancelled that way
   * @param onEnd takes what to do when the in-place read ends
   * @param sessionLogLevel the legacy session's {@code logging/setLevel}; empty in the modern era
   *     (the request's {@code _meta} says)
   * @throws JsonRpcException (HTTP 503) when the server is shutting down
   */
  LongRead start(
      McpCall call,
      CatalogueEntry entry,
      ContainerRequest request,
      boolean eventStream,
      Optional<Object> cancelKey,
      Consumer<Runnable> onEnd,
      Optional<McpContext.LogLevel> sessionLogLevel) {
    if (closed) {
      throw shuttingDown();
    }
    if (spools.budget().exhausted()) {
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          "The spool is full: the spool files of this server hold "
              + spools.budget().used()
              + " bytes, at most "
              + spools.budget().max()
              + " are allowed (maxSpoolBytes); try again shortly",
          Optional.empty(),
          503,
          Map.of("Retry-After", List.of("5")));
    }
    JsonNode id = call.request().id().orElseThrow();
    Optional<JsonNode> token = progressToken(call);
    ReadContext context = new ReadContext(token.isPresent() && eventStream, entry.maxBytes());
    Spool spool = spools.create(entry.maxBytes(), context::isCancelled);
    // A JSON-only client gets a JSON channel: keep-alives (spaces) notice when it goes away.
    EventChannel events = new EventChannel(request, request.getResponseWriter(), eventStream);
    LongRead longRead = new LongRead(id, context, spool, Optional.of(events));
    events.onClientGone(longRead::cancel);
    longRead.onStreamedError(
        e -> events.finish(JsonRpcMessages.error(Optional.of(id), ReadAnswers.streamed(e))));
    if (eventStream) {
      token.ifPresent(t -> context.sink(new ProgressRelay(t, events)));
      context.log(RouteLogs.of(call, sessionLogLevel, true, message -> events.send(message)));
    }
    active.add(longRead);
    cancelKey.ifPresent(key -> byCancelKey.put(key, longRead));
    SessionRead.track(cancelKey, longRead::cancel, onEnd); // DELETE, expiry, any instance
    onEnd.accept(
        () -> {
          active.remove(longRead);
          cancelKey.ifPresent(key -> byCancelKey.remove(key, longRead));
          longRead.end();
        });
    if (closed) { // shutdown began after the first check and may not have seen this read
      longRead.fail(shuttingDown());
      return longRead;
    }
    long timeout = state.settings().get(LongRunningSettings.LONG_RUNNING_TIMEOUT).toMillis();
    schedule(
            () ->
                longRead.fail(
                    new JsonRpcException(
                        ErrorCodes.INTERNAL_ERROR, "Read timed out after " + timeout + " ms")),
            timeout)
        .ifPresent(task -> onEnd.accept(() -> task.cancel(false)));
    keepAlive(events, onEnd);
    return longRead;
  }

  /** Keep-alive comments while the route runs; the first one makes the response a stream. */
  private void keepAlive(EventChannel channel, Consumer<Runnable> onEnd) {
    Duration every = state.settings().get(LongRunningSettings.LONG_RUNNING_KEEP_ALIVE);
    AtomicBoolean writing = new AtomicBoolean();
    Runnable write =
        () -> {
          try {
            channel.keepAlive();
          } finally {
            writing.set(false);
          }
        };
    try {
      ScheduledFuture<?> task =
          timer.scheduleWithFixedDelay(
              () -> {
                if (writing.compareAndSet(false, true)) {
                  try {
                    StreamWriters.execute(write);
                  } catch (RejectedExecutionException e) {
                    writing.set(false);
                  }
                }
              },
              every.toMillis(),
              every.toMillis(),
              TimeUnit.MILLISECONDS);
      onEnd.accept(() -> task.cancel(false));
    } catch (RejectedExecutionException e) {
      // Shutting down: shutdown() ends the read.
    }
  }

  /**
   * Cancels an in-flight read (legacy {@code notifications/cancelled}); true when one was found.
   */
  boolean cancel(Object key) {
    LongRead read = byCancelKey.remove(key);
    if (read != null) {
      read.cancel();
    }
    return read != null;
  }

  /**
   * Ends every read with a shutdown error (sent at once on its stream; their routes see the
   * cancellation) and deletes every spool file.
   */
  void shutdown() {
    closed = true;
    for (LongRead read : List.copyOf(active)) {
      read.fail(shuttingDown());
    }
    spools.deleteAll();
  }

  /** The client's progress token when it is a string or an integer (the only valid kinds). */
  private static Optional<JsonNode> progressToken(McpCall call) {
    JsonNode token = call.request().meta().get("progressToken");
    return token != null && (token.isTextual() || token.isIntegralNumber())
        ? Optional.of(token)
        : Optional.empty();
  }

  private Optional<ScheduledFuture<?>> schedule(Runnable task, long millis) {
    try {
      return Optional.of(timer.schedule(task, millis, TimeUnit.MILLISECONDS));
    } catch (RejectedExecutionException e) {
      return Optional.empty(); // shutting down: shutdown() cleans up instead
    }
  }

  static JsonRpcException shuttingDown() {
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Server is shutting down")
        .withHttpStatus(503);
  }
}
