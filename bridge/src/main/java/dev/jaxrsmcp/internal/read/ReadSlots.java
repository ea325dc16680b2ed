package dev.jaxrsmcp.internal.read;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many MCP reads, and how many long-running ones, run at once on this instance: a read takes a
 * slot before any of its work starts (its route, its spool) and gives it back when its response
 * ends; past a limit it is refused with HTTP 503 and {@code Retry-After}, as every capacity limit
 * is. Thread-safe.
 */
public final class ReadSlots {
  private final int maxReads;
  private final int maxLongReads;
  private final AtomicInteger reads = new AtomicInteger();
  private final AtomicInteger longReads = new AtomicInteger();

  public ReadSlots(int maxReads, int maxLongReads) {
    this.maxReads = maxReads;
    this.maxLongReads = maxLongReads;
  }

  /**
   * Takes a slot (and a long-read slot for a long-running read); the returned action gives them
   * back, once however often it runs.
   *
   * @throws JsonRpcException HTTP 503 with {@code Retry-After} when a limit is reached
   */
  Runnable take(boolean longRunning, String uri) {
    if (reads.incrementAndGet() > maxReads) {
      reads.decrementAndGet();
      throw busy(
          "Too many reads: at most "
              + maxReads
              + " may run at once (maxConcurrentReads); "
              + uri
              + " was not read, try again shortly",
          "1");
    }
    if (longRunning && longReads.incrementAndGet() > maxLongReads) {
      longReads.decrementAndGet();
      reads.decrementAndGet();
      throw busy(
          "Too many long-running reads: at most "
              + maxLongReads
              + " may run at once (maxConcurrentLongReads); "
              + uri
              + " was not read, try again shortly",
          "5");
    }
    AtomicBoolean given = new AtomicBoolean();
    return () -> {
      if (given.compareAndSet(false, true)) {
        if (longRunning) {
          longReads.decrementAndGet();
        }
        reads.decrementAndGet();
      }
    };
  }

  /** Reads running now (for tests and diagnostics). */
  int running() {
    return reads.get();
  }

  private static JsonRpcException busy(String message, String retryAfter) {
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        message,
        Optional.empty(),
        503,
        Map.of("Retry-After", List.of(retryAfter)));
  }
}
