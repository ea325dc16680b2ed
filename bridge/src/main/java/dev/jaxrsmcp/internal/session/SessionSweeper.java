package dev.jaxrsmcp.internal.session;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The background pass of a {@link SessionStore}: one daemon thread (inheriting no thread-locals),
 * started with the first session, running the store's sweep at half its shortest interval, so that
 * keep-alives go out between one and one and a half intervals apart and an unconfirmed session ends
 * within one and a half of its timeouts.
 *
 * <p>Thread safety: {@link #start} and {@link #stop} synchronize on this object.
 */
final class SessionSweeper {
  private static final System.Logger LOG = System.getLogger(SessionSweeper.class.getName());

  private final Runnable sweep;
  private final long periodNanos;

  /** Guarded by {@code this}; empty until the first start. */
  private ScheduledExecutorService executor;

  private boolean stopped;

  /**
   * @param shortestIntervalNanos the shortest of the keep-alive interval and the idle timeouts
   */
  SessionSweeper(Runnable sweep, long shortestIntervalNanos) {
    this.sweep = sweep;
    this.periodNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(10), shortestIntervalNanos / 2);
  }

  /** Starts the pass unless it runs already or was stopped. */
  synchronized void start() {
    if (executor != null || stopped) {
      return;
    }
    executor =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(null, task, "jaxrs-mcp-session-sweeper", 0, false);
              thread.setDaemon(true);
              return thread;
            });
    executor.scheduleWithFixedDelay(
        this::sweepSafely, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
  }

  /** Stops the pass for good. */
  synchronized void stop() {
    stopped = true;
    if (executor != null) {
      executor.shutdownNow();
    }
  }

  private void sweepSafely() {
    try {
      sweep.run();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "MCP session sweep failed", e);
    }
  }
}
