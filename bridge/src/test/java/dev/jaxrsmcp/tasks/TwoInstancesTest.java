package dev.jaxrsmcp.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.TaskClient;
import dev.jaxrsmcp.testing.TaskRoutes;
import dev.jaxrsmcp.testing.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/**
 * Two instances sharing one task store: a task created on one is polled and cancelled on the other;
 * a task whose instance stops renewing its lease ends failed within its poll interval.
 */
class TwoInstancesTest {
  static final Duration POLL = Duration.ofMillis(300);

  static TestServer instance(McpTaskStore store) {
    return TestServer.start(app(store));
  }

  /** An instance whose tasks' timestamps, leases and timers run on {@code time}. */
  static TestServer instance(McpTaskStore store, VirtualTime time) {
    return TestServer.start(app(store).property(Time.PROPERTY, time));
  }

  private static ResourceConfig app(McpTaskStore store) {
    return new ResourceConfig(TaskRoutes.class)
        .register(
            McpFeature.builder()
                .tasks(McpTasks.builder().store(store).pollInterval(POLL).build())
                .build());
  }

  /** A store that one instance uses until the test cuts it off (as if the instance died). */
  static final class Severable implements McpTaskStore {
    final McpTaskStore shared;
    final AtomicBoolean severed = new AtomicBoolean();

    Severable(McpTaskStore shared) {
      this.shared = shared;
    }

    private void check() {
      if (severed.get()) {
        throw new IllegalStateException("this instance lost the task store");
      }
    }

    @Override
    public boolean create(Entry entry) {
      check();
      return shared.create(entry);
    }

    @Override
    public Optional<Entry> find(String id) {
      check();
      return shared.find(id);
    }

    @Override
    public boolean replace(long expectedVersion, Entry next) {
      check();
      return shared.replace(expectedVersion, next);
    }

    @Override
    public void delete(String id) {
      check();
      shared.delete(id);
    }

    @Override
    public void close() {}
  }

  @Test
  void createdOnOnePolledAndCancelledOnTheOther() throws Exception {
    McpTaskStore store = new Severable(McpTaskStore.inMemory());
    try (TestServer a = instance(store);
        TestServer b = instance(store)) {
      TaskClient onA = new TaskClient(a.mcpUrl(), Optional.of("Bearer dave"));
      TaskClient onB = new TaskClient(b.mcpUrl(), Optional.of("Bearer dave"));
      String finished = UUID.randomUUID().toString();
      String done = onA.call("report", Map.of("id", finished)).at("/result/taskId").asText();
      assertThat(onB.status(done)).isEqualTo("working");
      TaskRoutes.release(finished);
      await().atMost(Duration.ofSeconds(10)).until(() -> onB.status(done), "completed"::equals);
      assertThat(onB.get(done).at("/result/result/content/0/text").asText())
          .isEqualTo(TaskRoutes.reportText(finished));

      String cancelled = UUID.randomUUID().toString();
      String taskId = onA.call("report", Map.of("id", cancelled)).at("/result/taskId").asText();
      assertThat(TaskRoutes.job(cancelled).started.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(onB.cancel(taskId).at("/result/resultType").asText()).isEqualTo("complete");
      assertThat(onB.status(taskId)).isEqualTo("cancelled");
      // A notices at its next lease renewal (a third of the poll interval) and stops the route.
      assertThat(TaskRoutes.job(cancelled).stoppedByCancel.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(onA.status(taskId)).isEqualTo("cancelled");
      // Another caller is refused on either instance, as for a task that does not exist.
      for (TestServer instance : List.of(a, b)) {
        TaskClient eve = new TaskClient(instance.mcpUrl(), Optional.of("Bearer eve"));
        JsonNode refused = eve.get(taskId);
        assertThat(refused.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(refused.path("result").isMissingNode()).isTrue();
        assertThat(refused.toString()).doesNotContain(TaskRoutes.reportText(cancelled));
      }
    }
  }

  @Test
  void anInstanceThatShutsDownFailsItsRunningTasksAtOnce() throws Exception {
    McpTaskStore shared = McpTaskStore.inMemory();
    try (TestServer b = instance(shared)) {
      TaskClient onB = new TaskClient(b.mcpUrl(), Optional.of("Bearer dave"));
      String job = UUID.randomUUID().toString();
      String taskId;
      try (TestServer a = instance(new Severable(shared))) {
        TaskClient onA = new TaskClient(a.mcpUrl(), Optional.of("Bearer dave"));
        taskId = onA.call("report", Map.of("id", job)).at("/result/taskId").asText();
        assertThat(TaskRoutes.job(job).started.await(10, TimeUnit.SECONDS)).isTrue();
      }
      assertThat(TaskRoutes.job(job).stoppedByCancel.await(10, TimeUnit.SECONDS)).isTrue();
      JsonNode failed = onB.get(taskId).path("result");
      assertThat(failed.path("status").asText()).isEqualTo("failed");
      assertThat(failed.at("/error/message").asText())
          .isEqualTo("Task failed: the server is shutting down");
    }
  }

  /**
   * On virtual time shared by both instances: A renews every 100 ms (a third of the poll interval)
   * until it is cut off at 1 s; its last lease ends a lease (three poll intervals, at least 2 s)
   * later, at 3 s. B reports the task working at exactly 3 s and failed just after.
   */
  @Test
  void aTaskWhoseInstanceDiedFailsOnceItsLeaseEnds() throws Exception {
    VirtualTime time = new VirtualTime();
    McpTaskStore shared = McpTaskStore.inMemory();
    Severable storeOfA = new Severable(shared);
    try (TestServer a = instance(storeOfA, time);
        TestServer b = instance(shared, time)) {
      TaskClient onA = new TaskClient(a.mcpUrl(), Optional.of("Bearer dave"));
      TaskClient onB = new TaskClient(b.mcpUrl(), Optional.of("Bearer dave"));
      String job = UUID.randomUUID().toString();
      String taskId = onA.call("report", Map.of("id", job)).at("/result/taskId").asText();
      assertThat(TaskRoutes.job(job).started.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(onB.status(taskId)).isEqualTo("working");

      time.advanceTo(Duration.ofSeconds(1)); // A renewed ten times, the last at 1 s
      storeOfA.severed.set(true); // A can no longer renew: to everyone else it is gone
      Duration lease = Duration.ofMillis(Math.max(3 * POLL.toMillis(), 2_000));
      Instant leaseEnd = VirtualTime.EPOCH.plus(Duration.ofSeconds(1)).plus(lease);
      time.advanceTo(Duration.ofSeconds(1).plus(lease));
      assertThat(onB.status(taskId)).as("working until its lease ends").isEqualTo("working");
      time.advanceBy(Duration.ofMillis(1));
      assertThat(onB.status(taskId)).as("failed once its lease ended").isEqualTo("failed");

      JsonNode failed = onB.get(taskId).path("result");
      assertThat(failed.at("/error/code").asInt()).isEqualTo(-32603);
      String message = failed.at("/error/message").asText();
      assertThat(message)
          .isEqualTo(
              "Task failed: the server instance running it stopped renewing its lease at "
                  + leaseEnd
                  + " (it stopped, or lost the task store)");
      assertThat(failed.path("statusMessage").asText()).isEqualTo(message);
      assertThat(failed.has("result")).isFalse();
      TaskRoutes.release(job);
    }
  }
}
