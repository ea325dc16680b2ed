package dev.jaxrsmcp.internal.time;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs delayed and periodic tasks, as the part of {@link
 * java.util.concurrent.ScheduledExecutorService} the bridge uses. Its tasks only schedule: they
 * hand writes to delivery or writer threads and never block.
 *
 * <p>A cancelled task is removed at once (not kept until it would have run). After {@link
 * #shutdown()} nothing more runs and a new task is refused with {@link RejectedExecutionException}.
 *
 * <p>Thread safety: any thread may call any method.
 */
public interface Scheduler {
  /** Runs {@code task} once after {@code delay}. */
  ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit);

  /** Runs {@code task} after {@code initialDelay}, then {@code delay} after each run ends. */
  ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable task, long initialDelay, long delay, TimeUnit unit);

  /** Runs {@code task} after {@code initialDelay}, then every {@code period} from that start. */
  ScheduledFuture<?> scheduleAtFixedRate(
      Runnable task, long initialDelay, long period, TimeUnit unit);

  /** How many tasks wait to run (cancelled ones are gone at once). */
  int queued();

  /** Stops for good: waiting tasks never run, a running one is interrupted. */
  void shutdown();
}
