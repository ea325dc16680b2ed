package dev.jaxrsmcp.demo.interop;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.demo.DemoApplication;
import dev.jaxrsmcp.demo.DemoServer;
import dev.jaxrsmcp.demo.interop.SentRequests.Sent;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The official MCP Java SDK client's session life cycle against the demo (legacy era): handshake,
 * version negotiation, ping, and the DELETE that ends the session.
 */
@Timeout(120)
class SdkSessionInteropTest {
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
  void initializeNegotiatesTheLatestLegacyVersionAndDescribesTheServer() {
    SentRequests sent = new SentRequests();
    try (McpSyncClient client = SdkClients.client(server, Optional.empty(), sent)) {
      McpSchema.InitializeResult init = client.initialize();

      assertThat(init.protocolVersion()).isEqualTo("2025-11-25");
      assertThat(init.serverInfo().name()).isEqualTo(DemoApplication.NAME);
      assertThat(init.serverInfo().version()).isEqualTo(DemoApplication.VERSION);
      assertThat(init.instructions()).contains("app://widgets/{id}/state");
      assertThat(init.capabilities().resources()).isNotNull();
      assertThat(init.capabilities().tools()).isNotNull();
      assertThat(client.isInitialized()).isTrue();
    }
    assertThat(sent.posts("initialize")).hasSize(1);
  }

  @Test
  void requestsAfterInitializeCarryTheSessionIdTheServerMinted() {
    SentRequests sent = new SentRequests();
    try (McpSyncClient client = SdkClients.client(server, Optional.empty(), sent)) {
      client.initialize();
      client.ping();
      client.closeGracefully();
    }
    Sent initialize = sent.posts("initialize").get(0);
    assertThat(initialize.sessionId()).isEmpty();
    String sessionId = sent.posts("ping").get(0).sessionId().orElseThrow();
    assertThat(sessionId).matches("[\\x21-\\x7e]{22,}");
    assertThat(sent.posts("notifications/initialized"))
        .extracting(Sent::sessionId)
        .containsExactly(Optional.of(sessionId));
  }

  @Test
  void pingAnswersOnTheSession() {
    try (McpSyncClient client = SdkClients.client(server, Optional.empty(), new SentRequests())) {
      client.initialize();

      Object pong = client.ping();

      assertThat(pong).isEqualTo(Map.of());
    }
  }

  @Test
  void setLoggingLevelIsAccepted() {
    SentRequests sent = new SentRequests();
    try (McpSyncClient client = SdkClients.client(server, Optional.empty(), sent)) {
      client.initialize();

      client.setLoggingLevel(McpSchema.LoggingLevel.WARNING);

      // The SDK ignores the (empty) result; a JSON-RPC error would have been thrown.
      assertThat(sent.posts("logging/setLevel")).hasSize(1);
      assertThat(client.ping()).isEqualTo(Map.of());
    }
  }

  @Test
  void olderLegacyVersionIsNegotiatedAndUsedForLaterRequests() {
    SentRequests sent = new SentRequests();
    try (McpSyncClient client =
        SdkClients.client(
            server,
            Optional.of(SdkClients.OWNER),
            sent,
            Optional.of(List.of("2025-03-26", "2025-06-18")))) {
      assertThat(client.initialize().protocolVersion()).isEqualTo("2025-06-18");

      McpSchema.ReadResourceResult read =
          client.readResource(McpSchema.ReadResourceRequest.builder("app://widgets").build());

      assertThat(read.contents()).hasSize(1);
    }
    assertThat(sent.posts("resources/read"))
        .extracting(Sent::protocolVersion)
        .containsExactly(Optional.of("2025-06-18"));
  }

  @Test
  void closeGracefullyDeletesTheSessionSoItsIdIsNoLongerKnown() {
    SentRequests sent = new SentRequests();
    McpSyncClient client = SdkClients.client(server, Optional.empty(), sent);
    client.initialize();
    client.ping();
    String sessionId = sent.posts("ping").get(0).sessionId().orElseThrow();

    assertThat(client.closeGracefully()).isTrue();

    assertThat(sent.withMethod("DELETE"))
        .extracting(Sent::sessionId)
        .containsExactly(Optional.of(sessionId));
    given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("Mcp-Session-Id", sessionId)
        .header("MCP-Protocol-Version", "2025-11-25")
        .body("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}")
        .post(server.mcpUri())
        .then()
        .statusCode(404);
  }
}
