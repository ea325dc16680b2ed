package dev.jaxrsmcp.demo.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jaxrsmcp.demo.DemoApplication;
import dev.jaxrsmcp.demo.DemoServer;
import dev.jaxrsmcp.demo.interop.SentRequests.Sent;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.McpHttpStatusException;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The official MCP Java SDK's modern client (revision 2026-07-28, stateless: no handshake, no
 * session) against the demo: discovery, listings, reads, errors and tools.
 */
@Timeout(120)
class SdkModernInteropTest {
  private static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";
  private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  static DemoServer server;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static McpSyncClient client(Optional<String> authorization) {
    return SdkClients.modern(server, authorization, new SentRequests());
  }

  @Test
  void discoverOffersTheModernAndLegacyVersionsAndNamesTheServer() {
    McpSchema.DiscoverResult discover = client(Optional.empty()).discover();

    assertThat(discover.supportedVersions())
        .containsExactly("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26");
    assertThat(discover.capabilities().resources()).isNotNull();
    assertThat(discover.capabilities().tools()).isNotNull();
    assertThat(discover.instructions()).contains("app://widgets/{id}/state");
    assertThat(discover.resultType()).isEqualTo("complete");
    assertThat(discover.meta())
        .extractingByKey(SERVER_INFO)
        .isEqualTo(Map.of("name", DemoApplication.NAME, "version", DemoApplication.VERSION));
  }

  @Test
  void requestsAreStatelessAndCarryTheModernHeaders() {
    SentRequests sent = new SentRequests();
    McpSyncClient client = SdkClients.modern(server, Optional.of(SdkClients.OWNER), sent);

    client.resource("app://widgets/1/state").read();

    assertThat(sent.posts("initialize")).isEmpty();
    Sent read = sent.posts("resources/read").get(0);
    assertThat(read.protocolVersion()).contains("2026-07-28");
    assertThat(read.header("Mcp-Method")).contains("resources/read");
    assertThat(read.header("Mcp-Name")).contains("app://widgets/1/state");
    assertThat(sent.all()).allSatisfy(s -> assertThat(s.sessionId()).isEmpty());
  }

  @Test
  void listsResourcesAndTemplatesWithCacheHints() {
    McpSyncClient client = client(Optional.of(SdkClients.OWNER));

    McpSchema.ListResourcesResult resources = client.resources().list();
    McpSchema.ListResourceTemplatesResult templates = client.resourceTemplates().list();

    assertThat(resources.nextCursor()).isNull();
    assertThat(resources.resources())
        .extracting(McpSchema.Resource::uri)
        .contains("app://widgets", "app://server/motd");
    assertThat(resources.ttlMs()).isNotNull();
    assertThat(resources.cacheScope()).isEqualTo(McpSchema.CacheScope.PRIVATE);
    assertThat(templates.nextCursor()).isNull();
    assertThat(templates.resourceTemplates())
        .extracting(t -> t.uriTemplate() + " " + t.mimeType())
        .contains(
            "app://widgets/{id}/state application/json", "app://widgets/{id}/photo image/png");
  }

  @Test
  void readsWidgetStateAsJsonText() {
    McpSchema.ReadResourceResult result =
        client(Optional.of(SdkClients.OWNER)).resource("app://widgets/1/state").read();

    assertThat(result.contents()).hasSize(1);
    McpSchema.TextResourceContents text = (McpSchema.TextResourceContents) result.contents().get(0);
    assertThat(text.uri()).isEqualTo("app://widgets/1/state");
    assertThat(text.mimeType()).isEqualTo("application/json");
    assertThat(text.text())
        .isEqualTo(
            "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}");
    assertThat(result.resultType()).isEqualTo("complete");
    assertThat(result.meta()).containsKey(SERVER_INFO);
  }

  @Test
  void readsWidgetPhotoAsPngBlob() {
    McpSchema.ReadResourceResult result =
        client(Optional.of(SdkClients.OWNER)).resource("app://widgets/1/photo").read();

    McpSchema.BlobResourceContents blob = (McpSchema.BlobResourceContents) result.contents().get(0);
    assertThat(blob.mimeType()).isEqualTo("image/png");
    assertThat(Base64.getDecoder().decode(blob.blob())).startsWith(PNG_SIGNATURE);
  }

  @Test
  void unknownWidgetIsResourceNotFoundWithTheModernCode() {
    McpSyncClient owner = client(Optional.of(SdkClients.OWNER));

    McpException error =
        catchThrowableOfType(
            McpException.class, () -> owner.resource("app://widgets/42/state").read());

    assertThat(error.error().code()).isEqualTo(-32602);
    assertThat(error.error().message()).isEqualTo("Resource not found");
    assertThat(error.error().data()).isEqualTo(Map.of("uri", "app://widgets/42/state"));
  }

  @Test
  void readWithoutTokenFailsWithHttp401AndTheRoutesChallenge() {
    McpSyncClient anonymous = client(Optional.empty());

    McpHttpStatusException error =
        catchThrowableOfType(
            McpHttpStatusException.class, () -> anonymous.resource("app://widgets/1/state").read());

    assertThat(error.statusCode()).isEqualTo(401);
    assertThat(error.headers().firstValue("WWW-Authenticate"))
        .contains(
            // the route's challenge, naming the demo's OAuth metadata
            "Bearer realm=\"widgets\", resource_metadata=\""
                + server.baseUri().resolve(".well-known/oauth-protected-resource/mcp")
                + "\"");
  }

  @Test
  void viewerReadingSecretsGetsInvalidParamsNamingTheForbiddenStatus() {
    McpSyncClient viewer = client(Optional.of(SdkClients.VIEWER));

    McpException error =
        catchThrowableOfType(
            McpException.class, () -> viewer.resource("app://widgets/1/secrets").read());

    assertThat(error.error().code()).isEqualTo(-32602);
    assertThat(error.error().message()).startsWith("403 Forbidden");
    assertThat(error.error().data())
        .asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("status", 403);
  }

  @Test
  void listsAndCallsTheStateTool() {
    McpSyncClient owner = client(Optional.of(SdkClients.OWNER));

    McpSchema.Tool state =
        owner.listTools().list().tools().stream()
            .filter(t -> t.name().equals("state"))
            .findFirst()
            .orElseThrow();
    McpSchema.CallToolResult result = owner.tool(state).arguments(Map.of("id", 1)).call();

    assertThat(state.description()).endsWith("Reads app://widgets/{id}/state");
    assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
    assertThat(result.content())
        .extracting(c -> ((McpSchema.TextContent) c).text())
        .containsExactly(
            "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}");
  }

  @Test
  void callingTheStateToolForAnUnknownWidgetIsAToolError() {
    McpSchema.CallToolResult result =
        client(Optional.of(SdkClients.OWNER)).tool("state").arguments(Map.of("id", 42)).call();

    assertThat(result.isError()).isTrue();
    assertThat(result.content())
        .extracting(c -> ((McpSchema.TextContent) c).text())
        .containsExactly("404 Not Found: no widget with id 42");
  }
}
