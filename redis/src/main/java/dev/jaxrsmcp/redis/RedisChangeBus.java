package dev.jaxrsmcp.redis;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.internal.sharedsessions.SessionEvent;
import dev.jaxrsmcp.internal.sharedsessions.SessionRecord;
import dev.jaxrsmcp.internal.sharedsessions.SharedSessions;
import dev.jaxrsmcp.redis.internal.ChangeMessages;
import dev.jaxrsmcp.redis.internal.LostChanges;
import dev.jaxrsmcp.redis.internal.OutageLog;
import dev.jaxrsmcp.redis.internal.RedisSessions;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.net.SocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An {@link McpChangeBus} over Redis pub/sub (with Lettuce): every instance publishes its changes
 * on one channel and delivers the changes of the others, never its own twice.
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .changeBus(RedisChangeBus.builder("redis://localhost:6379").channelPrefix("widgets:").build())
 *     .build();
 * }</pre>
 *
 * <p>Redis is never on a request's path: publishing is asynchronous and dropped while Redis is
 * unreachable, so reads and this instance's own notifications keep working. When Redis is not there
 * at start-up the bus keeps trying in the background; once connected, Lettuce reconnects and
 * re-subscribes by itself. The outage and the recovery are logged once each.
 *
 * <p>Pub/sub does not replay, so what was published while an instance was not connected is lost for
 * it. The bus makes up for that: each time its subscription (re)starts it reports a possible loss
 * to the feature (every subscriber of this instance is told once that its URIs were updated, and
 * list listeners that the list changed, so clients read again), and an instance that could not
 * publish a change announces that once it is connected again, so the other instances do the same
 * (unless their subscribers already read again after that change).
 *
 * <p>The same bus shares legacy-era (2025-11-25) sessions between the instances: a session started
 * on one instance is served by every instance (see docs/scaling.md). Session records live in Redis
 * under the channel prefix and expire with the session; session commands answer within {@link
 * Builder#commandTimeout(Duration)} or fail (a new session is then refused with HTTP 503, while
 * sessions an instance already knows keep working there).
 */
public final class RedisChangeBus implements McpChangeBus, SharedSessions {
  private static final System.Logger LOG = System.getLogger("dev.jaxrsmcp.redis");

  private final RedisURI uri;
  private final String channel;
  private final Duration retryInterval;
  private final String instance = UUID.randomUUID().toString();
  private final OutageLog outage;
  private final LostChanges lost = new LostChanges(Clock.systemUTC());
  private final AtomicInteger subscriptions = new AtomicInteger();
  private final AtomicBoolean announcing = new AtomicBoolean();
  // Made anew by every start(): a container reload closes the bus and starts it again.
  private volatile ScheduledExecutorService retries;
  private volatile RedisClient client;
  private final RedisSessions sessions;
  private final Duration commandTimeout;
  private volatile StatefulRedisPubSubConnection<String, String> subscriber;
  private volatile StatefulRedisConnection<String, String> publisher;
  private volatile boolean closed;
  private volatile Runnable missed = () -> {};

  private RedisChangeBus(Builder b) {
    this.uri = RedisURI.create(b.uri);
    this.uri.setTimeout(b.commandTimeout);
    this.commandTimeout = b.commandTimeout;
    this.channel = b.channelPrefix + "changes";
    this.retryInterval = b.retryInterval;
    this.outage = new OutageLog(uri.getHost() + ":" + uri.getPort());
    this.sessions =
        new RedisSessions(
            () -> Optional.ofNullable(client),
            b.channelPrefix,
            instance,
            uri.getHost() + ":" + uri.getPort(),
            outage,
            retryInterval);
  }

  private RedisClient newClient() {
    RedisClient created = RedisClient.create(uri);
    created.setOptions(
        ClientOptions.builder()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .socketOptions(SocketOptions.builder().connectTimeout(commandTimeout).build())
            .build());
    created.addListener(
        new RedisConnectionStateListener() {
          @Override
          public void onRedisConnected(
              io.lettuce.core.RedisChannelHandler<?, ?> connection, SocketAddress address) {
            outage.up();
          }

          @Override
          public void onRedisDisconnected(io.lettuce.core.RedisChannelHandler<?, ?> connection) {
            if (!closed) {
              outage.down("connection lost");
            }
          }
        });
    return created;
  }

