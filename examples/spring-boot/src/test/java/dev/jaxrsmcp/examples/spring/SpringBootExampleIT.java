package dev.jaxrsmcp.examples.spring;

import dev.jaxrsmcp.examples.interop.ExampleContract;
import dev.jaxrsmcp.examples.interop.ExampleProcess;
import dev.jaxrsmcp.test.McpServerExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Spring Boot example as users run it ({@code PORT=... java -jar spring-boot-example.jar}, real
 * Tomcat, Spring Security's filter chain), held to {@link ExampleContract} through the
 * jaxrs-mcp-test kit: one boot for the class.
 */
class SpringBootExampleIT extends ExampleContract {
  private static ExampleProcess example;

  /** The test kit, pointed at the jar once it runs on its free port. */
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.at(() -> example.base());

  @BeforeAll
  static void start() throws Exception {
    example =
        ExampleProcess.start(
            Path.of(System.getProperty("example.jar")),
            List.of(),
            Path.of("."),
            "Started ExampleApplication",
            Duration.ofSeconds(180));
  }

  @AfterAll
  static void stop() throws Exception {
    example.close();
  }

  @Override
  protected McpServerExtension server() {
    return server;
  }

  /**
   * Issue 31, finding 9: a task-capable tool behind Spring Security runs as its creator. The route
   * of a task runs on a task thread after the {@code tools/call} was answered; Spring Security's
   * {@code SecurityContextHolder} (a thread-local the filter chain set for the creating request) is
   * carried there by context-propagation, the JAX-RS principal too; callers interleaved never see
   * each other.
   */
  @Test
  void aTaskCapableToolBehindSpringSecurityRunsAsItsCreator() throws Exception {
    for (int round = 0; round < 3; round++) {
      for (String user : List.of("alice", "bob")) {
        String basic =
            "Basic "
                + java.util.Base64.getEncoder()
                    .encodeToString(
                        (user + ":" + user + "-secret")
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        com.fasterxml.jackson.databind.JsonNode created =
            post(
                basic,
                "tools/call",
                "whoami",
                "{\"name\":\"whoami\",\"arguments\":{\"n\":\"" + round + "\"}}");
        String taskId = created.path("result").path("taskId").asText();
        org.assertj.core.api.Assertions.assertThat(taskId).as(created.toString()).isNotEmpty();
        com.fasterxml.jackson.databind.JsonNode task = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        do {
          task = post(basic, "tasks/get", taskId, "{\"taskId\":\"" + taskId + "\"}");
        } while (task.path("result").path("status").asText().equals("working")
            && System.nanoTime() < deadline);
        org.assertj.core.api.Assertions.assertThat(task.path("result").path("status").asText())
            .as(task.toString())
            .isEqualTo("completed");
        org.assertj.core.api.Assertions.assertThat(
                task.path("result").path("result").path("content").path(0).path("text").asText())
            .isEqualTo("{\"holder\":\"" + user + "\",\"principal\":\"" + user + "\"}");
        // another user's tasks/get sees no such task
        String other = user.equals("alice") ? "bob" : "alice";
        String otherBasic =
            "Basic "
                + java.util.Base64.getEncoder()
                    .encodeToString(
                        (other + ":" + other + "-secret")
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        org.assertj.core.api.Assertions.assertThat(
                post(otherBasic, "tasks/get", taskId, "{\"taskId\":\"" + taskId + "\"}")
                    .path("error")
                    .path("code")
                    .asInt())
            .isEqualTo(-32602);
      }
    }
  }

  /**
   * Issue 33: with Actuator and no MCP code, an MCP read is counted in {@code
   * /actuator/metrics/mcp.server.operation.duration} under its URI template, never its URI.
   */
  @Test
  void anMcpReadIsTimedThroughActuator() throws Exception {
    String basic =
        "Basic "
            + java.util.Base64.getEncoder()
                .encodeToString(
                    "alice:alice-secret".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    String metric =
        "actuator/metrics/mcp.server.operation.duration?tag=mcp.method.name:resources/read"
            + "&tag=dev.jaxrsmcp.resource.template:"
            + java.net.URLEncoder.encode(
                "app://reports/{id}", java.nio.charset.StandardCharsets.UTF_8)
            + "&tag=error.type:none";
    double before = reads(basic, metric);
    com.fasterxml.jackson.databind.JsonNode read =
        post(basic, "resources/read", "app://reports/2", "{\"uri\":\"app://reports/2\"}");
    org.assertj.core.api.Assertions.assertThat(read.path("result").path("contents").size())
        .as(read.toString())
        .isEqualTo(1);
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (reads(basic, metric) < before + 1 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    org.assertj.core.api.Assertions.assertThat(reads(basic, metric)).isEqualTo(before + 1);
  }

  /** The COUNT of the metric, 0 while it does not exist (404). */
  private static double reads(String authorization, String metric) throws Exception {
    java.net.http.HttpResponse<String> response =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(example.base().resolve(metric))
                    .header("Authorization", authorization)
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() == 404) {
      return 0;
    }
    org.assertj.core.api.Assertions.assertThat(response.statusCode())
        .as(response.body())
        .isEqualTo(200);
    for (com.fasterxml.jackson.databind.JsonNode m :
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(response.body())
            .path("measurements")) {
      if (m.path("statistic").asText().equals("COUNT")) {
        return m.path("value").asDouble();
      }
    }
    throw new AssertionError("no COUNT in " + response.body());
  }

  private static com.fasterxml.jackson.databind.JsonNode post(
      String authorization, String method, String name, String params) throws Exception {
    String meta =
        "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":"
            + "{\"io.modelcontextprotocol/tasks\":{}}}}";
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\""
            + method
            + "\",\"params\":"
            + params.substring(0, params.length() - 1)
            + ","
            + meta
            + "}}";
    java.net.http.HttpRequest request =
        java.net.http.HttpRequest.newBuilder(example.base().resolve("mcp"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", method)
            .header("Mcp-Name", name)
            .header("Authorization", authorization)
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body))
            .build();
    String answer =
        java.net.http.HttpClient.newHttpClient()
            .send(request, java.net.http.HttpResponse.BodyHandlers.ofString())
            .body();
    return new com.fasterxml.jackson.databind.ObjectMapper().readTree(answer);
  }

  @Override
  protected String challenge() {
    return "Basic realm=\"Realm\"";
  }
}
