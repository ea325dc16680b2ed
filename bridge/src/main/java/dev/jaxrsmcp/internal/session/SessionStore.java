package dev.jaxrsmcp.internal.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The live legacy sessions of one endpoint. Mints ids, finds sessions, expires idle ones, holds at
 * most a configured number of sessions and ends them all on shutdown.
 *
 * <p>Idle expiry: a session with no request in flight and no open notification stream expires once
 * it has been inactive for longer than the idle timeout. A lookup never returns an expired session;
 * a background sweep (one daemon thread, started with the first session) ends expired sessions and
 * writes keep-alives on open streams, so a dead connection is noticed and its session can expire.
 *
 * <p>Thread safety: sessions live in a concurrent map; the sweeper is created once under {@code
 * this}; any thread may call any method.
 */
public final class SessionStore {
  /** 128 random bits: the id is their unpadded base64url text (22 visible ASCII characters). */
  static final int ID_BYTES = 16;

  private static final System.Logger LOG = System.getLogger(SessionStore.class.getName());

  private final SecureRandom random = new SecureRandom();
  private final Map<String, Session> sessions = new ConcurrentHashMap<>();
  private final long idleNanos;
  private final long keepAliveNanos;
  private final LongSupplier nanoTime;
  private final int maxSessions;

  /** Sessions in the map plus those being created; at most {@link #maxSessions}. */
  private final AtomicInteger slots = new AtomicInteger();

  private volatile boolean shutDown;

  /** Guarded by {@code this}; created with the first session. */
  private ScheduledExecutorService sweeper;

  /** A store using the system clock, with no limit on the number of sessions. */
  public SessionStore(Duration idleTimeout, Duration keepAliveInterval) {
    this(idleTimeout, keepAliveInterval, Integer.MAX_VALUE, System::nanoTime);
  }

  /** A store using the system clock that holds at most {@code maxSessions} sessions. */
  public SessionStore(Duration idleTimeout, Duration keepAliveInterval, int maxSessions) {
    this(idleTimeout, keepAliveInterval, maxSessions, System::nanoTime);
  }

  /** A store reading time from {@code nanoTime} (tests pass their own clock), with no limit. */
  public SessionStore(Duration idleTimeout, Duration keepAliveInterval, LongSupplier nanoTime) {
    this(idleTimeout, keepAliveInterval, Integer.MAX_VALUE, nanoTime);
  }

  /** A store reading time from {@code nanoTime} that holds at most {@code maxSessions} sessions. */
  public SessionStore(
      Duration idleTimeout, Duration keepAliveInterval, int maxSessions, LongSupplier nanoTime) {
    this.idleNanos = idleTimeout.toNanos();
    this.keepAliveNanos = keepAliveInterval.toNanos();
    this.maxSessions = maxSessions;
    this.nanoTime = nanoTime;
  }

  /** Starts a session not bound to any caller (see the binding variant). */
  public Session create(
      String protocolVersion, ObjectNode clientCapabilities, Optional<ObjectNode> clientInfo) {
    return create(protocolVersion, clientCapabilities, clientInfo, new byte[0]);
  }

  /**
   * Starts a session for a client that completed {@code initialize}.
   *
   * @param owner the fingerprint of the caller that started it (see {@link Session#owner()})
   * @throws TooManySessionsException when the store holds {@code maxSessions} live sessions (idle
   *     ones are expired first); nothing is created
   * @throws IllegalStateException after {@link #shutdown()}
   */
  public Session create(
      String protocolVersion,
      ObjectNode clientCapabilities,
      Optional<ObjectNode> clientInfo,
      byte[] owner) {
    if (shutDown) {
      throw new IllegalStateException("the MCP endpoint is shutting down");
    }
    if (!reserveSlot()) {
      sweep();
      if (!reserveSlot()) {
        throw new TooManySessionsException(maxSessions);
      }
    }
    Session session;
    do {
      session =
          new Session(newId(), protocolVersion, clientCapabilities, clientInfo, owner, nanoTime);
    } while (sessions.putIfAbsent(session.id(), session) != null);
    startSweeper();
    if (shutDown) {
      end(session.id());
      throw new IllegalStateException("the MCP endpoint is shutting down");
    }
    return session;
  }

  /** The live session with this id; empty when it never existed, ended or expired. */
  public Optional<Session> find(String id) {
    Session session = sessions.get(id);
    if (session == null) {
      return Optional.empty();
    }
    if (session.isIdle(nanoTime.getAsLong(), idleNanos)) {
      expire(session);
      return Optional.empty();
    }
    return session.isEnded() ? Optional.empty() : Optional.of(session);
  }

  /** Ends the session with this id. Returns false when there was none. */
  public boolean end(String id) {
    Session session = sessions.remove(id);
    if (session == null) {
      return false;
    }
    slots.decrementAndGet();
    session.end();
    return true;
  }

  /** How many sessions are live (including expired ones the sweep has not reached yet). */
  public int size() {
    return sessions.size();
  }

  /**
   * One pass of the background sweep: keep-alives on open streams, then ends sessions idle for
   * longer than the idle timeout. Runs on the sweeper thread; tests call it directly.
   */
  public void sweep() {
    for (Session session : sessions.values()) {
      long now = nanoTime.getAsLong();
      session.keepAlive(now, keepAliveNanos);
      if (session.isIdle(now, idleNanos)) {
        expire(session);
      }
    }
  }

  /** Ends every session (closing their streams) and stops the sweep. Later creates fail. */
  public void shutdown() {
    shutDown = true;
    synchronized (this) {
      if (sweeper != null) {
        sweeper.shutdownNow();
      }
    }
    for (String id : sessions.keySet()) {
      end(id);
    }
  }

  private boolean reserveSlot() {
    int taken;
    do {
      taken = slots.get();
      if (taken >= maxSessions) {
        return false;
      }
    } while (!slots.compareAndSet(taken, taken + 1));
    return true;
  }

  private void expire(Session session) {
    if (sessions.remove(session.id(), session)) {
      slots.decrementAndGet();
      LOG.log(System.Logger.Level.DEBUG, "MCP session expired after being idle");
      session.end();
    }
  }

  private String newId() {
    byte[] bytes = new byte[ID_BYTES];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private synchronized void startSweeper() {
    if (sweeper != null || shutDown) {
      return;
    }
    sweeper =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(null, task, "jaxrs-mcp-session-sweeper", 0, false);
              thread.setDaemon(true);
              return thread;
            });
    // Half the shorter interval: keep-alives go out between one and one and a half intervals apart.
    long period =
        Math.max(TimeUnit.MILLISECONDS.toNanos(10), Math.min(keepAliveNanos, idleNanos) / 2);
    sweeper.scheduleWithFixedDelay(this::sweepSafely, period, period, TimeUnit.NANOSECONDS);
  }

  private void sweepSafely() {
    try {
      sweep();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "MCP session sweep failed", e);
    }
  }
}
