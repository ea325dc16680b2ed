package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpTestClient;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The demo's prompt: {@code summarize_widget} runs {@code GET /api/widgets/{id}/summary-prompt}
 * under the demo's bearer auth, in both eras, and its {@code detail} argument completes.
 */
class SummaryPromptTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  DemoServer server;

  @BeforeEach
  void start() {
    server = DemoServer.start(0);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static String expectedText(String detail) {
    return "Summarize the widget Living room thermostat (id 1, a thermostat) "
        + detail
        + ". Its current state is ";
  }

  @Test
  void aViewerGetsThePromptWithTheWidgetsStateInBothEras() throws Exception {
    for (McpTestClient client :
        new McpTestClient[] {
          McpTestClient.modern(server.mcpUri()), McpTestClient.legacy(server.mcpUri())
        }) {
      McpTestClient viewer = client.as(RestApiTest.VIEWER);
      JsonNode state = viewer.read("app://widgets/1/state").result().at("/contents/0/text");
      JsonNode result =
          viewer.getPrompt("summarize_widget", Map.of("id", "1", "detail", "DETAILED")).result();
      assertThat(result.path("messages"))
          .isEqualTo(
              JSON.readTree(
                  "[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":"
                      + JSON.writeValueAsString(
                          expectedText("in detail, one line per state value")
                              + JSON.readTree(state.asText())
                              + ".")
                      + "}}]"));
      viewer.close();
    }
  }

  @Test
  void withoutATokenThePromptIsTheReadsUnauthorizedError() {
    McpResponse response =
        McpTestClient.modern(server.mcpUri()).getPrompt("summarize_widget", Map.of("id", "1"));
    assertThat(response.status()).isEqualTo(401);
    assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(response.json().at("/error/message").asText()).startsWith("401 Unauthorized");
  }

  @Test
  void thePromptIsListedAndItsDetailCompletes() {
    McpTestClient viewer = McpTestClient.modern(server.mcpUri()).as(RestApiTest.VIEWER);
    assertThat(viewer.listPrompts().values("name")).containsExactly("summarize_widget");
    assertThat(
            viewer.completePrompt("summarize_widget", "detail", "").strings("/completion/values"))
        .containsExactly("BRIEF", "DETAILED");
  }
}
