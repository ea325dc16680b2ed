package dev.jaxrsmcp.internal.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Time} that moves only when the test says ({@link #advanceBy}, {@link #advanceTo}). The
 * tasks of all its schedulers wait in one queue ordered by due time (then by when they were
 * scheduled); advancing runs each due task on the calling thread, with the clock set to that task's
 * due time, in that order, so a run is the same every time. Nothing runs on a thread of its own:
 * what a task hands to a real thread (a delivery queue, a stream writer) goes on there as usual.
 *
 * <p>As in {@link java.util.concurrent.ScheduledThreadPoolExecutor}: a task that throws is not run
 * again, a fixed-delay task is next due its delay after the run, a fixed-rate one its period after
 * its previous due time, and a cancelled task leaves the queue at once.
 *
 * <p>Thread safety: any thread may schedule or cancel; advancing is meant for the test's thread.
 * Tasks run without the lock held, so they may schedule and cancel.
 */
public final class VirtualTime implements Time {
  /**
   * Where {@link #clock()} starts: a fixed instant far ahead of the wall clock, so that what still
   * reads the system clock (a task store's own expiry) never expires anything a test made.
   */
  public static final Instant EPOCH = Instant.parse("2100-01-01T00:00:00Z");

  /** Guarded by {@code this}. */
  private final PriorityQueue<VirtualTask> queue = new PriorityQueue<>();

  /** Guarded by {@code this}. */
  private final List<String> schedulersMade = new ArrayList<>();

  /** Guarded by {@code this}: nanoseconds since {@link #EPOCH}. */
  private long nanos;

  /** Guarded by {@code this}: orders tasks due at the same instant. */
  private long sequence;

  /** Guarded by {@code this}: the thread advancing now, if any (advances do not nest). */
  private Thread advancing;

  @Override
  public synchronized long nanoTime() {
    return nanos;
  }

  /** How much virtual time has passed since the start. */
  public Duration elapsed() {
    return Duration.ofNanos(nanoTime());
  }

  @Override
  public Clock clock() {
    return new Clock() {
      @Override
      public ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a virtual clock is in UTC");
      }

      @Override
      public Instant instant() {
        return EPOCH.plusNanos(nanoTime());
      }
    };
  }

  @Override
  public synchronized Scheduler newScheduler(String threadName) {
    schedulersMade.add(threadName);
    return new VirtualScheduler();
  }

  /** The names of the schedulers made so far, in order (what their threads would be called). */
  public synchronized List<String> schedulers() {
    return List.copyOf(schedulersMade);
  }

  /** Moves time forward by {@code step}, running every task due until then. */
  public void advanceBy(Duration step) {
    if (step.isNegative()) {
      throw new IllegalArgumentException("time does not go back: " + step);
    }
    advanceTo(Duration.ofNanos(nanoTime()).plus(step));
  }

  /**
   * Moves time forward to {@code instant} (since the start), running every task due until then in
   * order, each at its own due time; tasks due now run too ({@code advanceTo(elapsed())}).
   */
  public void advanceTo(Duration instant) {
    long target = instant.toNanos();
    synchronized (this) {
      if (target < nanos) {
        throw new IllegalArgumentException(
            "time does not go back: at " + elapsed() + ", asked for " + instant);
      }
      if (advancing != null) {
        throw new IllegalStateException("a task advanced the time it runs on");
      }
      advancing = Thread.currentThread();
    }
    try {
      while (true) {
        VirtualTask next;
        synchronized (this) {
          next = queue.peek();
          if (next == null || next.due > target) {
            nanos = target;
            return;
          }
          queue.poll();
          nanos = next.due;
        }
        next.run();
      }
    } finally {
      synchronized (this) {
        advancing = null;
      }
    }
  }

  /** Runs the tasks due now. */
  public void runDue() {
    advanceTo(elapsed());
  }

  /** When the next task is due (since the start); empty when none waits. */
  public synchronized java.util.Optional<Duration> nextDue() {
    VirtualTask next = queue.peek();
    return next == null
        ? java.util.Optional.empty()
        : java.util.Optional.of(Duration.ofNanos(next.due));
  }

  /** How many tasks wait, in all schedulers. */
  public synchronized int queued() {
    return queue.size();
  }

  private synchronized VirtualTask enqueue(VirtualTask task, long due) {
    if (task.scheduler.shutDown) {
      throw new RejectedExecutionException("the scheduler was shut down");
    }
    task.due = due;
    task.order = sequence++;
    queue.add(task);
    return task;
  }

  private synchronized boolean dequeue(VirtualTask task) {
    return queue.remove(task);
  }

  private synchronized int queuedOf(VirtualScheduler scheduler) {
    return (int) queue.stream().filter(t -> t.scheduler == scheduler).count();
  }

  private synchronized void shutdown(VirtualScheduler scheduler) {
    scheduler.shutDown = true;
    queue.removeIf(t -> t.scheduler == scheduler);
  }

  /** One scheduler: its tasks wait in the shared queue. */
  private final class VirtualScheduler implements Scheduler {
    /** Guarded by the enclosing {@code VirtualTime}. */
    boolean shutDown;

    @Override
    public ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
      return start(new VirtualTask(this, task, 0), delay, unit);
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(
        Runnable task, long initialDelay, long delay, TimeUnit unit) {
      return start(new VirtualTask(this, task, -positive(delay, unit)), initialDelay, unit);
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(
        Runnable task, long initialDelay, long period, TimeUnit unit) {
      return start(new VirtualTask(this, task, positive(period, unit)), initialDelay, unit);
    }

    private VirtualTask start(VirtualTask task, long delay, TimeUnit unit) {
      synchronized (VirtualTime.this) {
        return enqueue(task, nanos + Math.max(0, unit.toNanos(delay)));
      }
    }

    private long positive(long period, TimeUnit unit) {
      if (period <= 0) {
        throw new IllegalArgumentException("period " + period + " " + unit);
      }
      return unit.toNanos(period);
    }

    @Override
    public int queued() {
      return queuedOf(this);
    }

    @Override
    public void shutdown() {
      VirtualTime.this.shutdown(this);
    }
  }

  /**
   * A task waiting in the queue. {@code period} is zero for a one-shot task, positive for a fixed
   * rate, negative for a fixed delay (as in {@code ScheduledThreadPoolExecutor}).
   */
  private final class VirtualTask implements ScheduledFuture<Object> {
    final VirtualScheduler scheduler;
    final Runnable body;
    final long period;

    /** Guarded by the enclosing {@code VirtualTime}. */
    long due;

    /** Guarded by the enclosing {@code VirtualTime}. */
    long order;

    private volatile boolean cancelled;
    private volatile boolean done;

    VirtualTask(VirtualScheduler scheduler, Runnable body, long period) {
      this.scheduler = scheduler;
      this.body = body;
      this.period = period;
    }

    void run() {
      if (cancelled) {
        return;
      }
      try {
        body.run();
      } catch (RuntimeException | Error e) {
        done = true; // as the executor: a task that threw never runs again
        return;
      }
      if (period == 0) {
        done = true;
        return;
      }
      synchronized (VirtualTime.this) {
        if (!cancelled && !scheduler.shutDown) {
          enqueue(this, period > 0 ? due + period : nanos - period);
        }
      }
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      if (done || cancelled) {
        return false;
      }
      cancelled = true;
      dequeue(this);
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return done || cancelled;
    }

    @Override
    public Object get() {
      if (!isDone()) {
        throw new IllegalStateException("not run yet: virtual time moves only when the test says");
      }
      return null;
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      return get();
    }

    @Override
    public long getDelay(TimeUnit unit) {
      synchronized (VirtualTime.this) {
        return unit.convert(due - nanos, TimeUnit.NANOSECONDS);
      }
    }

    @Override
    public int compareTo(Delayed other) {
      if (other instanceof VirtualTask task) {
        int byDue = Long.compare(due, task.due);
        return byDue != 0 ? byDue : Long.compare(order, task.order);
      }
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public boolean equals(Object other) {
      return this == other;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(this);
    }
  }
}
