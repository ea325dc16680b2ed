package dev.jaxrsmcp.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TaskClient;
import dev.jaxrsmcp.testing.TaskRoutes;
import dev.jaxrsmcp.testing.TestServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long-running resource's tool as an MCP task, over real HTTP: created, polled to completion with
 * the synchronous result, cancelled mid-run, expired, fetched by a client that went away, refused
 * to other callers.
 */
class TasksTest {
  static final Optional<String> ALICE = Optional.of("Bearer alice");
  static final Optional<String> BOB = Optional.of("Bearer bob");

  @TempDir Path spool;
  TestServer server;
  TaskClient alice;

  @BeforeEach
  void start() {
    server = start(McpTasks.builder().pollInterval(Duration.ofMillis(300)).build());
    alice = new TaskClient(server.mcpUrl(), ALICE);
  }

  TestServer start(McpTasks tasks) {
    return TestServer.start(app(tasks));
  }

  ResourceConfig app(McpTasks tasks) {
    return new ResourceConfig(TaskRoutes.class)
        .register(McpFeature.builder().spoolDirectory(spool).tasks(tasks).build());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static String id() {
    return UUID.randomUUID().toString();
  }

  @Test
  void taskIsPolledToCompletionAndItsResultIsTheSynchronousOne() throws Exception {
    String id = id();
    JsonNode created = alice.call("report", Map.of("id", id)).path("result");
    assertThat(created.path("resultType").asText()).isEqualTo("task");
    assertThat(created.path("status").asText()).isEqualTo("working");
    assertThat(created.path("taskId").asText()).matches("[A-Za-z0-9_-]{24}");
    assertThat(created.path("ttlMs").isIntegralNumber()).isTrue();
    assertThat(created.path("ttlMs").asLong()).isEqualTo(3_600_000);
    assertThat(created.path("pollIntervalMs").asLong()).isEqualTo(300);
    assertThat(created.has("result")).isFalse();
    String taskId = created.path("taskId").asText();

    assertThat(TaskRoutes.job(id).started.await(10, TimeUnit.SECONDS)).isTrue();
    JsonNode working = alice.get(taskId).path("result");
    assertThat(working.path("resultType").asText()).isEqualTo("complete");
    assertThat(working.path("status").asText()).isEqualTo("working");
    assertThat(working.has("result")).isFalse();
    // The route's progress becomes the status message at the next lease renewal.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> alice.get(taskId).at("/result/statusMessage").asText(),
            m -> m.equals("wrote part 1 of report " + id));

    TaskRoutes.release(id);
    await().atMost(Duration.ofSeconds(10)).until(() -> alice.status(taskId), "completed"::equals);
    JsonNode done = alice.get(taskId).path("result");
    assertThat(done.path("taskId").asText()).isEqualTo(taskId);
    assertThat(done.path("statusMessage").asText()).isEqualTo("wrote part 1 of report " + id);

    // The same read, synchronously (no extension): the same tool result.
    String again = id();
    TaskRoutes.release(again);
    JsonNode sync = alice.withoutExtension().call("report", Map.of("id", again)).path("result");
    assertThat(sync.path("resultType").asText()).isEqualTo("complete");
    ObjectNode expected = (ObjectNode) sync.deepCopy();
    expected.remove("resultType");
    expected.remove("_meta");
    String expectedText = expected.toString().replace(again, id);
    assertThat(done.path("result").toString()).isEqualTo(expectedText);
    assertThat(done.at("/result/content/0/text").asText()).isEqualTo(TaskRoutes.reportText(id));
    assertThat(files()).isZero();
  }

