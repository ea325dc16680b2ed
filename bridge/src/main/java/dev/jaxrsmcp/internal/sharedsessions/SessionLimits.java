package dev.jaxrsmcp.internal.sharedsessions;

import java.time.Duration;

/**
 * How long sessions live and how many there may be.
 *
 * @param idleTimeout how long a session may stay unused before it ends
 * @param unconfirmedTimeout the same, for a session whose client has not yet confirmed the
 *     handshake ({@code notifications/initialized} or any later request)
 * @param keepAlive how often an open notification stream gets a keep-alive comment
 * @param maxSessions the most sessions in all (with a shared store: on all instances together)
 * @param maxPerCaller the most sessions of one caller ({@link
 *     dev.jaxrsmcp.internal.session.Session#quotaKey()})
 * @param maxAnonymous the most sessions of all anonymous callers together
 */
public record SessionLimits(
    Duration idleTimeout,
    Duration unconfirmedTimeout,
    Duration keepAlive,
    int maxSessions,
    int maxPerCaller,
    int maxAnonymous) {

  /** No short expiry for unconfirmed sessions and no per-caller quota. */
  public static SessionLimits of(Duration idleTimeout, Duration keepAlive, int maxSessions) {
    return new SessionLimits(
        idleTimeout, idleTimeout, keepAlive, maxSessions, Integer.MAX_VALUE, Integer.MAX_VALUE);
  }

  /** The most sessions of the caller with this quota key. */
  public int maxOf(String quotaKey) {
    return dev.jaxrsmcp.internal.quota.OwnerQuota.ANONYMOUS.equals(quotaKey)
        ? maxAnonymous
        : maxPerCaller;
  }

  /** The limit of one scope. */
  public int max(TooManySessionsException.Scope scope) {
    return switch (scope) {
      case ALL -> maxSessions;
      case CALLER -> maxPerCaller;
      case ANONYMOUS -> maxAnonymous;
    };
  }

  /** Which limit {@link #maxOf} is for this quota key. */
  public TooManySessionsException.Scope scopeOf(String quotaKey) {
    return dev.jaxrsmcp.internal.quota.OwnerQuota.ANONYMOUS.equals(quotaKey)
        ? TooManySessionsException.Scope.ANONYMOUS
        : TooManySessionsException.Scope.CALLER;
  }
}
