package dev.jaxrsmcp.internal.session;

import dev.jaxrsmcp.internal.sharedsessions.SessionLimits;
import dev.jaxrsmcp.internal.sharedsessions.SharedSessions;
import dev.jaxrsmcp.internal.sharedsessions.TooManySessionsException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Whether a new session of a {@link SessionStore} may start: the limits of {@link SessionLimits},
 * counted here by {@link LocalSessions} or by the {@link SharedSessions} store. A caller at its own
 * limit gets room by the end of its least recently used idle session; a refusal says when a place
 * may be free.
 *
 * <p>Thread safety: reads the store's concurrent session map; any thread may call any method.
 */
final class SessionAdmission {
  /** The store's logger: what an operator already configures for sessions. */
  private static final System.Logger LOG = System.getLogger(SessionStore.class.getName());

  private final SessionLimits limits;
  private final SessionTimeouts timeouts;
  private final Optional<SharedSessions> shared;
  private final LocalSessions local;
  private final Map<String, Session> sessions;
  private final LongSupplier nanoTime;
  private final Runnable sweep;
  private final Predicate<Session> endHere;
  private final Consumer<String> end;

  /**
   * @param sweep ends expired sessions before a limit is reported
   * @param endHere ends this instance's view of a session; true when it was still here
   * @param end ends a session on every instance
   */
  SessionAdmission(
      SessionLimits limits,
      SessionTimeouts timeouts,
      Optional<SharedSessions> shared,
      Map<String, Session> sessions,
      LongSupplier nanoTime,
      Runnable sweep,
      Predicate<Session> endHere,
      Consumer<String> end) {
    this.limits = limits;
    this.timeouts = timeouts;
    this.shared = shared;
    this.local = new LocalSessions(limits);
    this.sessions = sessions;
    this.nanoTime = nanoTime;
    this.sweep = sweep;
    this.endHere = endHere;
    this.end = end;
  }

  /**
   * Reserves a place for a session of {@code quotaKey} on an instance that shares none: expired
   * sessions are ended first, and at the caller's own limit its least recently used idle session.
   *
   * @throws TooManySessionsException when no place is free
   */
  void reserveLocal(String quotaKey) {
    Optional<TooManySessionsException.Scope> refused = local.reserve(quotaKey);
    if (refused.isPresent()) {
      sweep.run();
      refused = local.reserve(quotaKey);
    }
    // Concurrent creates may pick the same idle session: each tries the next one then.
    for (int attempt = 0;
        attempt < 16
            && refused.isPresent()
            && refused.get() != TooManySessionsException.Scope.ALL
            && endLeastRecentlyUsed(quotaKey);
        attempt++) {
      refused = local.reserve(quotaKey);
    }
    if (refused.isPresent()) {
      throw tooMany(refused.get(), quotaKey);
    }
  }

  /** Gives back the place of a session that ended (on an instance that shares none). */
  void release(String quotaKey) {
    local.release(quotaKey);
  }

  /** A shared record, ending the caller's least recently used idle session once to make room. */
  void createShared(Session session) {
    SharedSessions store = shared.get();
    int max = limits.maxOf(session.quotaKey());
    try {
      store.create(session.record(Set.of()), limits.maxSessions(), max);
    } catch (TooManySessionsException e) {
      if (e.scope() == TooManySessionsException.Scope.ALL) {
        throw e;
      }
      Optional<String> idle =
          store.leastRecentlyUsed(session.quotaKey(), Duration.ofNanos(timeouts.evictAfterNanos));
      if (idle.isEmpty()) {
        throw e;
      }
      end.accept(idle.get());
      logMadeRoom(e.scope());
      store.create(session.record(Set.of()), limits.maxSessions(), max);
    }
  }

  /**
   * Ends the least recently used session of {@code quotaKey} that is idle here (no request running,
   * no stream open), to make room for a new one of the same caller; false when there is none.
   */
  private boolean endLeastRecentlyUsed(String quotaKey) {
    Session oldest = null;
    for (Session candidate : sessions.values()) {
      if (candidate.quotaKey().equals(quotaKey)
          && !candidate.isEnded()
          && !candidate.isInUse()
          && (oldest == null || candidate.lastActiveNanos() - oldest.lastActiveNanos() < 0)) {
        oldest = candidate;
      }
    }
    if (oldest == null) {
      return false;
    }
    if (endHere.test(oldest)) {
      logMadeRoom(limits.scopeOf(quotaKey));
    }
    return true; // ended here, or by a concurrent create: either way a place may be free
  }

  private void logMadeRoom(TooManySessionsException.Scope scope) {
    LOG.log(
        System.Logger.Level.INFO,
        () ->
            "MCP session ended to make room for a new one of the same caller: its least recently"
                + " used idle session ("
                + (scope == TooManySessionsException.Scope.ANONYMOUS
                    ? "maxAnonymousSessions "
                    : "maxSessionsPerCaller ")
                + limits.max(scope)
                + ")");
  }

  /**
   * The refusal for a limit reached here, with when a place may be free: for the limit in all, when
   * the first idle session expires; for a caller's own limit nothing can be told (every one of its
   * sessions is in use).
   */
  private TooManySessionsException tooMany(TooManySessionsException.Scope scope, String quotaKey) {
    if (scope != TooManySessionsException.Scope.ALL) {
      return new TooManySessionsException(limits.maxOf(quotaKey), scope, Optional.empty());
    }
    long now = nanoTime.getAsLong();
    long soonest = Long.MAX_VALUE;
    for (Session session : sessions.values()) {
      if (!session.isInUse()) {
        long left = timeouts.of(session) - (now - session.lastActiveNanos());
        soonest = Math.min(soonest, Math.max(0, left));
      }
    }
    return new TooManySessionsException(
        limits.maxSessions(),
        scope,
        soonest == Long.MAX_VALUE ? Optional.empty() : Optional.of(Duration.ofNanos(soonest)));
  }

  /**
   * Counts the sessions of an instance that shares none: at most {@code maxSessions} in all, at
   * most {@link SessionLimits#maxOf} of one quota key (one caller, or all anonymous callers
   * together). A slot is reserved before a session is created and released when it ends.
   *
   * <p>Thread safety: the total is a CAS loop, the per-caller counts live in a concurrent map whose
   * entries are changed only inside {@code compute}.
   */
  static final class LocalSessions {
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
}
