package dev.jaxrsmcp.internal.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cancel handles of a session's requests that are still running on this instance (long-running
 * reads): {@code notifications/cancelled} runs one, the end of the session (DELETE, expiry,
 * shutdown) runs them all. A handle leaves the registry when its request completes.
 *
 * <p>Thread safety: a concurrent map keyed by the request id's JSON text (only the session's owner
 * reaches it: reads are tracked once the owner was told, contract section 15); a handle runs at
 * most once, on the thread that removed it.
 */
public final class InFlightReads {
  private final Map<String, Runnable> byRequest = new ConcurrentHashMap<>();
  private volatile boolean closed;

  /**
   * Tracks a running request until the returned action runs (when the request ends). When the
   * session already ended, {@code cancel} runs at once. A request id is tracked once: while a
   * request with the same id runs here, another is not tracked (empty), so no request can take over
   * another's cancel handle.
   */
  public java.util.Optional<Runnable> track(JsonNode requestId, Runnable cancel) {
    String key = Json.write(requestId);
    Runnable once = new Once(cancel);
    if (byRequest.putIfAbsent(key, once) != null) {
      return java.util.Optional.empty();
    }
    if (closed && byRequest.remove(key, once)) {
      once.run();
    }
    return java.util.Optional.of(() -> byRequest.remove(key, once));
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
