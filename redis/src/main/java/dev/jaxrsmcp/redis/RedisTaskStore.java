package dev.jaxrsmcp.redis;

import dev.jaxrsmcp.tasks.McpTaskStore;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.KeyValue;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An {@link McpTaskStore} in Redis (with Lettuce), shared by every instance of a service: {@code
 * tasks/get} and {@code tasks/cancel} work on any instance, whichever ran the task's route.
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .tasks(McpTasks.builder().store(RedisTaskStore.builder("redis://localhost:6379").build()).build())
 *     .build();
 * }</pre>
 *
 * <p>Each task is one hash ({@code <prefix>task:<id>}: version, data, expiry) that Redis expires at
 * the task's TTL. Creation and compare-and-set replacement are Lua scripts, so each is atomic, and
 * every call returns once Redis has answered: a task is readable on every instance before its
 * handle is sent. The data holds the task's status, its salted owner fingerprint (never the
 * credentials) and, once it completed, its tool result (at most {@code McpTasks.resultMaxBytes}).
 * Unlike the change bus, tasks need Redis: while it is unreachable, task requests fail with {@code
 * -32603}, and a task whose instance cannot renew its lease ends failed once Redis is back.
 */
public final class RedisTaskStore implements McpTaskStore {
  private static final String CREATE =
      "if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end "
          + "redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2], 'x', ARGV[3]) "
          + "redis.call('PEXPIREAT', KEYS[1], ARGV[3]) "
          + "return 1";
  private static final String REPLACE =
      "if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end "
          + "redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3], 'x', ARGV[4]) "
          + "redis.call('PEXPIREAT', KEYS[1], ARGV[4]) "
          + "return 1";

  private final String prefix;
  private final RedisClient client;
  private final Object lock = new Object();
  // guarded by lock; empty until the first command connects
  private Optional<StatefulRedisConnection<String, String>> connection = Optional.empty();
  private volatile boolean closed;

  private RedisTaskStore(Builder b) {
    this.prefix = b.keyPrefix + "task:";
    RedisURI uri = RedisURI.create(b.uri);
    uri.setTimeout(b.timeout);
    this.client = RedisClient.create(uri);
    this.client.setOptions(
        ClientOptions.builder()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .build());
  }

  /** A builder for the Redis at {@code redisUri}, for example {@code redis://localhost:6379}. */
  public static Builder builder(String redisUri) {
    return new Builder(redisUri);
  }

  @Override
  public boolean create(Entry entry) {
    Long stored =
        commands()
            .eval(
                CREATE,
                ScriptOutputType.INTEGER,
                new String[] {key(entry.id())},
                Long.toString(entry.version()),
                entry.data(),
                Long.toString(entry.expiresAt().toEpochMilli()));
    return stored != null && stored == 1L;
  }

  @Override
  public Optional<Entry> find(String id) {
    List<KeyValue<String, String>> fields = commands().hmget(key(id), "v", "d", "x");
    if (fields.size() != 3 || fields.stream().anyMatch(f -> !f.hasValue())) {
      return Optional.empty();
    }
    Instant expiresAt = Instant.ofEpochMilli(Long.parseLong(fields.get(2).getValue()));
    if (!Instant.now().isBefore(expiresAt)) {
      return Optional.empty(); // Redis removes it at that millisecond or just after
    }
    return Optional.of(
        new Entry(
            id, Long.parseLong(fields.get(0).getValue()), fields.get(1).getValue(), expiresAt));
  }

  @Override
  public boolean replace(long expectedVersion, Entry next) {
    Long replaced =
        commands()
            .eval(
                REPLACE,
                ScriptOutputType.INTEGER,
                new String[] {key(next.id())},
                Long.toString(expectedVersion),
                Long.toString(next.version()),
                next.data(),
                Long.toString(next.expiresAt().toEpochMilli()));
    return replaced != null && replaced == 1L;
  }

  @Override
  public void delete(String id) {
    commands().del(key(id));
  }

  @Override
  public void close() {
    closed = true;
    synchronized (lock) {
      connection.ifPresent(StatefulRedisConnection::close);
      connection = Optional.empty();
    }
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
  }

  private String key(String id) {
    return prefix + id;
  }

  /**
   * The connection's commands, connecting first when needed.
   *
   * @throws IllegalStateException when Redis cannot be reached or the store is closed
   */
  private RedisCommands<String, String> commands() {
    synchronized (lock) {
      if (closed) {
        throw new IllegalStateException("the Redis task store is closed");
      }
      if (connection.isEmpty()) {
        try {
          connection = Optional.of(client.connect());
        } catch (RedisException e) {
          throw new IllegalStateException("Redis is unreachable: " + e.getMessage(), e);
        }
      }
      return connection.get().sync();
    }
  }

  /** Builds a {@link RedisTaskStore}. */
  public static final class Builder {
    private final String uri;
    private String keyPrefix = "jaxrs-mcp:";
    private Duration timeout = Duration.ofSeconds(5);

    private Builder(String uri) {
      Objects.requireNonNull(uri, "redisUri");
      RedisURI.create(uri); // fails early on a malformed URI
      this.uri = uri;
    }

    /**
     * The prefix of every key; default {@code jaxrs-mcp:}. Services sharing one Redis use different
     * prefixes.
     */
    public Builder keyPrefix(String prefix) {
      this.keyPrefix = Objects.requireNonNull(prefix, "keyPrefix");
      return this;
    }

    /** How long one Redis command may take; default 5 seconds. */
    public Builder timeout(Duration timeout) {
      Objects.requireNonNull(timeout, "timeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("timeout must be positive (found " + timeout + ")");
      }
      this.timeout = timeout;
      return this;
    }

    public RedisTaskStore build() {
      return new RedisTaskStore(this);
    }
  }
}
