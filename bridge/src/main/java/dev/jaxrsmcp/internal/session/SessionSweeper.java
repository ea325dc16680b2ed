package dev.jaxrsmcp.internal.session;

import dev.jaxrsmcp.internal.sharedsessions.SessionRecord;
import dev.jaxrsmcp.internal.sharedsessions.SessionStoreUnavailableException;
import dev.jaxrsmcp.internal.sharedsessions.SharedSessions;
import dev.jaxrsmcp.internal.time.Scheduler;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The background pass of a {@link SessionStore}: keep-alives on open streams, renewals of the
 * shared records of sessions in use here, and the end of sessions idle for longer than their
 * timeout.
 *
 * <p>One daemon thread (inheriting no thread-locals), started with the first session, runs the pass
 * at half the store's shortest interval, so that keep-alives go out between one and one and a half
 * intervals apart and an unconfirmed session ends within one and a half of its timeouts.
 *
 * <p>Thread safety: {@link #start} and {@link #stop} synchronize on this object; {@link #sweep}
 * reads the store's concurrent map and may run on any thread.
 */
final class SessionSweeper {
  /** The store's logger: what an operator already configures for sessions. */
  private static final System.Logger STORE_LOG = System.getLogger(SessionStore.class.getName());

  private static final System.Logger LOG = System.getLogger(SessionSweeper.class.getName());

  private final Map<String, Session> sessions;
  private final SessionTimeouts timeouts;
  private final Optional<SharedSessions> shared;
  private final LongSupplier nanoTime;
  private final Predicate<Session> endHere;
  private final Supplier<Scheduler> schedulers;
  private final long periodNanos;

  /** Guarded by {@code this}; empty until the first start. */
  private Scheduler executor;

  private boolean stopped;

  /**
   * @param endHere ends this instance's view of a session; true when it was still here
   * @param schedulers makes the pass's scheduler at the first start
   */
  SessionSweeper(
      Map<String, Session> sessions,
      SessionTimeouts timeouts,
      Optional<SharedSessions> shared,
      LongSupplier nanoTime,
      Predicate<Session> endHere,
      Supplier<Scheduler> schedulers) {
    this.sessions = sessions;
    this.timeouts = timeouts;
    this.shared = shared;
    this.nanoTime = nanoTime;
    this.endHere = endHere;
    this.schedulers = schedulers;
    this.periodNanos =
        Math.max(
            TimeUnit.MILLISECONDS.toNanos(10), timeouts.sweepIntervalNanos(shared.isPresent()) / 2);
  }

  /** Starts the pass unless it runs already or was stopped. */
  synchronized void start() {
    if (executor != null || stopped) {
      return;
    }
    executor = schedulers.get();
    executor.scheduleWithFixedDelay(
        this::sweepSafely, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
  }

  /** Stops the pass for good. */
  synchronized void stop() {
    stopped = true;
    if (executor != null) {
      executor.shutdown();
    }
  }

  /** One pass (see {@link SessionStore#sweep()}). */
  void sweep() {
    for (Session session : sessions.values()) {
      long now = nanoTime.getAsLong();
      session.keepAlive(now, timeouts.keepAliveNanos);
      if (shared.isPresent() && session.isInUse()) {
        if (session.renewedBefore(
            now, Math.min(timeouts.of(session), timeouts.evictAfterNanos) / 3)) {
          renew(session); // well before the record expires, not at every pass
        }
      } else if (session.isIdle(now, timeouts.of(session))) {
        expire(session);
      }
    }
  }

  /** Renews a session in use here; ends the view when the record is gone (ended elsewhere). */
  private void renew(Session session) {
    try {
      Optional<SessionRecord> record = shared.get().touch(session.id());
      if (record.isEmpty()) {
        var unused = endHere.test(session); // ended elsewhere; here now, or by a concurrent end
      } else {
        session.refresh(record.get());
      }
    } catch (SessionStoreUnavailableException e) {
      // The outage: keep serving it here.
    }
  }

  private void expire(Session session) {
    if (shared.isPresent()) {
      try {
        if (shared.get().exists(session.id())) {
          return; // in use on another instance: this view (and what it watches) stays
        }
      } catch (SessionStoreUnavailableException e) {
        // Cannot tell: this instance's idle rule decides.
      }
    }
    if (endHere.test(session)) {
      STORE_LOG.log(System.Logger.Level.DEBUG, "MCP session expired after being idle");
    }
  }

  private void sweepSafely() {
    try {
      sweep();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "MCP session sweep failed", e);
    }
  }
}
