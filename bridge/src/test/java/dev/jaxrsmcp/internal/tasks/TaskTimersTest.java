package dev.jaxrsmcp.internal.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.TestEntries;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.observe.TaskRunWatch;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.CallerIdentity;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.taskrun.TaskExecution;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.tasks.McpTasks;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Finding 2: 20,000 ended tasks left 20,006 scheduled expiry timers queued (a cancelled timer
 * stayed until it would have fired, an hour later). A task that ends now frees its lease and expiry
 * timers at once, and the tasks this instance keeps are bounded per caller.
 */
class TaskTimersTest {
  private final ExecutorService routes = Executors.newFixedThreadPool(4);
  private Tasks tasks;

  @AfterEach
  void stop() {
    routes.shutdownNow();
    if (tasks != null) {
      tasks.shutdown();
    }
  }

  /** Runs every route at once on a pool thread: the task completes as soon as it started. */
  private final TaskExecution quick =
      new TaskExecution() {
        @Override
        public Run start(
            McpCall call,
            ToolMethods.ToolRead read,
            Listener listener,
            UnaryOperator<Runnable> carried,
            TaskRunWatch watch) {
          routes.execute(
              carried.apply(
                  () -> {
                    ObjectNode result = Json.object();
                    result.putArray("content").addObject().put("type", "text").put("text", "ok");
                    listener.completed(result);
                  }));
          return () -> {};
        }

        @Override
        public void shutdown() {}
      };

  private Tasks tasks(McpTasks settings) {
    Settings all = Settings.defaults().with(LongRunningSettings.TASKS, settings);
    return new Tasks(
        new ServerState(all, new Catalogue(List.of()), null), quick, call -> null, Time.system());
  }

  private static McpCall call(String user) {
    Caller caller =
        new Caller(
            URI.create("http://127.0.0.1/"),
            Map.of(),
            new CallerIdentity() {
              @Override
              public Optional<String> principalName() {
                return Optional.of(user);
              }

              @Override
              public Optional<String> callerKey() {
                return Optional.empty();
              }

              @Override
              public CallerIdentity snapshot() {
                return this;
              }
            });
    return new McpCall(
        new JsonRpcRequest(Optional.of(Json.object().numberNode(1)), "tools/call", Json.object()),
        Era.MODERN,
        "2026-07-28",
        caller);
  }

  private static ToolMethods.ToolRead read() {
    CatalogueEntry entry = TestEntries.entry("app://w/{id}", "/w/{id}", List.of());
    return new ToolMethods.ToolRead(entry, "app://w/1", entry.template().match("app://w/1").get());
  }

  @Test
  void endedTasksFreeTheirTimersAtOnce() {
    tasks =
        tasks(
            McpTasks.builder()
                .ttl(Duration.ofHours(1))
                .maxRunning(5_000)
                .maxRunningPerCaller(5_000)
                .maxStoredPerCaller(5_000)
                .build());
    for (int i = 0; i < 2_000; i++) {
      McpCall call = call("user-" + (i % 10));
      tasks.start(call, read(), call.caller(), task -> task, TaskRunWatch.none());
    }
    await().atMost(Duration.ofSeconds(20)).until(() -> tasks.timersQueued() == 0);
    assertThat(tasks.kept()).isEqualTo(2_000); // their results wait for tasks/get until the TTL
  }

  @Test
  void aCallerKeepsAtMostItsShareOfTasks() {
    tasks = tasks(McpTasks.builder().maxStoredPerCaller(50).build());
    for (int i = 0; i < 500; i++) {
      tasks.start(call("alice"), read(), call("alice").caller(), task -> task, TaskRunWatch.none());
      await()
          .pollDelay(Duration.ZERO)
          .pollInterval(Duration.ofMillis(1))
          .atMost(Duration.ofSeconds(5))
          .until(() -> tasks.timersQueued() == 0);
    }
    tasks.start(call("bob"), read(), call("bob").caller(), task -> task, TaskRunWatch.none());
    assertThat(tasks.kept()).isEqualTo(51);
  }
}
