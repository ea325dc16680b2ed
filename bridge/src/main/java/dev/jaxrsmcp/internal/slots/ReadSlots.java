package dev.jaxrsmcp.internal.slots;

import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.time.Scheduler;
import dev.jaxrsmcp.internal.time.Time;
import java.time.Duration;
import java.util.Optional;

/**
 * How many MCP reads, and how many long-running ones, run at once on this instance: a read takes a
 * slot before any of its work starts (its route, its spool) and gives it back when its response
 * ends. Past a limit it waits for one in order of arrival ({@link SlotQueue}: {@code
 * maxQueuedReads}, {@code maxQueuedLongReads}, {@code maxReadQueueWait}); beyond the queue it is
 * refused with HTTP 503 and {@code Retry-After}, as every capacity limit is. A long-running read
 * takes a long-read slot first, then a read slot. Thread-safe.
 */
public final class ReadSlots {
  private final SlotQueue reads;
  private final SlotQueue longReads;

  public ReadSlots(Settings settings, Time time, Scheduler timer) {
    Duration wait = settings.get(LimitSettings.MAX_READ_QUEUE_WAIT);
    this.reads =
        new SlotQueue(
            "maxConcurrentReads",
            "maxQueuedReads",
            "reads",
            settings.get(LimitSettings.MAX_CONCURRENT_READS),
            settings.get(LimitSettings.MAX_QUEUED_READS),
            wait,
            "1",
            time,
            timer);
    this.longReads =
        new SlotQueue(
            "maxConcurrentLongReads",
            "maxQueuedLongReads",
            "long-running reads",
            settings.get(LimitSettings.MAX_CONCURRENT_LONG_READS),
            settings.get(LimitSettings.MAX_QUEUED_LONG_READS),
            wait,
            "5",
            time,
            timer);
  }

  /**
   * Takes a slot (and a long-read slot for a long-running read) now, or queues for them: then
   * {@code waiter} is told later, once, whether it got them. The release gives them back, once
   * however often it runs.
   *
   * @throws JsonRpcException HTTP 503 with {@code Retry-After} when a queue is full
   */
  public SlotQueue.Admission take(boolean longRunning, String uri, SlotQueue.Waiter waiter) {
    if (!longRunning) {
      return reads.take(uri, waiter);
    }
    Chain chain = new Chain(uri, waiter);
    SlotQueue.Admission first = longReads.take(uri, chain);
    if (first.release().isEmpty()) {
      chain.queuedIn(first.leave());
      return new SlotQueue.Admission(Optional.empty(), chain::leave);
    }
    Runnable longSlot = first.release().get();
    chain.holding(longSlot);
    SlotQueue.Admission second;
    try {
      second = reads.take(uri, chain.new ReadSlot());
    } catch (JsonRpcException e) {
      longSlot.run();
      throw e;
    }
    if (second.release().isPresent()) {
      return new SlotQueue.Admission(Optional.of(both(longSlot, second.release().get())), () -> {});
    }
    chain.queuedIn(second.leave());
    return new SlotQueue.Admission(Optional.empty(), chain::leave);
  }

  /** Reads running now (for tests and diagnostics). */
  public int running() {
    return reads.running();
  }

  /** Refuses every read that waits, and those that would from now on. */
  public void close(JsonRpcException error) {
    longReads.close(error);
    reads.close(error);
  }

  private static Runnable both(Runnable longSlot, Runnable readSlot) {
    return () -> {
      readSlot.run();
      longSlot.run();
    };
  }

  /**
   * A long-running read waiting for its long-read slot, then for its read slot: told granted once
   * it holds both; refused (giving back what it holds) when either wait fails; leaving gives back
   * what it holds and leaves the queue it is in. A waiter that ignores a grant runs its release.
   *
   * <p>Thread-safe: {@code leaveQueue}, {@code longSlot} and {@code left} are guarded by {@code
   * this}.
   */
  private final class Chain implements SlotQueue.Waiter {
    private final String uri;
    private final SlotQueue.Waiter waiter;
    private Runnable leaveQueue = () -> {};
    private Optional<Runnable> longSlot = Optional.empty();
    private boolean left;

    Chain(String uri, SlotQueue.Waiter waiter) {
      this.uri = uri;
      this.waiter = waiter;
    }

    synchronized void holding(Runnable slot) {
      longSlot = Optional.of(slot);
    }

    synchronized void queuedIn(Runnable leave) {
      leaveQueue = leave;
    }

    /** The long-read slot came: now the read slot, at once or queued. */
    @Override
    public void granted(Runnable slot) {
      synchronized (this) {
        if (left) {
          slot.run();
          return;
        }
        longSlot = Optional.of(slot);
      }
      SlotQueue.Admission second;
      try {
        second = reads.take(uri, new ReadSlot());
      } catch (JsonRpcException e) {
        slot.run();
        waiter.refused(e);
        return;
      }
      if (second.release().isPresent()) {
        waiter.granted(both(slot, second.release().get()));
        return;
      }
      boolean leaveNow;
      synchronized (this) {
        leaveQueue = second.leave();
        leaveNow = left;
      }
      if (leaveNow) {
        second.leave().run();
      }
    }

    /** The long-read slot's wait failed: nothing is held. */
    @Override
    public void refused(JsonRpcException error) {
      waiter.refused(error);
    }

    void leave() {
      Runnable queue;
      Optional<Runnable> held;
      synchronized (this) {
        left = true;
        queue = leaveQueue;
        held = longSlot;
        longSlot = Optional.empty();
      }
      queue.run();
      held.ifPresent(Runnable::run);
    }

    /** The read-slot wait, holding the long-read slot. */
    private final class ReadSlot implements SlotQueue.Waiter {
      @Override
      public void granted(Runnable slot) {
        Optional<Runnable> held;
        synchronized (Chain.this) {
          held = longSlot;
          longSlot = Optional.empty();
        }
        if (held.isEmpty()) { // it left meanwhile
          slot.run();
          return;
        }
        waiter.granted(both(held.get(), slot));
      }

      @Override
      public void refused(JsonRpcException error) {
        Optional<Runnable> held;
        synchronized (Chain.this) {
          held = longSlot;
          longSlot = Optional.empty();
        }
        held.ifPresent(Runnable::run);
        waiter.refused(error);
      }
    }
  }
}
