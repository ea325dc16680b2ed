package dev.jaxrsmcp.internal.session;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the sessions of an instance that shares none: at most {@code maxSessions} in all, at most
 * {@link SessionLimits#maxOf} of one quota key (one caller, or all anonymous callers together). A
 * slot is reserved before a session is created and released when it ends.
 *
 * <p>Thread safety: the total is a CAS loop, the per-caller counts live in a concurrent map whose
 * entries are changed only inside {@code compute}.
 */
final class LocalSessions {
  private final SessionLimits limits;
  private final AtomicInteger total = new AtomicInteger();
  private final Map<String, Integer> perCaller = new ConcurrentHashMap<>();

  LocalSessions(SessionLimits limits) {
    this.limits = limits;
  }

  /**
   * Reserves a slot for a session of {@code quotaKey}.
   *
   * @return the limit that was reached (without a retry time: the store adds it); empty when the
   *     slot is reserved
   */
  Optional<TooManySessionsException.Scope> reserve(String quotaKey) {
    int taken;
    do {
      taken = total.get();
      if (taken >= limits.maxSessions()) {
        return Optional.of(TooManySessionsException.Scope.ALL);
      }
    } while (!total.compareAndSet(taken, taken + 1));
    int max = limits.maxOf(quotaKey);
    boolean[] refused = {false};
    perCaller.compute(
        quotaKey,
        (key, count) -> {
          int now = count == null ? 0 : count;
          if (now >= max) {
            refused[0] = true;
            return count;
          }
          return now + 1;
        });
    if (refused[0]) {
      total.decrementAndGet();
      return Optional.of(limits.scopeOf(quotaKey));
    }
    return Optional.empty();
  }

  /** Gives back the slot of an ended session. */
  void release(String quotaKey) {
    total.decrementAndGet();
    perCaller.computeIfPresent(quotaKey, (key, count) -> count <= 1 ? null : count - 1);
  }
}
