package dev.jaxrsmcp.demo.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.demo.DemoServer;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The official MCP Java SDK client lists the demo's prompt, gets it and completes its argument
 * (legacy era), reading the bridge's answers with its own schema types.
 */
@Timeout(120)
class SdkPromptsInteropTest {
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
  void theSdkListsGetsAndCompletesThePrompt() {
    try (McpSyncClient client =
        SdkClients.client(server, Optional.of("Bearer viewer-token"), new SentRequests())) {
      McpSchema.InitializeResult init = client.initialize();
      assertThat(init.capabilities().prompts()).isNotNull();

      McpSchema.ListPromptsResult list = client.listPrompts();
      assertThat(list.prompts()).extracting(McpSchema.Prompt::name).contains("summarize_widget");
      McpSchema.Prompt prompt =
          list.prompts().stream()
              .filter(p -> p.name().equals("summarize_widget"))
              .findFirst()
              .orElseThrow();
      assertThat(prompt.arguments())
          .extracting(McpSchema.PromptArgument::name, McpSchema.PromptArgument::required)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("id", true),
              org.assertj.core.groups.Tuple.tuple("detail", false));

      McpSchema.GetPromptResult got =
          client.getPrompt(new McpSchema.GetPromptRequest("summarize_widget", Map.of("id", "2")));
      assertThat(got.messages()).hasSize(1);
      assertThat(got.messages().get(0).role()).isEqualTo(McpSchema.Role.USER);
      assertThat(((McpSchema.TextContent) got.messages().get(0).content()).text())
          .startsWith("Summarize the widget ")
          .contains("(id 2, ")
          .contains("in one sentence");

      McpSchema.CompleteResult completed =
          client.completeCompletion(
              new McpSchema.CompleteRequest(
                  new McpSchema.PromptReference("summarize_widget"),
                  new McpSchema.CompleteRequest.CompleteArgument("detail", "D")));
      assertThat(completed.completion().values()).containsExactly("DETAILED");
    }
  }
}
