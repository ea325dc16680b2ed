package dev.jaxrsmcp.redis.internal;

import dev.jaxrsmcp.internal.sharedsessions.SessionEvent;
import dev.jaxrsmcp.internal.sharedsessions.SessionRecord;
import dev.jaxrsmcp.internal.sharedsessions.SessionStoreUnavailableException;
import dev.jaxrsmcp.internal.sharedsessions.TooManySessionsException;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Legacy session records in Redis, for {@code RedisChangeBus}: one hash per session that expires
 * with the session's timeout, sorted-set indexes for the session limits, a binding key shared by
 * every instance, and the sessions channel for events between instances. Scripts keep each step
 * atomic (a record is never created by a write to a session that just ended). Keys: {@code
 * <prefix>session:<id>}, {@code <prefix>session-index}, {@code <prefix>session-caller:<quota key>},
 * {@code <prefix>binding-key}; scripts name some keys themselves, so the store needs one Redis
 * (standalone or replicated), not a cluster.
 *
 * <p>Every command answers within the command timeout or fails with {@link
 * SessionStoreUnavailableException}; while Redis is down, commands are refused at once (the
 * connection rejects them) and a new connection is tried at most once per retry interval.
 */
public final class RedisSessions {
  /** The quota key every anonymous caller shares (see the bridge's {@code CallerBinding}). */
  private static final String ANONYMOUS = "anonymous";

  private static final String CREATE = script("session-create.lua");
  private static final String TOUCH = script("session-touch.lua");
  private static final String SET = script("session-set.lua");
  private static final String DELETE = script("session-delete.lua");
  private static final String STREAM = script("session-stream.lua");
  private static final String LEAST_RECENTLY_USED = script("session-lru.lua");

  private final Supplier<Optional<RedisClient>> client;
  private final String prefix;
  private final String channel;
  private final String instance;
  private final String where;
  private final OutageLog outage;
  private final long retryNanos;
  private volatile Consumer<SessionEvent> events = event -> {};
  private volatile long idleMillis = Duration.ofMinutes(30).toMillis();
  private volatile long unconfirmedMillis = Duration.ofSeconds(10).toMillis();
  private volatile boolean closed;

  // guarded by this
  private Optional<StatefulRedisConnection<String, String>> connection = Optional.empty();
  // guarded by this
  private long lastAttempt = Long.MIN_VALUE;

  public RedisSessions(
      Supplier<Optional<RedisClient>> client,
      String prefix,
      String instance,
      String where,
      OutageLog outage,
      Duration retryInterval) {
    this.client = client;
    this.prefix = prefix;
    this.channel = prefix + "sessions";
    this.instance = instance;
    this.where = where;
    this.outage = outage;
    this.retryNanos = retryInterval.toNanos();
  }

  /** The channel session events travel on. */
  public String channel() {
    return channel;
  }

  public String describe() {
    return "Redis at " + where;
  }

  public void start(Duration idle, Duration unconfirmed, Consumer<SessionEvent> fromOthers) {
    this.idleMillis = Math.max(1, idle.toMillis());
    this.unconfirmedMillis = Math.max(1, unconfirmed.toMillis());
    this.events = fromOthers;
  }

  /** Hands a message from the sessions channel to the bridge (unless it is our own). */
  public void received(String message) {
    SessionFields.decode(instance, message).ifPresent(events);
  }

  public byte[] bindingKey() {
    return run(
        redis -> {
          byte[] fresh = new byte[32];
          new SecureRandom().nextBytes(fresh);
          String key = prefix + "binding-key";
          redis.set(key, Base64.getEncoder().encodeToString(fresh), SetArgs.Builder.nx());
          return Base64.getDecoder().decode(redis.get(key));
        });
  }

  public void create(SessionRecord record, int maxSessions, int maxPerCaller) {
    List<String> args = new ArrayList<>();
    args.add(record.id());
    args.add(Integer.toString(maxSessions));
    args.add(Integer.toString(maxPerCaller));
    args.add(Long.toString(record.initialized() ? idleMillis : unconfirmedMillis));
    args.add(Long.toString(idleMillis));
    args.addAll(SessionFields.encode(record));
    List<Object> answer =
        run(
            redis ->
                redis.<List<Object>>eval(
                    CREATE,
                    ScriptOutputType.MULTI,
                    new String[] {key(record.id()), index(), callerIndex(record.quotaKey())},
                    args.toArray(String[]::new)));
    long result = ((Number) answer.get(0)).longValue();
    if (result == -1) {
      long retryMs = ((Number) answer.get(1)).longValue();
      throw new TooManySessionsException(
          maxSessions,
          TooManySessionsException.Scope.ALL,
          retryMs < 0 ? Optional.empty() : Optional.of(Duration.ofMillis(retryMs)));
    }
    if (result == -2) {
      throw new TooManySessionsException(
          maxPerCaller,
          ANONYMOUS.equals(record.quotaKey())
              ? TooManySessionsException.Scope.ANONYMOUS
              : TooManySessionsException.Scope.CALLER,
          Optional.empty());
    }
    if (result != 1) {
      throw new IllegalStateException("session id " + record.id() + " is taken in Redis");
    }
  }

  public Optional<SessionRecord> touch(String id) {
    return touch(id, false);
  }

