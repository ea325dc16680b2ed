package dev.jaxrsmcp.internal.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cancel handles of a session's requests that are still running on this instance (long-running
 * reads): {@code notifications/cancelled} runs one, the end of the session (DELETE, expiry,
 * shutdown) runs them all. A handle leaves the registry when its request completes.
 *
 * <p>Thread safety: a concurrent map keyed by the request id's JSON text; a handle runs at most
 * once, on the thread that removed it.
 */
final class InFlightReads {
  private final Map<String, Runnable> byRequest = new ConcurrentHashMap<>();
  private volatile boolean closed;

  /**
   * Tracks a running request until {@code done} completes. When the session already ended, {@code
   * cancel} runs at once.
   */
  public void track(JsonNode requestId, Runnable cancel, CompletionStage<?> done) {
    Runnable untrack = track(requestId, cancel);
    done.whenComplete((result, failure) -> untrack.run());
  }

  /**
   * Tracks a running request until the returned action runs (when the request ends). When the
   * session already ended, {@code cancel} runs at once.
   */
  public Runnable track(JsonNode requestId, Runnable cancel) {
    String key = Json.write(requestId);
    Runnable once = new Once(cancel);
    byRequest.put(key, once);
    if (closed && byRequest.remove(key, once)) {
      once.run();
    }
    return () -> byRequest.remove(key, once);
  }

  /** Cancels the request with this id (its JSON text); false when none runs here. */
  public boolean cancel(String requestIdJson) {
    Runnable cancel = byRequest.remove(requestIdJson);
    if (cancel == null) {
      return false;
    }
    cancel.run();
    return true;
  }

  /** How many requests run here now. */
  public int size() {
    return byRequest.size();
  }

  /** Cancels every request and cancels those tracked later at once. */
  void cancelAll() {
    closed = true;
    for (String key : List.copyOf(byRequest.keySet())) {
      cancel(key);
    }
  }

  private static final class Once implements Runnable {
    private final Runnable task;
    private final java.util.concurrent.atomic.AtomicBoolean ran =
        new java.util.concurrent.atomic.AtomicBoolean();

    Once(Runnable task) {
      this.task = task;
    }

    @Override
    public void run() {
      if (ran.compareAndSet(false, true)) {
        task.run();
      }
    }
  }
}