  /** A builder for the Redis at {@code redisUri}, for example {@code redis://localhost:6379}. */
  public static Builder builder(String redisUri) {
    return new Builder(redisUri);
  }

  /** The channel changes travel on: the prefix followed by {@code changes}. */
  public String channel() {
    return channel;
  }

  /** This instance's id, carried in every message it publishes. */
  public String instance() {
    return instance;
  }

  /**
   * Connects in the background. Called again after {@link #close()} (a container reload stops the
   * application and starts a new one with the same feature), it starts afresh.
   */
  @Override
  public void start(Consumer<Change> fromOtherInstances) {
    start(fromOtherInstances, () -> {});
  }

  @Override
  public synchronized void start(Consumer<Change> fromOtherInstances, Runnable missed) {
    this.missed = Objects.requireNonNull(missed, "missed");
    closed = false;
    client = newClient();
    sessions.reopen();
    // The thread (and the Lettuce threads it starts) inherit no thread-locals of the caller.
    retries =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(null, r, "jaxrs-mcp-redis", 0, false);
              t.setDaemon(true);
              return t;
            });
    retries.execute(() -> connect(fromOtherInstances));
    retries.scheduleWithFixedDelay(
        this::announceLoss,
        retryInterval.toMillis(),
        retryInterval.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /** Tells the other instances that changes of this one were lost, once it can. */
  private void announceLoss() {
    long lostAt = lost.unannounced();
    StatefulRedisConnection<String, String> pub = publisher;
    if (lostAt == 0 || pub == null || !pub.isOpen() || closed) {
      return;
    }
    if (!announcing.compareAndSet(false, true)) {
      return; // one announcement at a time: the others would repeat it
    }
    pub.async()
        .publish(channel, ChangeMessages.encodeMissed(instance, lostAt))
        .whenComplete(
            (receivers, e) -> {
              announcing.set(false);
              if (e == null) {
                lost.announced(lostAt);
              } else {
                outage.down(e.getClass().getSimpleName() + ": " + e.getMessage());
              }
            });
  }

  /** This instance's subscription (re)started: what it missed meanwhile is made up for. */
  private void subscribed() {
    lost.refreshed();
    if (subscriptions.incrementAndGet() > 1) {
      LOG.log(
          System.Logger.Level.INFO,
          "subscribed to "
              + channel
              + " again: subscribers on this instance are told to read again what they"
              + " subscribed to, since changes published meanwhile may have been missed");
    }
    missed.run();
    try {
      retries.execute(this::announceLoss);
    } catch (RejectedExecutionException e) {
      // Closing.
    }
  }

  private void otherInstanceLost(long lostAt) {
    if (lost.mustRefreshFor(lostAt)) {
      missed.run();
    }
  }

  private void connect(Consumer<Change> deliver) {
    if (closed) {
      return;
    }
    try {
      StatefulRedisPubSubConnection<String, String> sub = client.connectPubSub();
      sub.addListener(
          new RedisPubSubAdapter<>() {
            @Override
            public void message(String from, String message) {
              if (from.equals(sessions.channel())) {
                sessions.received(message);
                return;
              }
              ChangeMessages.decode(message)
                  .filter(m -> !m.origin().equals(instance))
                  .ifPresent(
                      m -> {
                        if (m.change().isPresent()) {
                          deliver.accept(m.change().get());
                        } else {
                          otherInstanceLost(m.lostAtMillis());
                        }
                      });
            }

            @Override
            public void subscribed(String subscribedTo, long count) {
              if (subscribedTo.equals(channel)) {
                RedisChangeBus.this.subscribed();
              }
            }
          });
      sub.sync().subscribe(channel, sessions.channel());
      StatefulRedisConnection<String, String> pub = client.connect();
      subscriber = sub;
      publisher = pub;
      outage.up();
      if (closed) {
        close();
      }
    } catch (RuntimeException e) {
      outage.down(e.getClass().getSimpleName() + ": " + e.getMessage());
      StatefulRedisPubSubConnection<String, String> half = subscriber;
      if (half != null) {
        half.closeAsync();
        subscriber = null;
      }
      if (!closed) {
        retries.schedule(() -> connect(deliver), retryInterval.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }

  @Override
  public void publish(Change change) {
    StatefulRedisConnection<String, String> pub = publisher;
    if (pub == null || !pub.isOpen()) {
      // Redis is not there (yet): this instance has delivered the change locally, and tells the
      // others that they missed something once it is connected.
      lost.lostPublish();
      return;
    }
    pub.async()
        .publish(channel, ChangeMessages.encode(instance, change))
        .exceptionally(
            e -> {
              lost.lostPublish();
              outage.down(e.getClass().getSimpleName() + ": " + e.getMessage());
              return 0L;
            });
  }

  /** True when both connections are open and the channel was subscribed to. */
  public boolean isConnected() {
    StatefulRedisConnection<String, String> pub = publisher;
    StatefulRedisPubSubConnection<String, String> sub = subscriber;
    return pub != null && pub.isOpen() && sub != null && sub.isOpen() && subscriptions.get() > 0;
  }

  @Override
  public String describe() {
    return sessions.describe();
  }

  @Override
  public void startSessions(
      Duration idleTimeout, Duration unconfirmedTimeout, Consumer<SessionEvent> fromOthers) {
    sessions.start(idleTimeout, unconfirmedTimeout, fromOthers);
  }

  @Override
  public byte[] bindingKey() {
    return sessions.bindingKey();
  }

  @Override
  public void create(SessionRecord record, int maxSessions, int maxPerCaller) {
    sessions.create(record, maxSessions, maxPerCaller);
  }

  @Override
  public Optional<SessionRecord> touch(String id) {
    return sessions.touch(id);
  }

  @Override
  public Optional<String> leastRecentlyUsed(String quotaKey, Duration idleFor) {
    return sessions.leastRecentlyUsed(quotaKey, idleFor);
  }

  @Override
  public boolean exists(String id) {
    return sessions.exists(id);
  }

  @Override
  public void confirm(String id) {
    sessions.confirm(id);
  }

  @Override
  public void logLevel(String id, String level) {
    sessions.logLevel(id, level);
  }

  @Override
  public void subscribe(String id, String uri) {
    sessions.subscribe(id, uri);
  }

  @Override
  public void unsubscribe(String id, String uri) {
    sessions.unsubscribe(id, uri);
  }

  @Override
  public long claimStream(String id) {
    return sessions.claimStream(id);
  }

  @Override
  public boolean delete(String id) {
    return sessions.delete(id);
  }

  @Override
  public void publish(SessionEvent event) {
    sessions.publish(event);
  }

  @Override
  public synchronized void close() {
    closed = true;
    sessions.close();
    ScheduledExecutorService started = retries;
    if (started == null) {
      return; // never started
    }
    started.shutdownNow();
    StatefulRedisPubSubConnection<String, String> sub = subscriber;
    StatefulRedisConnection<String, String> pub = publisher;
    if (sub != null) {
      sub.close();
    }
    if (pub != null) {
      pub.close();
    }
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    subscriber = null;
    publisher = null;
  }

  /** Builds a {@link RedisChangeBus}. */
  public static final class Builder {
    private final String uri;
    private String channelPrefix = "jaxrs-mcp:";
    private Duration retryInterval = Duration.ofSeconds(1);
    private Duration commandTimeout = Duration.ofSeconds(2);

    private Builder(String uri) {
      Objects.requireNonNull(uri, "redisUri");
      RedisURI.create(uri); // fails early on a malformed URI
      this.uri = uri;
    }

    /**
     * The prefix of the channel name; default {@code jaxrs-mcp:}. Services sharing one Redis use
     * different prefixes.
     */
    public Builder channelPrefix(String prefix) {
      this.channelPrefix = Objects.requireNonNull(prefix, "channelPrefix");
      return this;
    }

    /** How often to retry when Redis is not there at start-up; default 1 second. */
    public Builder retryInterval(Duration interval) {
      Objects.requireNonNull(interval, "retryInterval");
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException(
            "retryInterval must be positive (found " + interval + ")");
      }
      this.retryInterval = interval;
      return this;
    }

    /**
     * How long a session command (and a connection attempt) may take before it fails; default 2
     * seconds. A request that needs Redis then gets HTTP 503 instead of waiting.
     */
    public Builder commandTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "commandTimeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException(
            "commandTimeout must be positive (found " + timeout + ")");
      }
      this.commandTimeout = timeout;
      return this;
    }

    public RedisChangeBus build() {
      return new RedisChangeBus(this);
    }
  }
}
