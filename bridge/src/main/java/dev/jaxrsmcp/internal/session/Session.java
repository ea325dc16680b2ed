package dev.jaxrsmcp.internal.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.sharedsessions.SessionRecord;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * One legacy-era session: minted by {@code initialize}, named by the {@code Mcp-Session-Id} header,
 * ended by {@code DELETE}, by idle expiry or by shutdown.
 *
 * <p>With a {@link dev.jaxrsmcp.internal.sharedsessions.SharedSessions} store this object is one
 * instance's view of a session that every instance serves: the record (version, client, binding,
 * subscriptions, log level) is shared, while the notification stream, the requests in flight and
 * the subscriptions this instance watches are local. A notification for a session whose stream is
 * open elsewhere is handed to the store, which carries it to the instance holding the stream.
 *
 * <p>Thread safety: every mutable member is atomic or volatile; any thread may call any method. The
 * session is idle when no request is in flight, no notification stream is open, and the last
 * activity is older than the store's idle timeout (its unconfirmed timeout until the client
 * confirmed the handshake).
 */
public final class Session {
  private final String id;
  private final String protocolVersion;
  private final ObjectNode clientCapabilities;
  private final Optional<ObjectNode> clientInfo;
  private final byte[] owner;
  private final String quotaKey;
  private final LongSupplier nanoTime;
  private final Predicate<ObjectNode> elsewhere;
  private final InFlightReads reads = new InFlightReads();
  private final AtomicBoolean initialized = new AtomicBoolean();
  private volatile Optional<String> logLevel = Optional.empty();
  private volatile long streamGeneration;
  private volatile long renewedNanos;

  private volatile long lastActiveNanos;
  private volatile long lastKeepAliveNanos;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicReference<NotificationStream> stream = new AtomicReference<>();
  private final AtomicBoolean ended = new AtomicBoolean();
  private final List<Runnable> endListeners = new CopyOnWriteArrayList<>();

  Session(
      String id,
      String protocolVersion,
      ObjectNode clientCapabilities,
      Optional<ObjectNode> clientInfo,
      byte[] owner,
      String quotaKey,
      LongSupplier nanoTime,
      Predicate<ObjectNode> elsewhere) {
    this.id = id;
    this.owner = owner.clone();
    this.quotaKey = quotaKey;
    this.elsewhere = elsewhere;
    this.protocolVersion = protocolVersion;
    this.clientCapabilities =
        clientCapabilities.deepCopy(); // small: see the protocol's ClientFacts
    this.clientInfo = clientInfo.map(ObjectNode::deepCopy);
    this.nanoTime = nanoTime;
    this.lastActiveNanos = nanoTime.getAsLong();
    this.lastKeepAliveNanos = lastActiveNanos;
  }

  /** The session id: visible ASCII, at least 128 random bits. */
  public String id() {
    return id;
  }

  /** The protocol version negotiated by {@code initialize}. */
  public String protocolVersion() {
    return protocolVersion;
  }

  /** The {@code capabilities} the client sent in {@code initialize} (a copy is kept). */
  public ObjectNode clientCapabilities() {
    return clientCapabilities.deepCopy();
  }

  /** The {@code clientInfo} the client sent in {@code initialize}, when it sent one. */
  public Optional<ObjectNode> clientInfo() {
    return clientInfo.map(ObjectNode::deepCopy);
  }

  /**
   * The fingerprint of the caller that started the session (a keyed hash of its identifying
   * headers, never the headers themselves); empty when the session is not bound.
   */
  public byte[] owner() {
    return owner.clone();
  }

  /**
   * Whose quota the session counts against: the caller's binding (its principal or credential
   * headers), or its address when it sent none.
   */
  public String quotaKey() {
    return quotaKey;
  }

  /** The record every instance shares, as this instance sees it now. */
  public SessionRecord record(java.util.Set<String> subscriptions) {
    return new SessionRecord(
        id,
        protocolVersion,
        clientCapabilities,
        clientInfo,
        owner,
        quotaKey,
        initialized.get(),
        logLevel,
        subscriptions);
  }

  /**
   * The client confirmed the handshake ({@code notifications/initialized}, or any later request).
   *
   * @return true the first time
   */
  public boolean confirm() {
    return initialized.compareAndSet(false, true);
  }

  /** Whether the client confirmed the handshake. */
  public boolean isConfirmed() {
    return initialized.get();
  }

  /** The level {@code logging/setLevel} set; empty when never set. */
  public Optional<String> logLevel() {
    return logLevel;
  }

  /** The level {@code logging/setLevel} set, as routes' log messages are filtered by it. */
  public Optional<McpContext.LogLevel> routeLogLevel() {
    return logLevel.flatMap(dev.jaxrsmcp.internal.logging.LogLevels::parse);
  }

