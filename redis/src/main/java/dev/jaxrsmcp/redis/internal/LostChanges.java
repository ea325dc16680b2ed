package dev.jaxrsmcp.redis.internal;

import java.time.Clock;
import java.time.Duration;

/**
 * What one instance knows about changes lost on the bus, and whether it must tell its subscribers
 * to read again.
 *
 * <p>Two kinds of loss: changes this instance could not publish (Redis was down or not yet
 * connected), which it announces once connected so the other instances' subscribers read again; and
 * changes it could not receive (its subscription was down), which it makes up for by telling its
 * own subscribers to read again each time its subscription (re)starts. An announcement of a loss
 * older than this instance's last such refresh changes nothing for it (its subscribers read again
 * after the lost change), so it is ignored, and a reconnect that both instances saw gives each
 * subscriber one notification, not two. Thread-safe.
 */
public final class LostChanges {
  /**
   * Clocks of two instances may disagree by this much (a refresh is kept only when clearly later).
   */
  private static final Duration SKEW = Duration.ofSeconds(1);

  private final Clock clock;
  private final Object lock = new Object();
  // guarded by lock: the latest change this instance could not publish, 0 when none is unannounced
  private long unannouncedSince;
  // guarded by lock
  private long refreshedAt;

  public LostChanges(Clock clock) {
    this.clock = clock;
  }

  /** A change of this instance could not be published. */
  public void lostPublish() {
    synchronized (lock) {
      unannouncedSince = clock.millis();
    }
  }

  /** The time of the latest unannounced lost publish; 0 when there is none. */
  public long unannounced() {
    synchronized (lock) {
      return unannouncedSince;
    }
  }

  /** The announcement of {@code lostAt} went out; a loss after it is still unannounced. */
  public void announced(long lostAt) {
    synchronized (lock) {
      if (unannouncedSince == lostAt) {
        unannouncedSince = 0;
      }
    }
  }

  /** This instance's subscription (re)started: its subscribers are told to read again now. */
  public void refreshed() {
    synchronized (lock) {
      refreshedAt = clock.millis();
    }
  }

  /**
   * Another instance lost changes up to {@code lostAt}: true when this instance's subscribers must
   * read again (and it counts as a refresh), false when they already did after that.
   */
  public boolean mustRefreshFor(long lostAt) {
    synchronized (lock) {
      if (refreshedAt > lostAt + SKEW.toMillis()) {
        return false;
      }
      refreshedAt = clock.millis();
      return true;
    }
  }
}
