package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.test.McpTestClient;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The demo's write tool: {@code set_target_temperature} runs {@code PUT /api/widgets/{id}/target}.
 */
class TargetToolTest {
  DemoServer server;

  @BeforeEach
  void start() {
    server = DemoServer.start(0);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void anOwnerSetsTheTargetAndReadsItBack() {
    McpTestClient owner = McpTestClient.modern(server.mcpUri()).as(RestApiTest.OWNER);
    JsonNode result =
        owner
            .callTool("set_target_temperature", Map.of("id", 1, "body", Map.of("celsius", 23.5)))
            .result();
    assertThat(result.path("isError").asBoolean()).isFalse();
    assertThat(result.at("/structuredContent/celsius").asDouble()).isEqualTo(23.5);
    assertThat(
            owner
                .read("app://widgets/1/state/targetTemperature")
                .result()
                .at("/contents/0/text")
                .asText())
        .isEqualTo("23.5");
  }

  @Test
  void aViewerIsRefusedAndNothingChanges() {
    JsonNode result =
        McpTestClient.modern(server.mcpUri())
            .as(RestApiTest.VIEWER)
            .callTool("set_target_temperature", Map.of("id", 1, "body", Map.of("celsius", 30)))
            .result();
    assertThat(result.path("isError").asBoolean()).isTrue();
    assertThat(result.at("/content/0/text").asText()).startsWith("403 Forbidden");
    assertThat(
            McpTestClient.modern(server.mcpUri())
                .as(RestApiTest.OWNER)
                .read("app://widgets/1/state/targetTemperature")
                .result()
                .at("/contents/0/text")
                .asText())
        .isEqualTo("21.0");
  }

  @Test
  void theToolIsListedWithItsBodySchemaAndHints() {
    JsonNode tools =
        McpTestClient.modern(server.mcpUri())
            .as(RestApiTest.VIEWER)
            .request("tools/list", Map.of())
            .result()
            .path("tools");
    JsonNode tool = null;
    for (JsonNode t : tools) {
      if (t.path("name").asText().equals("set_target_temperature")) {
        tool = t;
      }
    }
    assertThat(tool).isNotNull();
    assertThat(tool.at("/inputSchema/properties/body/properties/celsius/maximum").asInt())
        .isEqualTo(35);
    assertThat(tool.at("/annotations/idempotentHint").asBoolean()).isTrue();
    assertThat(tool.at("/outputSchema/type").asText()).isEqualTo("object");
  }
}
