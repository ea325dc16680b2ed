package dev.jaxrsmcp.internal.session;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the sessions of an instance that shares none: at most {@code maxSessions} in all and at
 * most {@code maxPerCaller} per quota key. A slot is reserved before a session is created and
 * released when it ends.
 *
 * <p>Thread safety: the total is a CAS loop, the per-caller counts live in a concurrent map whose
 * entries are changed only inside {@code compute}.
 */
final class LocalSessions {
  private final int maxSessions;
  private final int maxPerCaller;
  private final AtomicInteger total = new AtomicInteger();
  private final Map<String, Integer> perCaller = new ConcurrentHashMap<>();

  LocalSessions(int maxSessions, int maxPerCaller) {
    this.maxSessions = maxSessions;
    this.maxPerCaller = maxPerCaller;
  }

  /** Reserves a slot for a session of {@code quotaKey}; false when a limit is reached. */
  boolean reserve(String quotaKey) {
    return reserveSlot(quotaKey).isEmpty();
  }

  /** Reserves a slot, or throws naming the limit that was reached. */
  void reserveOrThrow(String quotaKey) {
    java.util.Optional<TooManySessionsException> refused = reserveSlot(quotaKey);
    if (refused.isPresent()) {
      throw refused.get();
    }
  }

  /** Gives back the slot of an ended session. */
  void release(String quotaKey) {
    total.decrementAndGet();
    perCaller.computeIfPresent(quotaKey, (key, count) -> count <= 1 ? null : count - 1);
  }

  private java.util.Optional<TooManySessionsException> reserveSlot(String quotaKey) {
    int taken;
    do {
      taken = total.get();
      if (taken >= maxSessions) {
        return java.util.Optional.of(new TooManySessionsException(maxSessions, false));
      }
    } while (!total.compareAndSet(taken, taken + 1));
    boolean[] refused = {false};
    perCaller.compute(
        quotaKey,
        (key, count) -> {
          int now = count == null ? 0 : count;
          if (now >= maxPerCaller) {
            refused[0] = true;
            return count;
          }
          return now + 1;
        });
    if (refused[0]) {
      total.decrementAndGet();
      return java.util.Optional.of(new TooManySessionsException(maxPerCaller, true));
    }
    return java.util.Optional.empty();
  }
}