  /** Records the level {@code logging/setLevel} set (the store shares it). */
  public void logLevel(String level) {
    this.logLevel = Optional.of(level);
  }

  /** The session's requests running on this instance, with their cancel handles. */
  public InFlightReads reads() {
    return reads;
  }

  /** The generation of the stream this instance holds (0: none claimed yet). */
  long streamGeneration() {
    return streamGeneration;
  }

  /** Records the shared generation of the stream about to be attached here. */
  void streamGeneration(long generation) {
    this.streamGeneration = generation;
  }

  /** Whether the shared record was last renewed more than {@code nanos} ago. */
  boolean renewedBefore(long now, long nanos) {
    return now - renewedNanos > nanos;
  }

  /** Takes what other instances changed in the shared record (just renewed). */
  void refresh(SessionRecord record) {
    renewedNanos = nanoTime.getAsLong();
    if (record.initialized()) {
      initialized.set(true);
    }
    record.logLevel().ifPresent(level -> this.logLevel = Optional.of(level));
  }

  /** True once the session was ended; an ended session never comes back. */
  public boolean isEnded() {
    return ended.get();
  }

  /** Marks the start of a request on this session; pair with {@link #exit()}. */
  public void enter() {
    inFlight.incrementAndGet();
    touch();
  }

  /** Marks the end of a request started with {@link #enter()}. */
  public void exit() {
    touch();
    inFlight.decrementAndGet();
  }

  /** When the session was last active ({@link System#nanoTime()} scale of the store's clock). */
  long lastActiveNanos() {
    return lastActiveNanos;
  }

  /** Records activity now. */
  public void touch() {
    lastActiveNanos = nanoTime.getAsLong();
  }

  /**
   * Makes {@code next} the session's notification stream. A session has at most one: an earlier
   * stream is closed (a client that reconnects replaces its old stream). When the session has
   * already ended, {@code next} is closed at once.
   */
  public void attach(NotificationStream next) {
    touch();
    NotificationStream previous = stream.getAndSet(next);
    if (previous != null && previous != next) {
      previous.close();
    }
    if (ended.get()) {
      detach(next);
    }
  }

  /** Closes and forgets {@code current} if it is still this session's stream. */
  public void detach(NotificationStream current) {
    if (stream.compareAndSet(current, null)) {
      touch();
    }
    current.close();
  }

  /** The open notification stream, if the client has one. */
  public Optional<NotificationStream> stream() {
    NotificationStream current = stream.get();
    return current != null && current.isOpen() ? Optional.of(current) : Optional.empty();
  }

  /**
   * Sends a notification on the session's stream: here when this instance holds it, else through
   * the shared store to the instance that does.
   *
   * @return false when the message was dropped (no stream here, and none elsewhere to hand it to)
   */
  public boolean notify(ObjectNode message) {
    return notifyHere(message) || elsewhere.test(message);
  }

  /** Sends a notification on the stream this instance holds; false when it holds none. */
  public boolean notifyHere(ObjectNode message) {
    NotificationStream current = stream.get();
    if (current == null) {
      return false;
    }
    if (current.send(message)) {
      return true;
    }
    detach(current);
    return false;
  }

  /** Runs {@code listener} once when the session ends (at once if it already has). */
  public void onEnd(Runnable listener) {
    endListeners.add(listener);
    if (ended.get() && endListeners.remove(listener)) {
      listener.run();
    }
  }

  /**
   * Ends the session: closes its stream, cancels its requests in flight here and runs the end
   * listeners. Idempotent.
   */
  void end() {
    if (!ended.compareAndSet(false, true)) {
      return;
    }
    reads.cancelAll();
    NotificationStream current = stream.getAndSet(null);
    if (current != null) {
      current.close();
    }
    for (Runnable listener : endListeners) {
      if (endListeners.remove(listener)) {
        listener.run();
      }
    }
  }

  /** True when nothing has happened for longer than {@code idleNanos} and nothing is open. */
  boolean isIdle(long now, long idleNanos) {
    return !isInUse() && now - lastActiveNanos > idleNanos;
  }

  /** True while a request on it runs here or this instance holds its open stream. */
  boolean isInUse() {
    return inFlight.get() > 0 || stream().isPresent();
  }

  /**
   * Writes a keep-alive on the open stream when the last one is at least {@code intervalNanos} old;
   * forgets the stream when the write fails.
   */
  void keepAlive(long now, long intervalNanos) {
    NotificationStream current = stream.get();
    if (current == null || now - lastKeepAliveNanos < intervalNanos) {
      return;
    }
    lastKeepAliveNanos = now;
    if (!current.keepAlive()) {
      detach(current);
    }
  }
}
