package dev.jaxrsmcp.internal.session;

import dev.jaxrsmcp.internal.sharedsessions.SessionLimits;
import java.time.Duration;

/**
 * The timing rules of a {@link SessionStore}, derived once from its {@link SessionLimits}: how long
 * a session may stay idle (confirmed or not), how often its stream gets a keep-alive, how long a
 * shared session must go unused before it may be ended to make room, and how often the sweep runs.
 *
 * <p>Immutable.
 */
final class SessionTimeouts {
  final long idleNanos;
  final long unconfirmedNanos;
  final long keepAliveNanos;

  /**
   * How long a shared session must have gone unused before it may be ended to make room for a new
   * one of its caller: a minute, or half the idle timeout when that is shorter. Sessions in use on
   * any instance are renewed at least every third of it and the sweep runs at least as often (see
   * {@link SessionStore#sweep()}), so a session unused for that long is in use nowhere.
   */
  final long evictAfterNanos;

  SessionTimeouts(SessionLimits limits) {
    this.idleNanos = limits.idleTimeout().toNanos();
    this.unconfirmedNanos =
        Math.min(limits.unconfirmedTimeout().toNanos(), limits.idleTimeout().toNanos());
    this.keepAliveNanos = limits.keepAlive().toNanos();
    this.evictAfterNanos = Math.min(Duration.ofMinutes(1).toNanos(), idleNanos / 2);
  }

  /** The idle timeout of this session: the unconfirmed one until its client confirmed. */
  long of(Session session) {
    return session.isConfirmed() ? idleNanos : unconfirmedNanos;
  }

  /** The shortest interval the sweep must serve (see {@link SessionSweeper}). */
  long sweepIntervalNanos(boolean shared) {
    long sweepNanos = Math.min(keepAliveNanos, Math.min(idleNanos, unconfirmedNanos));
    return shared ? Math.min(sweepNanos, evictAfterNanos / 3) : sweepNanos;
  }
}
