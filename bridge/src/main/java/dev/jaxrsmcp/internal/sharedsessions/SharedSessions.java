package dev.jaxrsmcp.internal.sharedsessions;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A session store every instance of a service shares (the {@code jaxrs-mcp-redis} module's change
 * bus is one): the {@link SessionRecord}s, their expiry, the limits on how many there are, and a
 * channel for {@link SessionEvent}s between instances. The bridge uses it when the configured
 * change bus implements this interface; otherwise sessions live in each instance's memory.
 *
 * <p>Every method either answers promptly or throws {@link SessionStoreUnavailableException}: it
 * never waits for the store to come back. Implementations are thread-safe. Not part of the
 * library's public contract; for the project's own modules.
 */
public interface SharedSessions {

  /** What the store is, for messages and logs: {@code Redis at 127.0.0.1:6379}. */
  String describe();

  /**
   * Starts the sessions part of the store; called once when the endpoint starts.
   *
   * @param idleTimeout how long a record lives after its last use
   * @param unconfirmedTimeout how long a record whose client has not confirmed the handshake lives
   * @param fromOtherInstances receives the events other instances publish (never this one's own)
   */
  void startSessions(
      Duration idleTimeout, Duration unconfirmedTimeout, Consumer<SessionEvent> fromOtherInstances);

  /**
   * The secret key of the session binding's keyed hash, the same on every instance (created by the
   * first instance that asks).
   */
  byte[] bindingKey();

  /**
   * Stores a new, unconfirmed record unless that would exceed a limit.
   *
   * @param maxSessions the most live records in all
   * @param maxPerCaller the most live records with the record's {@link SessionRecord#quotaKey()}
   * @throws TooManySessionsException when a limit is reached (for the limit in all, with when the
   *     first record expires); nothing is stored then
   */
  void create(SessionRecord record, int maxSessions, int maxPerCaller);

  /**
   * The id of the session of {@code quotaKey} used least recently, when it has gone unused for at
   * least {@code idleFor}; empty when there is none. Nothing is changed.
   */
  Optional<String> leastRecentlyUsed(String quotaKey, Duration idleFor);

  /** Records a use now (renewing the expiry); the record, or empty when it ended or expired. */
  Optional<SessionRecord> touch(String id);

  /** Whether the record is still live, without renewing it. */
  boolean exists(String id);

  /** The client confirmed the handshake: the record now lives for the idle timeout. */
  void confirm(String id);

  /** Records the level {@code logging/setLevel} set. */
  void logLevel(String id, String level);

  /**
   * Records that this instance holds the subscription to {@code uri}; an instance that held it
   * before is told to stop ({@link SessionEvent.Type#UNSUBSCRIBED}), so one instance watches it.
   */
  void subscribe(String id, String uri);

  /** Forgets the subscription to {@code uri}; the instance holding it is told to stop. */
  void unsubscribe(String id, String uri);

  /** A new generation number for a GET stream of the session (increasing). */
  long claimStream(String id);

  /** Removes the record; false when there was none. Other instances are told separately. */
  boolean delete(String id);

  /** Tells every other instance; dropped (never queued) while the store is unreachable. */
  void publish(SessionEvent event);

  /** Nothing to share: how {@link Optional#empty()} reads at the call site. */
  static Optional<SharedSessions> none() {
    return Optional.empty();
  }
}
