package dev.jaxrsmcp.internal.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.sharedsessions.SessionEvent;
import dev.jaxrsmcp.internal.sharedsessions.SessionLimits;
import dev.jaxrsmcp.internal.sharedsessions.SessionRecord;
import dev.jaxrsmcp.internal.sharedsessions.SessionStoreUnavailableException;
import dev.jaxrsmcp.internal.sharedsessions.SharedSessions;
import dev.jaxrsmcp.internal.time.Time;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * The legacy sessions of one endpoint. Mints ids, finds sessions, expires idle ones, enforces the
 * session limits and ends the sessions it holds on shutdown.
 *
 * <p>Without a {@link dev.jaxrsmcp.internal.sharedsessions.SharedSessions} store, sessions live in
 * this instance's memory ({@code SessionAdmission.LocalSessions} counts them). With one, the record
 * of every session is in the shared store and this class keeps this instance's views of the
 * sessions it has served: every lookup renews the record there (so a session ended or expired
 * elsewhere is gone here too), events from other instances ({@link SessionEvents}) end views, close
 * replaced streams, move subscriptions, cancel requests and carry notifications to the stream;
 * while the store is unreachable, sessions this instance knows keep working here and everything
 * else fails at once with {@link SessionStoreUnavailableException}.
 *
 * <p>Idle expiry: a session with no request in flight and no open notification stream expires once
 * it has been inactive for longer than the idle timeout (the unconfirmed timeout until its client
 * confirmed the handshake). A background sweep (one daemon thread, started with the first session)
 * ends expired sessions, writes keep-alives on open streams and renews the shared records of the
 * sessions in use here.
 *
 * <p>Thread safety: sessions live in a concurrent map; the {@link SessionSweeper} starts once; any
 * thread may call any method.
 */
public final class SessionStore {
  private final Map<String, Session> sessions = new ConcurrentHashMap<>();
  private final SessionTimeouts timeouts;
  private final LongSupplier nanoTime;
  private final Optional<SharedSessions> shared;
  private final SessionAdmission admission;
  private final SessionFactory factory;
  private final SessionEvents events;
  private final byte[] localKey = new byte[32];
  private volatile Optional<byte[]> sharedKey = Optional.empty();
  private volatile boolean shutDown;

  private final SessionSweeper sweeper;

  /**
   * A store reading time from {@code nanoTime} (tests pass their own clock), with no limit; its
   * sweep runs on the system's time.
   */
  public SessionStore(Duration idleTimeout, Duration keepAliveInterval, LongSupplier nanoTime) {
    this(
        SessionLimits.of(idleTimeout, keepAliveInterval, Integer.MAX_VALUE),
        SharedSessions.none(),
        nanoTime);
  }

  /**
   * A store with these limits, sharing sessions through {@code shared} when present, reading time
   * from {@code nanoTime}; its sweep runs on the system's time.
   */
  public SessionStore(
      SessionLimits limits, Optional<SharedSessions> shared, LongSupplier nanoTime) {
    this(limits, shared, nanoTime, Time.system());
  }

  /**
   * A store with these limits, sharing sessions through {@code shared} when present, whose idle
   * timeouts, keep-alives and sweep run on {@code time}.
   */
  public SessionStore(SessionLimits limits, Optional<SharedSessions> shared, Time time) {
    this(limits, shared, time::nanoTime, time);
  }

  private SessionStore(
      SessionLimits limits, Optional<SharedSessions> shared, LongSupplier nanoTime, Time time) {
    this.timeouts = new SessionTimeouts(limits);
    this.nanoTime = nanoTime;
    this.shared = shared;
    this.factory = new SessionFactory(nanoTime, shared);
    this.admission =
        new SessionAdmission(
            limits, timeouts, shared, sessions, nanoTime, this::sweep, this::endHere, this::end);
    this.events = new SessionEvents(sessions, session -> endHere(session));
    this.sweeper =
        new SessionSweeper(
            sessions,
            timeouts,
            shared,
            nanoTime,
            this::endHere,
            () -> time.newScheduler("jaxrs-mcp-session-sweeper"));
    factory.randomize(localKey);
    shared.ifPresent(
        store ->
            store.startSessions(
                limits.idleTimeout(),
                Duration.ofNanos(timeouts.unconfirmedNanos),
                events::fromOtherInstance));
  }

