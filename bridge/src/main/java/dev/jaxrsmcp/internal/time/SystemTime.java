package dev.jaxrsmcp.internal.time;

import java.time.Clock;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@link Time} in production: {@link System#nanoTime()}, the UTC system clock, and schedulers of
 * one daemon thread each (inheriting no thread-locals from the thread that created it).
 */
final class SystemTime implements Time {
  static final SystemTime INSTANCE = new SystemTime();

  private SystemTime() {}

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public Clock clock() {
    return Clock.systemUTC();
  }

  @Override
  public Scheduler newScheduler(String threadName) {
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(null, task, threadName, 0, false);
              thread.setDaemon(true);
              return thread;
            });
    executor.setRemoveOnCancelPolicy(true);
    return new ExecutorScheduler(executor);
  }

  /** A scheduler on a {@link ScheduledThreadPoolExecutor}. */
  private record ExecutorScheduler(ScheduledThreadPoolExecutor executor) implements Scheduler {
    @Override
    public ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
      return executor.schedule(task, delay, unit);
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(
        Runnable task, long initialDelay, long delay, TimeUnit unit) {
      return executor.scheduleWithFixedDelay(task, initialDelay, delay, unit);
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(
        Runnable task, long initialDelay, long period, TimeUnit unit) {
      return executor.scheduleAtFixedRate(task, initialDelay, period, unit);
    }

    @Override
    public int queued() {
      return executor.getQueue().size();
    }

    @Override
    public void shutdown() {
      executor.shutdownNow();
    }
  }
}
