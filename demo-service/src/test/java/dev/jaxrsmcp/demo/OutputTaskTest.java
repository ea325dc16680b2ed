package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.testing.TaskClient;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The demo's long-running output tool is task-capable: polled to its result, or cancelled. */
class OutputTaskTest {
  static DemoServer server;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aCallDeclaringTheTasksExtensionRunsAsATaskThatCanBePolledOrCancelled() {
    TaskClient viewer = new TaskClient(server.mcpUri().toString(), Optional.of(RestApiTest.VIEWER));
    JsonNode created = viewer.call("output", Map.of("id", 1, "seconds", 1)).path("result");
    assertThat(created.path("resultType").asText()).isEqualTo("task");
    String taskId = created.path("taskId").asText();
    // Until it ends either way, so that a failure shows what the task said.
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> viewer.status(taskId), status -> !status.equals("working"));
    assertThat(viewer.status(taskId)).as("%s", viewer.get(taskId)).isEqualTo("completed");
    assertThat(viewer.get(taskId).at("/result/result/content/0/text").asText())
        .startsWith("second 1: {");

    String longOne =
        viewer.call("output", Map.of("id", 1, "seconds", 300)).at("/result/taskId").asText();
    assertThat(viewer.cancel(longOne).at("/result/resultType").asText()).isEqualTo("complete");
    assertThat(viewer.status(longOne)).isEqualTo("cancelled");
    TaskClient owner = new TaskClient(server.mcpUri().toString(), Optional.of(RestApiTest.OWNER));
    assertThat(owner.get(taskId).at("/error/code").asInt()).isEqualTo(-32602);
  }
}
