package dev.jaxrsmcp.internal.slots;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.time.Scheduler;
import dev.jaxrsmcp.internal.time.Time;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One limit of reads running at once, with a fair, bounded queue in front of it: a read takes a
 * slot when one is free and nobody waits; else it waits in order of arrival, holding no thread, up
 * to {@code maxQueued} waiters and {@code maxWait} each; a slot given back goes straight to the
 * first waiter. Beyond the queue, or after the wait, a read is refused with HTTP 503 and a {@code
 * Retry-After} estimated from the reads that ran: the mean time a slot was held (weighted to the
 * recent ones, 1/8 each) times the reads ahead of it plus one, over the limit, in whole seconds
 * from 1 to 300; {@code defaultRetrySeconds} until a read has ended.
 *
 * <p>Thread-safe: the counts and the queue are guarded by {@code this}; a waiter is told its
 * outcome outside the lock, on the thread that gave the slot back (granted) or the timer's
 * (refused), and must only hand work on from there.
 */
public final class SlotQueue {
  /** Told once what became of a queued read. */
  public interface Waiter {
    /** A slot is this read's; {@code release} gives it back (once, however often it runs). */
    void granted(Runnable release);

    /** The read waited too long or the server shuts down: its answer is {@code error}. */
    void refused(JsonRpcException error);
  }

  /**
   * What {@link #take} gave: a slot at once ({@code release} present), or a place in the queue
   * ({@code leave} takes the read out of it; a slot it was given meanwhile is given back).
   */
  public record Admission(Optional<Runnable> release, Runnable leave) {}

  private static final long MAX_RETRY_SECONDS = 300;

  private final String limitName;
  private final String queueName;
  private final String what;
  private final int max;
  private final int maxQueued;
  private final Duration maxWait;
  private final String defaultRetrySeconds;
  private final Time time;
  private final Scheduler timer;

  // guarded by this
  private int running;
  // guarded by this
  private final ArrayDeque<Place> queue = new ArrayDeque<>();
  // guarded by this: the weighted mean time a slot was held, in nanoseconds; 0 before any
  private long meanHeldNanos;
  // guarded by this
  private boolean closed;

  /**
   * @param limitName the setting of {@code max}, as error messages name it
   * @param queueName the setting of {@code maxQueued}
   * @param what the reads it counts, plural ({@code reads}, {@code long-running reads})
   */
  SlotQueue(
      String limitName,
      String queueName,
      String what,
      int max,
      int maxQueued,
      Duration maxWait,
      String defaultRetrySeconds,
      Time time,
      Scheduler timer) {
    this.limitName = limitName;
    this.queueName = queueName;
    this.what = what;
    this.max = max;
    this.maxQueued = maxQueued;
    this.maxWait = maxWait;
    this.defaultRetrySeconds = defaultRetrySeconds;
    this.time = time;
    this.timer = timer;
  }

  /**
   * A slot now, or a place in the queue whose outcome {@code waiter} is told later.
   *
   * @throws JsonRpcException HTTP 503 with {@code Retry-After} when the queue is full
   */
  Admission take(String uri, Waiter waiter) {
    Place place;
    synchronized (this) {
      if (running < max && queue.isEmpty()) {
        running++;
        return new Admission(Optional.of(release(time.nanoTime())), () -> {});
      }
      if (closed || queue.size() >= maxQueued) {
        throw busy(
            "Too many "
                + what
                + ": at most "
                + max
                + " may run at once ("
                + limitName
                + (maxQueued == 0 ? "" : ") and " + maxQueued + " wait for a slot (" + queueName)
                + "); "
                + uri
                + " was not read, try again shortly",
            retryAfterLocked());
      }
      place = new Place(waiter);
      queue.addLast(place);
    }
    try {
      place.expiry =
          Optional.of(
              timer.schedule(() -> expire(place, uri), maxWait.toMillis(), TimeUnit.MILLISECONDS));
    } catch (RejectedExecutionException e) {
      // Shutting down: close() refuses every waiter.
    }
    return new Admission(Optional.empty(), () -> leave(place));
  }

  /** Reads running now. */
  synchronized int running() {
    return running;
  }

  /** Reads waiting now. */
  synchronized int queued() {
    return queue.size();
  }

  /** Refuses every waiter, and every read that would wait from now on. */
  void close(JsonRpcException error) {
    List<Place> refused;
    synchronized (this) {
      closed = true;
      refused = new ArrayList<>(queue);
      queue.clear();
    }
    for (Place place : refused) {
      place.cancelExpiry();
      place.waiter.refused(error);
    }
  }

  private void leave(Place place) {
    boolean removed;
    synchronized (this) {
      removed = queue.remove(place);
    }
    if (removed) {
      place.cancelExpiry();
    } else if (place.release.isPresent()) {
      place.release.get().run(); // granted while it left: the slot goes to the next waiter
    }
  }

  private void expire(Place place, String uri) {
    JsonRpcException error;
    synchronized (this) {
      if (!queue.remove(place)) {
        return;
      }
      error =
          busy(
              "Too many "
                  + what
                  + ": waited "
                  + maxWait.toMillis()
                  + " ms (maxReadQueueWait) for one of the "
                  + max
                  + " slots ("
                  + limitName
                  + "); "
                  + uri
                  + " was not read, try again shortly",
              retryAfterLocked());
    }
    place.waiter.refused(error);
  }

  /** Gives a slot back once: to the first waiter, else to the pool. */
  private Runnable release(long grantedAt) {
    AtomicBoolean given = new AtomicBoolean();
    return () -> {
      if (!given.compareAndSet(false, true)) {
        return;
      }
      Place next;
      long now = time.nanoTime();
      synchronized (this) {
        long held = Math.max(0, now - grantedAt);
        meanHeldNanos = meanHeldNanos == 0 ? held : meanHeldNanos + (held - meanHeldNanos) / 8;
        next = queue.pollFirst();
        if (next == null) {
          running--;
          return;
        }
        next.release = Optional.of(release(now)); // the slot passes on: running stays
      }
      next.cancelExpiry();
      next.waiter.granted(next.release.get());
    };
  }

  // guarded by this
  private String retryAfterLocked() {
    if (meanHeldNanos == 0) {
      return defaultRetrySeconds;
    }
    double seconds = meanHeldNanos / 1e9 * (queue.size() + 1) / max;
    return Long.toString(Math.max(1, Math.min(MAX_RETRY_SECONDS, (long) Math.ceil(seconds))));
  }

  private static JsonRpcException busy(String message, String retryAfter) {
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        message,
        Optional.empty(),
        503,
        Map.of("Retry-After", List.of(retryAfter)));
  }

  /** A read waiting: about 100 bytes and its timer entry. */
  private static final class Place {
    final Waiter waiter;
    volatile Optional<ScheduledFuture<?>> expiry = Optional.empty();
    volatile Optional<Runnable> release = Optional.empty();

    Place(Waiter waiter) {
      this.waiter = waiter;
    }

    void cancelExpiry() {
      expiry.ifPresent(task -> task.cancel(false));
    }
  }
}