  /**
   * The session of {@code quotaKey} whose last use is oldest, when that was at least {@code
   * idleFor} ago.
   */
  public Optional<String> leastRecentlyUsed(String quotaKey, Duration idleFor) {
    String id =
        run(
            redis ->
                redis.<String>eval(
                    LEAST_RECENTLY_USED,
                    ScriptOutputType.VALUE,
                    new String[] {callerIndex(quotaKey)},
                    prefix + "session:",
                    Long.toString(idleFor.toMillis())));
    return Optional.ofNullable(id);
  }

  public void confirm(String id) {
    touch(id, true);
  }

  public boolean exists(String id) {
    return run(redis -> redis.exists(key(id)) > 0);
  }

  public void logLevel(String id, String level) {
    set(id, "level", level);
  }

  public void subscribe(String id, String uri) {
    set(id, SessionFields.SUBSCRIPTION + uri, instance)
        .filter(previous -> !previous.equals(instance))
        .ifPresent(previous -> publish(SessionEvent.unsubscribed(id, uri)));
  }

  public void unsubscribe(String id, String uri) {
    set(id, SessionFields.SUBSCRIPTION + uri, "")
        .filter(previous -> !previous.equals(instance))
        .ifPresent(previous -> publish(SessionEvent.unsubscribed(id, uri)));
  }

  public long claimStream(String id) {
    return run(redis -> redis.<Long>eval(STREAM, ScriptOutputType.INTEGER, new String[] {key(id)}));
  }

  public boolean delete(String id) {
    long deleted =
        run(
            redis ->
                redis.<Long>eval(
                    DELETE,
                    ScriptOutputType.INTEGER,
                    new String[] {key(id), index()},
                    id,
                    prefix + "session-caller:"));
    return deleted > 0;
  }

  /** Publishes without waiting; dropped when Redis is not there. */
  public void publish(SessionEvent event) {
    Optional<StatefulRedisConnection<String, String>> open = connectionIfOpen();
    if (open.isEmpty() || closed) {
      return;
    }
    open.get()
        .async()
        .publish(channel, SessionFields.encode(instance, event))
        .exceptionally(
            e -> {
              outage.down(e.getClass().getSimpleName() + ": " + e.getMessage());
              return 0L;
            });
  }

  /** The bus started (again, after a container reload): a fresh connection on its new client. */
  public synchronized void reopen() {
    closed = false;
    connection = Optional.empty();
    lastAttempt = Long.MIN_VALUE;
  }

  public synchronized void close() {
    closed = true;
    connection.ifPresent(StatefulRedisConnection::close);
    connection = Optional.empty();
  }

  private Optional<SessionRecord> touch(String id, boolean confirm) {
    List<Object> fields =
        run(
            redis ->
                redis.<List<Object>>eval(
                    TOUCH,
                    ScriptOutputType.MULTI,
                    new String[] {key(id), index()},
                    id,
                    Long.toString(idleMillis),
                    Long.toString(unconfirmedMillis),
                    prefix + "session-caller:",
                    confirm ? "1" : "0"));
    return SessionFields.decode(id, fields);
  }

  private Optional<String> set(String id, String field, String value) {
    String previous =
        run(
            redis ->
                redis.<String>eval(
                    SET, ScriptOutputType.VALUE, new String[] {key(id)}, field, value));
    return Optional.ofNullable(previous);
  }

  private <T> T run(Function<RedisCommands<String, String>, T> command) {
    StatefulRedisConnection<String, String> redis = connection();
    try {
      T result = command.apply(redis.sync());
      outage.up();
      return result;
    } catch (RedisException e) {
      if (!closed) { // after close, the endpoint's own shutdown is what fails: no outage
        outage.down(e.getClass().getSimpleName() + ": " + e.getMessage());
      }
      throw new SessionStoreUnavailableException(describe(), e);
    }
  }

  private synchronized StatefulRedisConnection<String, String> connection() {
    if (closed) {
      throw new SessionStoreUnavailableException(
          describe(), new IllegalStateException("the bus is closed"));
    }
    if (connection.isPresent()) {
      return connection.get(); // Lettuce reconnects it by itself; meanwhile it refuses commands
    }
    long now = System.nanoTime();
    if (lastAttempt != Long.MIN_VALUE && now - lastAttempt < retryNanos) {
      throw new SessionStoreUnavailableException(
          describe(), new IllegalStateException("not connected yet"));
    }
    lastAttempt = now;
    Optional<RedisClient> started = client.get();
    if (started.isEmpty()) {
      throw new SessionStoreUnavailableException(
          describe(), new IllegalStateException("the bus has not started"));
    }
    try {
      StatefulRedisConnection<String, String> opened = started.get().connect();
      connection = Optional.of(opened);
      return opened;
    } catch (RedisException e) {
      outage.down(e.getClass().getSimpleName() + ": " + e.getMessage());
      throw new SessionStoreUnavailableException(describe(), e);
    }
  }

  private synchronized Optional<StatefulRedisConnection<String, String>> connectionIfOpen() {
    return connection.filter(StatefulRedisConnection::isOpen);
  }

  private String key(String id) {
    return prefix + "session:" + id;
  }

  private String index() {
    return prefix + "session-index";
  }

  private String callerIndex(String quotaKey) {
    return prefix + "session-caller:" + quotaKey;
  }

  private static String script(String name) {
    try (InputStream in = RedisSessions.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing script " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
