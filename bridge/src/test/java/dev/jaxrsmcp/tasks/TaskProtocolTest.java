package dev.jaxrsmcp.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TaskClient;
import dev.jaxrsmcp.testing.TaskRoutes;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tasks extension's wire rules: advertised in discovery, gated on the request's {@code _meta},
 * synchronous without it, {@code -32021} for a task-required tool, acknowledgements, removed
 * methods, routing headers, unguessable ids.
 */
class TaskProtocolTest {
  TestServer server;
  TaskClient client;

  @BeforeEach
  void start() {
    server =
        TestServer.start(
            new ResourceConfig(TaskRoutes.class).register(McpFeature.builder().build()));
    client = new TaskClient(server.mcpUrl(), Optional.of("Bearer carol"));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void discoveryAdvertisesTheExtensionAndLogging() {
    JsonNode capabilities =
        TaskClient.json(new Mcp(server.mcpUrl()).call("server/discover", Map.of()))
            .at("/result/capabilities");
    assertThat(capabilities.at("/extensions").toString())
        .isEqualTo("{\"io.modelcontextprotocol/tasks\":{}}");
    assertThat(capabilities.has("tasks")).isFalse();
    assertThat(capabilities.path("logging").isObject()).isTrue();
  }

  @Test
  void withoutTheExtensionTheToolAnswersAsAnOrdinaryCall() {
    JsonNode result = client.withoutExtension().call("quick", Map.of("id", "7")).path("result");
    assertThat(result.path("resultType").asText()).isEqualTo("complete");
    assertThat(result.has("taskId")).isFalse();
    assertThat(result.at("/content/0/text").asText()).isEqualTo("quick 7");
  }

  @Test
  void aTaskRequiredToolRefusesACallWithoutTheExtension() {
    Response response =
        client
            .withoutExtension()
            .post(
                "tools/call",
                "required",
                client.withoutExtension().body("tools/call", Map.of("name", "required")));
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode error = TaskClient.json(response).path("error");
    assertThat(error.path("code").asInt()).isEqualTo(-32021);
    assertThat(error.path("message").asText())
        .isEqualTo(
            "Missing required client capability: tools/call of tool required needs the extension"
                + " io.modelcontextprotocol/tasks in _meta"
                + " io.modelcontextprotocol/clientCapabilities.extensions");
    assertThat(error.path("data").toString())
        .isEqualTo(
            "{\"requiredCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}");
    // With the extension it is a task.
    JsonNode task = client.call("required", Map.of()).path("result");
    assertThat(task.path("resultType").asText()).isEqualTo("task");
  }

  @Test
  void tasksMethodsNeedTheExtension() {
    String taskId = client.call("quick", Map.of("id", "x")).at("/result/taskId").asText();
    TaskClient bare = client.withoutExtension();
    for (JsonNode answer :
        List.of(bare.get(taskId), bare.cancel(taskId), bare.update(taskId, Map.of()))) {
      assertThat(answer.at("/error/code").asInt()).isEqualTo(-32021);
      assertThat(answer.at("/error/data/requiredCapabilities/extensions").has(TaskClient.EXTENSION))
          .isTrue();
    }
  }

  @Test
  void updateIsAcknowledgedAndNeedsAnObjectOfResponses() {
    String taskId = client.call("quick", Map.of("id", "u")).at("/result/taskId").asText();
    JsonNode ack = client.update(taskId, Map.of("unknown-key", Map.of("ignored", true)));
    assertThat(ack.path("result").path("resultType").asText()).isEqualTo("complete");
    assertThat(ack.path("result").has("taskId")).isFalse();
    JsonNode bad =
        TaskClient.json(
            client.post(
                "tasks/update",
                taskId,
                client.body("tasks/update", Map.of("taskId", taskId, "inputResponses", 5))));
    assertThat(bad.at("/error/code").asInt()).isEqualTo(-32602);
    assertThat(bad.at("/error/message").asText())
        .isEqualTo(
            "Invalid params: 'inputResponses' must be an object (found number) for method"
                + " tasks/update");
  }

  @Test
  void aResultLargerThanTheLimitFailsTheTask() {
    server.close();
    server =
        TestServer.start(
            new ResourceConfig(TaskRoutes.class)
                .register(
                    McpFeature.builder()
                        .tasks(McpTasks.builder().resultMaxBytes(8 * 1024).build())
                        .build()));
    client = new TaskClient(server.mcpUrl(), Optional.of("Bearer carol"));
    String small = client.call("big", Map.of("kib", 4)).at("/result/taskId").asText();
    String large = client.call("big", Map.of("kib", 16)).at("/result/taskId").asText();
    await().atMost(Duration.ofSeconds(10)).until(() -> client.status(small), "completed"::equals);
    await().atMost(Duration.ofSeconds(10)).until(() -> client.status(large), "failed"::equals);
    JsonNode failed = client.get(large).path("result");
    assertThat(failed.has("result")).isFalse();
    assertThat(failed.at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(failed.at("/error/message").asText())
        .isEqualTo(
            "Task result too large: the result of tool big is more than 8192 bytes of JSON"
                + " (McpTasks.resultMaxBytes)");
  }

  @Test
  void aRouteRefusingTheCallerFailsTheTaskWithTheProtocolError() {
    String taskId = client.call("denied", Map.of()).at("/result/taskId").asText();
    await().atMost(Duration.ofSeconds(10)).until(() -> client.status(taskId), "failed"::equals);
    JsonNode failed = client.get(taskId).path("result");
    assertThat(failed.at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(failed.at("/error/message").asText()).startsWith("401 Unauthorized");
    assertThat(failed.at("/error/data/status").asInt()).isEqualTo(401);
    assertThat(failed.path("statusMessage").asText())
        .startsWith("Tool execution failed: 401 Unauthorized");
    assertThat(failed.has("result")).isFalse();
  }

  @Test
  void removedMethodsAreMethodNotFound() {
    for (String method : List.of("tasks/result", "tasks/list")) {
      Response response =
          client.post(method, "AAAA", client.body(method, Map.of("taskId", "AAAA")));
      assertThat(response.statusCode()).isEqualTo(404);
      assertThat(TaskClient.json(response).at("/error/code").asInt()).isEqualTo(-32601);
    }
  }

  @Test
  void mcpNameMustBeTheTaskId() {
    String taskId = client.call("quick", Map.of("id", "h")).at("/result/taskId").asText();
    Response response =
        client.post(
            "tasks/get", "another-task", client.body("tasks/get", Map.of("taskId", taskId)));
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode error = TaskClient.json(response).path("error");
    assertThat(error.path("code").asInt()).isEqualTo(-32020);
    assertThat(error.path("message").asText())
        .isEqualTo(
            "Header mismatch: Mcp-Name header value 'another-task' does not match body value '"
                + taskId
                + "'");
  }

  @Test
  void concurrentCallersGetDistinctUnguessableTaskIds() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    Set<String> ids = ConcurrentHashMap.newKeySet();
    try {
      List<Future<?>> calls = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        int n = i;
        TaskClient caller = new TaskClient(server.mcpUrl(), Optional.of("Bearer user" + (n % 4)));
        calls.add(
            pool.submit(
                () -> {
                  String id =
                      caller.call("quick", Map.of("id", "c" + n)).at("/result/taskId").asText();
                  ids.add(id);
                  await()
                      .atMost(Duration.ofSeconds(20))
                      .until(() -> caller.status(id), "completed"::equals);
                  assertThat(caller.get(id).at("/result/result/content/0/text").asText())
                      .isEqualTo("quick c" + n);
                }));
      }
      for (Future<?> call : calls) {
        call.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(ids).hasSize(64).allMatch(id -> id.matches("[A-Za-z0-9_-]{24}"));
  }
}