  /** Whether sessions are shared with other instances. */
  public boolean isShared() {
    return shared.isPresent();
  }

  /** What the shared store is ({@code Redis at …}), or {@code memory}. */
  public String describe() {
    return shared.map(SharedSessions::describe).orElse("memory");
  }

  /**
   * The secret key of the session binding's keyed hash: random per instance, or the shared store's
   * (the same on every instance).
   *
   * @throws SessionStoreUnavailableException when the shared store has not handed it out yet and
   *     cannot be reached
   */
  public byte[] bindingKey() {
    if (shared.isEmpty()) {
      return localKey.clone();
    }
    Optional<byte[]> known = sharedKey;
    if (known.isPresent()) {
      return known.get().clone();
    }
    byte[] key = shared.get().bindingKey();
    sharedKey = Optional.of(key.clone());
    return key;
  }

  /** Runs {@code action} when another instance stops this instance's subscription to a URI. */
  public void onUnsubscribed(BiConsumer<Session, String> action) {
    events.onUnsubscribed(action);
  }

  /** Starts a session not bound to any caller (see the binding variant). */
  public Session create(
      String protocolVersion, ObjectNode clientCapabilities, Optional<ObjectNode> clientInfo) {
    return create(protocolVersion, clientCapabilities, clientInfo, new byte[0], "");
  }

  /**
   * Starts a session for a client that completed {@code initialize}.
   *
   * @param owner the fingerprint of the caller that started it (see {@link Session#owner()})
   * @param quotaKey whose quota it counts against (see {@link Session#quotaKey()})
   * @throws dev.jaxrsmcp.internal.sharedsessions.TooManySessionsException when a limit is reached
   *     (expired sessions are ended first, and at the caller's own limit its least recently used
   *     idle session); nothing is created
   * @throws SessionStoreUnavailableException when the shared store cannot be reached
   * @throws IllegalStateException after {@link #shutdown()}
   */
  public Session create(
      String protocolVersion,
      ObjectNode clientCapabilities,
      Optional<ObjectNode> clientInfo,
      byte[] owner,
      String quotaKey) {
    if (shutDown) {
      throw new IllegalStateException("the MCP endpoint is shutting down");
    }
    Session session =
        factory.create(protocolVersion, clientCapabilities, clientInfo, owner, quotaKey);
    if (shared.isPresent()) {
      admission.createShared(session);
      sessions.put(session.id(), session);
    } else {
      admission.reserveLocal(quotaKey);
      while (sessions.putIfAbsent(session.id(), session) != null) {
        session = factory.create(protocolVersion, clientCapabilities, clientInfo, owner, quotaKey);
      }
    }
    sweeper.start();
    if (shutDown) {
      endHere(session);
      throw new IllegalStateException("the MCP endpoint is shutting down");
    }
    return session;
  }

  /**
   * The live session with this id; empty when it never existed, ended or expired.
   *
   * @throws SessionStoreUnavailableException when the shared store cannot be reached and this
   *     instance does not know the session
   */
  public Optional<Session> find(String id) {
    Session known = sessions.get(id);
    if (known != null && known.isEnded()) {
      known = null;
    }
    if (shared.isEmpty()) {
      if (known != null && known.isIdle(nanoTime.getAsLong(), timeouts.of(known))) {
        endHere(known);
        return Optional.empty();
      }
      return Optional.ofNullable(known);
    }
    Optional<SessionRecord> record;
    try {
      record = shared.get().touch(id);
    } catch (SessionStoreUnavailableException e) {
      if (known != null) {
        return Optional.of(known); // an outage: the sessions this instance knows keep working
      }
      throw e;
    }
    if (record.isEmpty()) {
      if (known != null) {
        endHere(known);
      }
      return Optional.empty();
    }
    Session session = known != null ? known : view(record.get());
    session.refresh(record.get());
    return session.isEnded() ? Optional.empty() : Optional.of(session);
  }

