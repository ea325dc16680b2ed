package dev.jaxrsmcp.internal.session;

import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.sharedsessions.SessionEvent;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Applies what other instances say about shared sessions to this instance's views: an ended session
 * ends here, a newer stream elsewhere closes the one held here, a subscription taken over elsewhere
 * stops here, a cancellation cancels the request running here, a notification is written on the
 * stream held here.
 *
 * <p>Events arrive on the store's I/O thread and are applied on a small bounded pool of the
 * bridge's own threads (writing to a stream may block on a slow client); when the pool's queue is
 * full an event is dropped and counted in the log.
 */
final class SessionEvents {
  private static final System.Logger LOG = System.getLogger(SessionEvents.class.getName());
  private static final int THREADS = 2;
  private static final int QUEUE = 10_000;

  private final Map<String, Session> sessions;
  private final Consumer<Session> endHere;
  private final ThreadPoolExecutor pool =
      new ThreadPoolExecutor(
          THREADS,
          THREADS,
          30,
          TimeUnit.SECONDS,
          new ArrayBlockingQueue<>(QUEUE),
          task -> {
            Thread thread = new Thread(null, task, "jaxrs-mcp-session-events", 0, false);
            thread.setDaemon(true);
            return thread;
          });
  private volatile BiConsumer<Session, String> unsubscribed = (session, uri) -> {};

  SessionEvents(Map<String, Session> sessions, Consumer<Session> endHere) {
    this.sessions = sessions;
    this.endHere = endHere;
    pool.allowCoreThreadTimeOut(true);
  }

  void onUnsubscribed(BiConsumer<Session, String> action) {
    this.unsubscribed = action;
  }

  /** Called by the shared store for each event another instance published. */
  void fromOtherInstance(SessionEvent event) {
    Session session = sessions.get(event.session());
    if (session == null) {
      return; // this instance has no view of it: nothing to do here
    }
    try {
      pool.execute(() -> apply(session, event));
    } catch (RejectedExecutionException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "MCP session event dropped: " + THREADS + " threads and " + QUEUE + " queued are busy");
    }
  }

  void shutdown() {
    pool.shutdownNow();
  }

  private void apply(Session session, SessionEvent event) {
    switch (event.type()) {
      case ENDED -> endHere.accept(session);
      case STREAM -> {
        if (session.streamGeneration() < event.generation()) {
          session.stream().ifPresent(session::detach);
        }
      }
      case UNSUBSCRIBED -> unsubscribed.accept(session, event.detail());
      case CANCEL -> session.reads().cancel(event.detail());
      case DELIVER -> {
        try {
          session.notifyHere(
              (com.fasterxml.jackson.databind.node.ObjectNode)
                  Json.reader(64).readTree(event.detail()));
        } catch (IOException | ClassCastException e) {
          LOG.log(System.Logger.Level.WARNING, "MCP session notification dropped: not JSON");
        }
      }
    }
  }
}
