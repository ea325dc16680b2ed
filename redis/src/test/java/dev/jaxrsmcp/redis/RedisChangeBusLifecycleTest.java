package dev.jaxrsmcp.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.changes.McpChangeBus.Change;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A bus closed by an application's shutdown starts again for the next application (a container
 * reload), and its threads carry none of the starting thread's inheritable thread-locals.
 */
class RedisChangeBusLifecycleTest {
  private static final InheritableThreadLocal<String> CALLER = new InheritableThreadLocal<>();

  private RedisServer redis;
  private RedisChangeBus receiver;
  private RedisChangeBus sender;

  @BeforeEach
  void startRedis() throws Exception {
    redis = RedisServer.startOnFreePort();
    String prefix = "test-" + UUID.randomUUID() + ":";
    receiver = RedisChangeBus.builder(redis.uri()).channelPrefix(prefix).build();
    sender = RedisChangeBus.builder(redis.uri()).channelPrefix(prefix).build();
  }

  @AfterEach
  void stop() throws Exception {
    CALLER.remove();
    receiver.close();
    sender.close();
    redis.close();
  }

  @Test
  void aClosedBusStartsAgainAndDeliversWithoutTheCallersThreadLocals() throws Exception {
    BlockingQueue<String> received = new LinkedBlockingQueue<>();
    CALLER.set("the caller's security context");
    receiver.start(change -> received.add("first " + change.uri().orElse("")));
    await().atMost(Duration.ofSeconds(10)).until(receiver::isConnected);

    receiver.close();
    receiver.start(
        change ->
            received.add(
                change.uri().orElse("")
                    + " seeing "
                    + Optional.ofNullable(CALLER.get()).orElse("nothing")));
    sender.start(change -> {});
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> receiver.isConnected() && sender.isConnected());

    sender.publish(Change.updated("app://items/a"));

    assertThat(received.poll(10, TimeUnit.SECONDS)).isEqualTo("app://items/a seeing nothing");
  }
}
