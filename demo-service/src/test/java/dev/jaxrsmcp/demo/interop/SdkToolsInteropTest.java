package dev.jaxrsmcp.demo.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jaxrsmcp.demo.DemoServer;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The official MCP Java SDK client lists and calls the tools the demo's resources are also offered
 * as (legacy era, a session per test).
 */
@Timeout(120)
class SdkToolsInteropTest {
  static DemoServer server;
  McpSyncClient client;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void closeClient() {
    if (client != null) {
      client.closeGracefully();
    }
  }

  private McpSyncClient connect(Optional<String> authorization) {
    client = SdkClients.client(server, authorization, new SentRequests());
    client.initialize();
    return client;
  }

  private static McpSchema.CallToolResult call(
      McpSyncClient client, String tool, Map<String, Object> arguments) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
  }

  @Test
  void listToolsOffersTheStateToolWithAnIntegerId() {
    McpSchema.ListToolsResult page = connect(Optional.of(SdkClients.OWNER)).listTools(null);

    assertThat(page.nextCursor()).isNull();
    McpSchema.Tool state =
        page.tools().stream().filter(t -> t.name().equals("state")).findFirst().orElseThrow();
    assertThat(state.title()).isEqualTo("Widget state");
    assertThat(state.description()).endsWith("Reads app://widgets/{id}/state");
    Map<String, Object> schema = state.inputSchema();
    assertThat(schema).containsEntry("type", "object").containsEntry("required", List.of("id"));
    assertThat(schema)
        .extractingByKey("properties")
        .asInstanceOf(InstanceOfAssertFactories.MAP)
        .extractingByKey("id")
        .asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("type", "integer");
    assertThat(state.annotations().readOnlyHint()).isTrue();
  }

  @Test
  void callingTheStateToolReadsTheWidgetsState() {
    McpSchema.CallToolResult result =
        call(connect(Optional.of(SdkClients.OWNER)), "state", Map.of("id", 1));

    assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
    assertThat(result.content()).hasSize(1);
    McpSchema.TextContent text = (McpSchema.TextContent) result.content().get(0);
    assertThat(text.text())
        .isEqualTo(
            "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}");
  }

  @Test
  void callingThePhotoToolGivesAPngImage() {
    McpSchema.CallToolResult result =
        call(connect(Optional.of(SdkClients.OWNER)), "photo", Map.of("id", 1));

    McpSchema.ImageContent image = (McpSchema.ImageContent) result.content().get(0);
    assertThat(image.mimeType()).isEqualTo("image/png");
    assertThat(Base64.getDecoder().decode(image.data()))
        .startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
  }

  @Test
  void callingTheStateToolForAnUnknownWidgetIsAToolError() {
    McpSchema.CallToolResult result =
        call(connect(Optional.of(SdkClients.OWNER)), "state", Map.of("id", 42));

    assertThat(result.isError()).isTrue();
    assertThat(result.content())
        .extracting(c -> ((McpSchema.TextContent) c).text())
        .containsExactly("404 Not Found: no widget with id 42");
  }

  @Test
  void callingTheSecretsToolAsViewerIsAToolErrorNamingTheForbiddenStatus() {
    McpSchema.CallToolResult result =
        call(connect(Optional.of(SdkClients.VIEWER)), "secrets", Map.of("id", 1));

    assertThat(result.isError()).isTrue();
    assertThat(((McpSchema.TextContent) result.content().get(0)).text())
        .startsWith("403 Forbidden");
  }

  @Test
  void callingTheStateToolWithoutATokenFailsWithHttp401() {
    McpSyncClient anonymous = connect(Optional.empty());

    McpHttpClientTransportAuthorizationException auth =
        catchThrowableOfType(
            McpHttpClientTransportAuthorizationException.class,
            () -> call(anonymous, "state", Map.of("id", 1)));

    assertThat(auth.getResponseInfo().statusCode()).isEqualTo(401);
    assertThat(auth.getResponseInfo().headers().firstValue("WWW-Authenticate"))
        .contains(
            // the route's challenge, naming the demo's OAuth metadata
            "Bearer realm=\"widgets\", resource_metadata=\""
                + server.baseUri().resolve(".well-known/oauth-protected-resource/mcp")
                + "\"");
  }

  @Test
  void callingAnUnknownToolIsInvalidParams() {
    McpSyncClient owner = connect(Optional.of(SdkClients.OWNER));

    McpError error = catchThrowableOfType(McpError.class, () -> call(owner, "gadgets", Map.of()));

    assertThat(error.getJsonRpcError().code()).isEqualTo(-32602);
    assertThat(error.getJsonRpcError().message()).isEqualTo("Unknown tool: gadgets");
  }

  @Test
  void theSdkCallsTheWriteToolWithABodyAndGetsItsStructuredResult() {
    McpSyncClient owner = connect(Optional.of(SdkClients.OWNER));
    McpSchema.Tool tool =
        owner.listTools(null).tools().stream()
            .filter(t -> t.name().equals("set_target_temperature"))
            .findFirst()
            .orElseThrow();
    assertThat(tool.annotations().readOnlyHint()).isFalse();
    assertThat(tool.annotations().idempotentHint()).isTrue();
    assertThat(tool.outputSchema()).containsEntry("type", "object");

    McpSchema.CallToolResult result =
        call(owner, "set_target_temperature", Map.of("id", 3, "body", Map.of("celsius", 19.5)));

    assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
    assertThat(result.structuredContent()).isEqualTo(Map.of("celsius", 19.5));
    assertThat(((McpSchema.TextContent) result.content().get(0)).text())
        .isEqualTo("{\"celsius\":19.5}");
  }

  @Test
  void toolNamesAreValidForTheSdk() {
    List<McpSchema.Tool> tools = connect(Optional.of(SdkClients.OWNER)).listTools(null).tools();

    assertThat(tools)
        .extracting(McpSchema.Tool::name)
        .contains("widgets", "state", "stateValue", "secrets", "photo", "motd");
  }
}
