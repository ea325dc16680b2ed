package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TaskClient;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code app://widgets/{id}/output{?seconds}}: a long-running read, one line and progress a second.
 */
class OutputTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String STATE =
      "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}";

  static DemoServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
    mcp = new Mcp(server.mcpUri().toString());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void anMcpReadReportsEachCapturedSecondThenReturnsTheLines() throws Exception {
    String uri = "app://widgets/1/output?seconds=2";
    ObjectNode body = Mcp.body(1, "resources/read", Map.of("uri", uri));
    ((ObjectNode) body.get("params").get("_meta")).put("progressToken", "out");
    HttpRequest request =
        HttpRequest.newBuilder(server.mcpUri())
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("Authorization", RestApiTest.VIEWER)
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", uri)
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
            .build();
    HttpResponse<InputStream> response =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(request, HttpResponse.BodyHandlers.ofInputStream());
    assertThat(response.headers().firstValue("Content-Type").orElse(""))
        .startsWith("text/event-stream");

    List<JsonNode> messages = new ArrayList<>();
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.startsWith("data:")) {
          messages.add(MAPPER.readTree(line.substring(5).trim()));
        }
      }
    }
    assertThat(messages).hasSize(3);
    assertThat(messages.get(0))
        .isEqualTo(
            MAPPER.readTree(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                    + "{\"progressToken\":\"out\",\"progress\":1,\"total\":2,"
                    + "\"message\":\"captured 1s\"}}"));
    assertThat(messages.get(1).path("params").path("message").asText()).isEqualTo("captured 2s");
    JsonNode contents = messages.get(2).path("result").path("contents").path(0);
    assertThat(contents.path("mimeType").asText()).isEqualTo("text/plain");
    assertThat(contents.path("text").asText())
        .isEqualTo("second 1: " + STATE + "\nsecond 2: " + STATE + "\n");
  }

  @Test
  void aPlainGetStillWorks() {
    String text =
        given()
            .header("Authorization", RestApiTest.VIEWER)
            .get(server.baseUri() + "api/widgets/1/output?seconds=1")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(text).isEqualTo("second 1: " + STATE + "\n");
  }

  @Test
  void moreThan300SecondsIsRefused() {
    String text =
        given()
            .header("Authorization", RestApiTest.VIEWER)
            .get(server.baseUri() + "api/widgets/1/output?seconds=301")
            .then()
            .statusCode(400)
            .extract()
            .asString();
    assertThat(text).isEqualTo("seconds must be from 1 to 300 (found 301)");
  }

  @Test
  void anUnknownWidgetIsNotFound() {
    JsonNode error =
        MAPPER.valueToTree(
            mcp.read("app://widgets/999/output", RestApiTest.VIEWER)
                .then()
                .extract()
                .jsonPath()
                .getMap("error"));
    assertThat(error.path("code").asInt()).isEqualTo(-32602);
    assertThat(error.path("message").asText()).isEqualTo("Resource not found");
  }

  @Test
  void aCallDeclaringTheTasksExtensionRunsAsATaskThatCanBePolledOrCancelled() {
    TaskClient viewer = new TaskClient(server.mcpUri().toString(), Optional.of(RestApiTest.VIEWER));
    JsonNode created = viewer.call("output", Map.of("id", 1, "seconds", 1)).path("result");
    assertThat(created.path("resultType").asText()).isEqualTo("task");
    String taskId = created.path("taskId").asText();
    await().atMost(Duration.ofSeconds(20)).until(() -> viewer.status(taskId), "completed"::equals);
    assertThat(viewer.get(taskId).at("/result/result/content/0/text").asText())
        .isEqualTo("second 1: " + STATE + "\n");

    String longOne =
        viewer.call("output", Map.of("id", 1, "seconds", 300)).at("/result/taskId").asText();
    assertThat(viewer.cancel(longOne).at("/result/resultType").asText()).isEqualTo("complete");
    assertThat(viewer.status(longOne)).isEqualTo("cancelled");
    TaskClient other = new TaskClient(server.mcpUri().toString(), Optional.of(RestApiTest.OWNER));
    assertThat(other.get(taskId).at("/error/code").asInt()).isEqualTo(-32602);
  }
}
