package dev.jaxrsmcp.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.tasks.McpTaskStore;
import dev.jaxrsmcp.tasks.McpTasks;
import dev.jaxrsmcp.testing.TaskClient;
import dev.jaxrsmcp.testing.TaskRoutes;
import dev.jaxrsmcp.testing.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tasks shared through a real redis-server: the store's compare-and-set and expiry, and two service
 * instances, each with its own store client, where a task created on one is polled and cancelled on
 * the other.
 */
class RedisTaskStoreTest {
  private RedisServer redis;

  @BeforeEach
  void startRedis() throws Exception {
    redis = RedisServer.startOnFreePort();
  }

  @AfterEach
  void stopRedis() throws Exception {
    redis.close();
  }

  private RedisTaskStore store() {
    return RedisTaskStore.builder(redis.uri()).keyPrefix("test-" + UUID.randomUUID() + ":").build();
  }

  @Test
  void entriesAreCreatedOnceReplacedByVersionAndExpire() {
    try (RedisTaskStore store = store()) {
      Instant later = Instant.ofEpochMilli(System.currentTimeMillis() + 60_000); // Redis keeps ms
      McpTaskStore.Entry first = new McpTaskStore.Entry("t1", 1, "{\"n\":1}", later);
      assertThat(store.create(first)).isTrue();
      assertThat(store.create(new McpTaskStore.Entry("t1", 1, "{\"n\":9}", later))).isFalse();
      assertThat(store.find("t1")).contains(first);

      McpTaskStore.Entry second = new McpTaskStore.Entry("t1", 2, "{\"n\":2}", later);
      assertThat(store.replace(7, second)).isFalse();
      assertThat(store.replace(1, second)).isTrue();
      assertThat(store.replace(1, new McpTaskStore.Entry("t1", 2, "{\"n\":3}", later))).isFalse();
      assertThat(store.find("t1")).contains(second);
      assertThat(store.replace(1, new McpTaskStore.Entry("none", 2, "{}", later))).isFalse();
      assertThat(store.find("none")).isEmpty();

      // An expiry in the past removes the entry at once.
      assertThat(
              store.replace(
                  2, new McpTaskStore.Entry("t1", 3, "{}", Instant.now().minusSeconds(1))))
          .isTrue();
      assertThat(store.find("t1")).isEmpty();

      assertThat(store.create(new McpTaskStore.Entry("t2", 1, "{}", Instant.now().plusMillis(300))))
          .isTrue();
      await().atMost(Duration.ofSeconds(5)).until(() -> store.find("t2").isEmpty());
      store.delete("t3");
    }
  }

  @Test
  void aStoppedRedisIsAnErrorNotAnAnswer() throws Exception {
    RedisTaskStore store = store();
    try {
      store.create(new McpTaskStore.Entry("t", 1, "{}", Instant.now().plusSeconds(60)));
      redis.stop();
      assertThatThrownBy(() -> store.find("t")).isInstanceOf(RuntimeException.class);
    } finally {
      store.close();
    }
  }

  static TestServer instance(String redisUri, String prefix) {
    return TestServer.start(
        new ResourceConfig(TaskRoutes.class)
            .register(
                McpFeature.builder()
                    .tasks(
                        McpTasks.builder()
                            .store(RedisTaskStore.builder(redisUri).keyPrefix(prefix).build())
                            .pollInterval(Duration.ofMillis(300))
                            .build())
                    .build()));
  }

  @Test
  void createdOnOneInstancePolledAndCancelledOnTheOther() throws Exception {
    String prefix = "svc-" + UUID.randomUUID() + ":";
    try (TestServer a = instance(redis.uri(), prefix);
        TestServer b = instance(redis.uri(), prefix)) {
      TaskClient onA = new TaskClient(a.mcpUrl(), Optional.of("Bearer frank"));
      TaskClient onB = new TaskClient(b.mcpUrl(), Optional.of("Bearer frank"));
      TaskClient otherOnB = new TaskClient(b.mcpUrl(), Optional.of("Bearer grace"));
      TaskClient anonymousOnB = new TaskClient(b.mcpUrl(), Optional.empty());

      String finished = UUID.randomUUID().toString();
      String done = onA.call("report", Map.of("id", finished)).at("/result/taskId").asText();
      assertThat(onB.status(done)).isEqualTo("working");
      assertThat(otherOnB.get(done).at("/error/code").asInt()).isEqualTo(-32602);
      assertThat(anonymousOnB.get(done).at("/error/code").asInt()).isEqualTo(-32602);
      TaskRoutes.release(finished);
      await().atMost(Duration.ofSeconds(10)).until(() -> onB.status(done), "completed"::equals);
      assertThat(onB.get(done).at("/result/result/content/0/text").asText())
          .isEqualTo(TaskRoutes.reportText(finished));

      String running = UUID.randomUUID().toString();
      String taskId = onA.call("report", Map.of("id", running)).at("/result/taskId").asText();
      assertThat(TaskRoutes.job(running).started.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(otherOnB.cancel(taskId).at("/error/code").asInt()).isEqualTo(-32602);
      assertThat(onB.status(taskId)).isEqualTo("working");
      assertThat(onB.cancel(taskId).at("/result/resultType").asText()).isEqualTo("complete");
      assertThat(onB.status(taskId)).isEqualTo("cancelled");
      // A sees the cancellation at its next lease renewal and stops the route.
      assertThat(TaskRoutes.job(running).stoppedByCancel.await(1, TimeUnit.SECONDS)).isTrue();
      assertThat(onA.status(taskId)).isEqualTo("cancelled");
    }
  }
}