  @Test
  void cancelStopsTheRouteWithinASecondAndDeletesTheSpool() throws Exception {
    String id = id();
    String taskId = alice.call("report", Map.of("id", id)).at("/result/taskId").asText();
    assertThat(TaskRoutes.job(id).started.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(files()).isEqualTo(1);

    JsonNode ack = alice.cancel(taskId).path("result");
    assertThat(ack.path("resultType").asText()).isEqualTo("complete");
    assertThat(ack.has("taskId") || ack.has("status") || ack.has("result")).isFalse();

    assertThat(TaskRoutes.job(id).stoppedByCancel.await(1, TimeUnit.SECONDS)).isTrue();
    await().atMost(Duration.ofSeconds(5)).until(() -> files() == 0);
    JsonNode task = alice.get(taskId).path("result");
    assertThat(task.path("status").asText()).isEqualTo("cancelled");
    assertThat(task.has("result")).isFalse();
    // Cancelling again acknowledges the same way; the task stays cancelled.
    assertThat(alice.cancel(taskId).path("result").path("resultType").asText())
        .isEqualTo("complete");
    assertThat(alice.status(taskId)).isEqualTo("cancelled");
  }

  /** On virtual time: a task is there until its TTL, to the millisecond, and gone at it. */
  @Test
  void taskExpiresAfterItsTtlAndItsSpoolGoesWithIt() throws Exception {
    server.close();
    VirtualTime time = new VirtualTime();
    Duration ttl = Duration.ofSeconds(1);
    server =
        TestServer.start(
            app(McpTasks.builder().ttl(ttl).store(TestTaskStores.inMemory(time.clock())).build())
                .property(Time.PROPERTY, time));
    TaskClient client = new TaskClient(server.mcpUrl(), ALICE);
    String id = id();
    JsonNode created = client.call("report", Map.of("id", id)).path("result");
    assertThat(created.path("ttlMs").asLong()).isEqualTo(1000);
    String taskId = created.path("taskId").asText();
    assertThat(TaskRoutes.job(id).started.await(10, TimeUnit.SECONDS)).isTrue();

    time.advanceTo(ttl.minusMillis(1));
    assertThat(client.status(taskId)).as("still running 1 ms before its TTL").isEqualTo("working");
    assertThat(TaskRoutes.job(id).stoppedByCancel.getCount()).isEqualTo(1);

    // Still running at its TTL: the route is cancelled, the spool deleted, the task gone.
    time.advanceTo(ttl);
    assertThat(TaskRoutes.job(id).stoppedByCancel.await(10, TimeUnit.SECONDS)).isTrue();
    await().atMost(Duration.ofSeconds(5)).until(() -> files() == 0);
    JsonNode gone = client.get(taskId);
    assertThat(gone.at("/error/code").asInt()).isEqualTo(-32602);
    assertThat(gone.at("/error/message").asText()).contains("no task '" + taskId + "'");

    // A finished task is there until its TTL, then gone too.
    String quick = client.call("quick", Map.of("id", "q")).at("/result/taskId").asText();
    await().atMost(Duration.ofSeconds(5)).until(() -> client.status(quick), "completed"::equals);
    time.advanceTo(ttl.plus(ttl).minusMillis(1)); // created at 1 s: there until 2 s
    assertThat(client.status(quick)).isEqualTo("completed");
    time.advanceTo(ttl.plus(ttl));
    assertThat(client.status(quick)).isEqualTo("error -32602");
  }

  @Test
  void clientThatWentAwayComesBackForTheResult() throws Exception {
    String id = id();
    ObjectNode body =
        alice.body("tools/call", Map.of("name", "report", "arguments", Map.of("id", id)));
    byte[] payload = body.toString().getBytes(StandardCharsets.UTF_8);
    String taskId;
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Accept: application/json, text/event-stream\r\n"
                  + "MCP-Protocol-Version: "
                  + Mcp.VERSION
                  + "\r\nMcp-Method: tools/call\r\n"
                  + "Mcp-Name: report\r\nAuthorization: Bearer alice\r\nConnection: close\r\n"
                  + "Content-Length: "
                  + payload.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(payload);
      out.flush();
      InputStream in = socket.getInputStream();
      String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertThat(response).startsWith("HTTP/1.1 200");
      JsonNode message =
          new com.fasterxml.jackson.databind.ObjectMapper()
              .readTree(response.substring(response.indexOf("\r\n\r\n") + 4));
      taskId = message.at("/result/taskId").asText();
    } // the connection is gone; the route keeps running
    assertThat(TaskRoutes.job(id).started.await(10, TimeUnit.SECONDS)).isTrue();
    TaskRoutes.release(id);

    TaskClient later = new TaskClient(server.mcpUrl(), ALICE);
    await().atMost(Duration.ofSeconds(10)).until(() -> later.status(taskId), "completed"::equals);
    assertThat(later.get(taskId).at("/result/result/content/0/text").asText())
        .isEqualTo(TaskRoutes.reportText(id));
  }

  @Test
  void anotherCallerIsAnsweredAsForAnUnknownTask() throws Exception {
    TaskClient bob = new TaskClient(server.mcpUrl(), BOB);
    TaskClient anonymous = new TaskClient(server.mcpUrl(), Optional.empty());
    String aliceJob = id();
    String bobJob = id();
    String aliceTask = alice.call("report", Map.of("id", aliceJob)).at("/result/taskId").asText();
    String bobTask = bob.call("report", Map.of("id", bobJob)).at("/result/taskId").asText();
    String anonymousTask = anonymous.call("quick", Map.of("id", "a")).at("/result/taskId").asText();

    for (int round = 0; round < 3; round++) {
      assertThat(alice.status(aliceTask)).isEqualTo("working");
      assertRefused(bob.get(aliceTask), aliceTask);
      assertRefused(anonymous.get(aliceTask), aliceTask);
      assertRefused(alice.get(bobTask), bobTask);
      assertRefused(bob.cancel(aliceTask), aliceTask);
      assertRefused(anonymous.update(bobTask, Map.of()), bobTask);
      assertRefused(alice.get(anonymousTask), anonymousTask);
      assertThat(bob.status(bobTask)).isEqualTo("working");
    }
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> anonymous.status(anonymousTask), "completed"::equals);
    String unknown = "AAAAAAAAAAAAAAAAAAAAAAAA";
    JsonNode none = bob.get(unknown);
    assertThat(none.at("/error/code").asInt()).isEqualTo(-32602);
    assertThat(none.at("/error/message").asText())
        .isEqualTo(
            "Invalid params: no task '"
                + unknown
                + "' (it never existed, it expired, or another caller created it) for method"
                + " tasks/get");
    TaskRoutes.release(aliceJob);
    TaskRoutes.release(bobJob);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> alice.status(aliceTask), "completed"::equals);
    await().atMost(Duration.ofSeconds(10)).until(() -> bob.status(bobTask), "completed"::equals);
  }

  private static void assertRefused(JsonNode answer, String taskId) {
    assertThat(answer.has("result")).isFalse();
    assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
    assertThat(answer.at("/error/message").asText()).contains("no task '" + taskId + "'");
  }

  private long files() throws Exception {
    if (!Files.isDirectory(spool)) {
      return 0;
    }
    try (Stream<Path> list = Files.walk(spool)) { // spools sit in a private subdirectory
      return list.filter(f -> f.getFileName().toString().endsWith(".spool")).count();
    }
  }
}