  /** The client confirmed the handshake: the session now lives for the idle timeout. */
  public void confirm(Session session) {
    if (session.confirm()) {
      shared.ifPresent(store -> quietly(() -> store.confirm(session.id())));
    }
  }

  /** Records the level {@code logging/setLevel} set. */
  public void logLevel(Session session, String level) {
    session.logLevel(level);
    shared.ifPresent(store -> quietly(() -> store.logLevel(session.id(), level)));
  }

  /** Records that this instance holds the session's subscription to {@code uri}. */
  public void subscribed(Session session, String uri) {
    shared.ifPresent(store -> quietly(() -> store.subscribe(session.id(), uri)));
  }

  /** Forgets the session's subscription to {@code uri}, wherever it is held. */
  public void unsubscribed(Session session, String uri) {
    shared.ifPresent(store -> quietly(() -> store.unsubscribe(session.id(), uri)));
  }

  /**
   * Makes {@code stream} the session's notification stream: a stream of the session open here or on
   * another instance is closed (the newest stream replaces the others).
   */
  public void attach(Session session, NotificationStream stream) {
    if (shared.isPresent()) {
      try {
        long generation = shared.get().claimStream(session.id());
        session.streamGeneration(generation);
        session.attach(stream);
        shared.get().publish(SessionEvent.stream(session.id(), generation));
        return;
      } catch (SessionStoreUnavailableException e) {
        // The outage: the stream works here; other instances' streams are closed by their sweep.
      }
    }
    session.attach(stream);
  }

  /**
   * Cancels the session's request {@code requestIdJson} (its id as JSON text), here or on the
   * instance running it.
   */
  public void cancel(Session session, String requestIdJson) {
    if (!session.reads().cancel(requestIdJson)) {
      shared.ifPresent(
          store -> quietly(() -> store.publish(SessionEvent.cancel(session.id(), requestIdJson))));
    }
  }

  /**
   * Ends the session with this id on every instance (DELETE). Returns false when there was none.
   *
   * @throws SessionStoreUnavailableException when the shared store cannot be reached (nothing is
   *     ended then)
   */
  public boolean end(String id) {
    if (shared.isPresent()) {
      boolean existed = shared.get().delete(id);
      shared.get().publish(SessionEvent.ended(id));
      Session session = sessions.get(id);
      if (session != null) {
        endHere(session);
      }
      return existed;
    }
    Session session = sessions.get(id);
    if (session == null) {
      return false;
    }
    return endHere(session);
  }

  /** How many sessions this instance holds (including expired ones the sweep has not reached). */
  public int size() {
    return sessions.size();
  }

  /**
   * One pass of the background sweep: keep-alives on open streams, renewals of the shared records
   * of sessions in use here, then ends sessions idle for longer than their timeout. Runs on the
   * sweeper thread; tests call it directly.
   */
  public void sweep() {
    sweeper.sweep();
  }

  /**
   * Ends this instance's sessions (closing their streams, cancelling their requests) and stops the
   * sweep; later creates fail. Shared records stay: the other instances go on serving them.
   */
  public void shutdown() {
    shutDown = true;
    sweeper.stop();
    events.shutdown();
    for (Session session : sessions.values()) {
      endHere(session);
    }
  }

  /** This instance's view of a session another instance started. */
  private Session view(SessionRecord record) {
    Session created = factory.view(record);
    Session raced = sessions.putIfAbsent(record.id(), created);
    if (raced == null) {
      sweeper.start();
      return created;
    }
    return raced;
  }

  /** Ends this instance's view of the session; true when it was still here. */
  private boolean endHere(Session session) {
    if (!sessions.remove(session.id(), session)) {
      session.end();
      return false;
    }
    if (shared.isEmpty()) {
      admission.release(session.quotaKey());
    }
    session.end();
    return true;
  }

  private static void quietly(Runnable write) {
    try {
      write.run();
    } catch (SessionStoreUnavailableException e) {
      // The outage is logged by the store; this instance's view keeps the change.
    }
  }
}
