package dev.jaxrsmcp.examples.dropwizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.examples.interop.ExampleContract;
import dev.jaxrsmcp.examples.interop.ExampleProcess;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpServerExtension;
import dev.jaxrsmcp.test.McpTestClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Dropwizard example as users run it ({@code PORT=... java -jar dropwizard-example.jar server
 * config.yml}, real Jetty, Dropwizard auth), held to {@link ExampleContract} through the
 * jaxrs-mcp-test kit: one boot for the class.
 */
class DropwizardExampleIT extends ExampleContract {
  private static ExampleProcess example;

  /** The test kit, pointed at the jar once it runs on its free port. */
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.at(() -> example.base());

  @BeforeAll
  static void start() throws Exception {
    example =
        ExampleProcess.start(
            Path.of(System.getProperty("example.jar")),
            List.of("server", System.getProperty("example.config")),
            Path.of("."),
            "Started oejs.Server@",
            Duration.ofSeconds(180));
  }

  @AfterAll
  static void stop() throws Exception {
    example.close();
  }

  /**
   * Issue 33: the bundle times MCP reads in Dropwizard's metrics, under the URI template (the admin
   * connector's {@code /admin/metrics}).
   */
  @Test
  void anMcpReadIsTimedInDropwizardsMetrics() throws Exception {
    String timer = "mcp.server.operation.duration.resources/read.app://reports/{id}";
    long before = readCount(timer);
    try (McpTestClient alice = server.modern().asBasic("alice", "alice-secret")) {
      assertThat(alice.read("app://reports/2").status()).isEqualTo(200);
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (readCount(timer) < before + 1 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(readCount(timer)).isEqualTo(before + 1);
  }

  /** A timer's count on the admin connector's /admin/metrics, 0 while there is no such timer. */
  private static long readCount(String timer) throws Exception {
    java.net.http.HttpResponse<String> response =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(example.base().resolve("admin/metrics"))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    com.fasterxml.jackson.databind.JsonNode count =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(response.body())
            .path("timers")
            .path(timer)
            .path("count");
    return count.isMissingNode() ? 0 : count.asLong();
  }

  /**
   * ArchivedReports.report and Reports.report share a method name: the application starts, and each
   * tool is named after its class.
   */
  @Test
  void twoResourceClassesWithTheSameMethodNameGiveTwoQualifiedTools() {
    try (McpTestClient alice = server.modern().asBasic("alice", "alice-secret")) {
      List<String> names = alice.listTools().values("name");
      McpResponse call = alice.callTool("ArchivedReports_report", Map.of("id", 1));

      assertThat(names)
          .contains("ArchivedReports_report", "Reports_report")
          .doesNotContain("report");
      assertThat(call.status()).isEqualTo(200);
      assertThat(call.result().toString())
          .startsWith(
              "{\"resultType\":\"complete\",\"content\":[{\"type\":\"text\",\"text\":"
                  + "\"{\\\"id\\\":1,\\\"title\\\":\\\"Q1 sales (last year)\\\","
                  + "\\\"total\\\":1100}\"}]");
    }
  }

  @Override
  protected McpServerExtension server() {
    return server;
  }

  @Override
  protected String challenge() {
    return "Basic realm=\"example\"";
  }
}
