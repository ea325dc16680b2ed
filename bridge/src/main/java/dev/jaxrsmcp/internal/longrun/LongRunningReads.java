package dev.jaxrsmcp.internal.longrun;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ReadContext;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.spool.Spool;
import dev.jaxrsmcp.internal.spool.SpoolBudget;
import dev.jaxrsmcp.internal.spool.SpoolDirectory;
import dev.jaxrsmcp.internal.subscribe.StreamWriters;
import dev.jaxrsmcp.internal.time.Scheduler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * The long-running reads of one endpoint (contract section 9). Each runs in place on the
 * container's thread like any read, its route writing into a spool file; this class sets up its
 * context, spool and event stream, keeps it findable for a legacy {@code notifications/cancelled},
 * times it out, and ends it on shutdown. The shared timer only schedules: keep-alive writes run on
 * the bridge's stream writers ({@link StreamWriters}), so a client that stops reading stalls one
 * writer for the container's write timeout, never the timer or another client (a read whose
 * previous keep-alive is still being written skips one).
 */
public final class LongRunningReads {
  private final ServerState state;
  private final SpoolDirectory spools;
  private final Scheduler timer;
  private final Set<LongRead> active = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  public LongRunningReads(ServerState state, Scheduler timer, SpoolBudget budget) {
    this.state = state;
    this.spools =
        new SpoolDirectory(state.settings().get(LongRunningSettings.SPOOL_DIRECTORY), budget);
    this.timer = timer;
  }

  /** The shared timer (it only schedules): also times suspended reads (ReadResponseWriter). */
  public Scheduler timer() {
    return timer;
  }

  /**
   * The context a long-running read's route sees ({@code @Context McpContext}), made when the read
   * arrives so that the route's resource can be given it whenever Jersey creates it; its progress
   * and log messages go nowhere until {@link #start} connects them.
   *
   * @param eventStream whether the client accepts {@code text/event-stream}
   */
  public ReadContext context(McpCall call, CatalogueEntry entry, boolean eventStream) {
    return new ReadContext(progressToken(call).isPresent() && eventStream, entry.maxBytes());
  }

  /**
   * Starts the long-running read of {@code entry} once the application's filters admitted it
   * (contract section 15): its spool, its channel, its timeout and keep-alives, and, on a legacy
   * session, its cancel handle.
   *
   * @param request the container's request
   * @param container the container's own response writer (beneath the bridge's)
   * @param eventStream whether the client accepts {@code text/event-stream}; if not, the read's
   *     channel is a JSON response whose keep-alives are spaces (no progress, no log messages)
   * @param context the read's context, from {@link #context}
   * @param session the legacy session that may cancel the read ({@code notifications/cancelled},
   *     DELETE, expiry); empty in the modern era
   * @param onEnd takes what to do when the in-place read ends
   * @param sessionLogLevel the legacy session's {@code logging/setLevel}; empty in the modern era
   *     (the request's {@code _meta} says)
   * @param waited the channel that carried keep-alives while the read waited for its slot ({@link
   *     #waitingChannel}); empty when it did not wait
   * @throws JsonRpcException (HTTP 503) when the server is shutting down or the spool is full;
   *     ({@code -32600}) when a request with the same id still runs on the session; nothing is kept
   *     then
   */
  public LongRead start(
      McpCall call,
      CatalogueEntry entry,
      ContainerRequest request,
      ContainerResponseWriter container,
      boolean eventStream,
      ReadContext context,
      Optional<Session> session,
      Consumer<Runnable> onEnd,
      Optional<McpContext.LogLevel> sessionLogLevel,
      Optional<EventChannel> waited) {
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
    Spool spool = spools.create(entry.maxBytes(), context::isCancelled);
    // A JSON-only client gets a JSON channel: keep-alives (spaces) notice when it goes away.
    EventChannel events = waited.orElseGet(() -> new EventChannel(request, container, eventStream));
    LongRead longRead = new LongRead(id, context, spool, Optional.of(events));
    if (session.isPresent()) {
      // DELETE, expiry, notifications/cancelled on any instance
      Optional<Runnable> untrack = session.get().reads().track(id, longRead::cancel);
      if (untrack.isEmpty()) {
        spool.delete();
        throw new JsonRpcException(
            ErrorCodes.INVALID_REQUEST,
            "Invalid Request: a request with id "
                + shortened(id)
                + " is still running on this session; the ids of a session's requests in flight"
                + " must differ");
      }
      onEnd.accept(untrack.get());
    }
    events.onClientGone(longRead::cancel);
    longRead.onStreamedError(
        e -> events.finish(JsonRpcMessages.error(Optional.of(id), EventChannel.streamed(e))));
    if (eventStream) {
      token.ifPresent(t -> context.sink(new ProgressRelay(t, events)));
      context.log(RouteLogs.of(call, sessionLogLevel, true, message -> events.send(message)));
    }
    active.add(longRead);
    onEnd.accept(
        () -> {
          active.remove(longRead);
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

  /**
   * The channel of a long-running read that waits for its slot: keep-alives ({@link #keepAlive})
   * tell the client it waits; the read's own channel once it starts ({@code waited} of {@link
   * #start}).
   *
   * @param onClientGone runs when a keep-alive finds the client gone
   */
  public EventChannel waitingChannel(
      ContainerRequest request,
      ContainerResponseWriter container,
      boolean eventStream,
      Runnable onClientGone) {
    EventChannel channel = new EventChannel(request, container, eventStream);
    channel.onClientGone(onClientGone);
    return channel;
  }

  private static String shortened(JsonNode id) {
    String text = id.toString();
    return text.length() > 64 ? text.substring(0, 64) + "…" : text;
  }

  /**
   * Keep-alive comments while the route runs, or while the read waits for its slot; the first one
   * makes the response a stream. {@code onEnd} takes what stops them.
   */
  public void keepAlive(EventChannel channel, Consumer<Runnable> onEnd) {
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
   * Ends every read with a shutdown error (sent at once on its stream; their routes see the
   * cancellation) and deletes every spool file.
   */
  public void shutdown() {
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
