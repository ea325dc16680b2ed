package dev.jaxrsmcp.internal.spool;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes every spool of one application may hold together ({@code maxSpoolBytes}): a spool takes
 * what it writes from the budget and gives it back when it is deleted. Thread-safe.
 */
public final class SpoolBudget {
  private final long max;
  private final AtomicLong used = new AtomicLong();

  public SpoolBudget(long max) {
    this.max = max;
  }

  /** The most bytes all spools may hold. */
  public long max() {
    return max;
  }

  /** Bytes the spools hold now. */
  public long used() {
    return used.get();
  }

  /** True when nothing more fits: a new long-running read would fail at its first write. */
  public boolean exhausted() {
    return used.get() >= max;
  }

  /** Takes {@code bytes} from the budget; false (and nothing taken) when they do not fit. */
  boolean take(long bytes) {
    while (true) {
      long now = used.get();
      if (now + bytes > max) {
        return false;
      }
      if (used.compareAndSet(now, now + bytes)) {
        return true;
      }
    }
  }

  /** Gives {@code bytes} back. */
  void give(long bytes) {
    used.addAndGet(-bytes);
  }
}
