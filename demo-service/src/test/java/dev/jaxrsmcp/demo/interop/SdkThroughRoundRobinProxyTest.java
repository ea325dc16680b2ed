package dev.jaxrsmcp.demo.interop;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.demo.DemoCluster;
import dev.jaxrsmcp.demo.DemoServer;
import dev.jaxrsmcp.demo.RoundRobinProxy;
import dev.jaxrsmcp.redis.RedisServer;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.TestServer;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The official MCP Java SDK client (legacy era, with sessions) through a real round-robin HAProxy
 * in front of three demo instances sharing one Redis: every request of its session lands on the
 * next instance, and the session works as on one server, from initialize to DELETE.
 */
@Timeout(180)
class SdkThroughRoundRobinProxyTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  RedisServer redis;
  DemoCluster demos;
  RoundRobinProxy proxy;

  @BeforeEach
  void start() throws Exception {
    redis = RedisServer.startOnFreePort();
    demos = DemoCluster.start(redis.uri(), 3);
    proxy = RoundRobinProxy.start(TestServer.freePort(), demos.ports());
  }

  @AfterEach
  void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (demos != null) {
      demos.close();
    }
    redis.close();
  }

  @Test
  void aSessionWorksThroughTheProxyFromInitializeToDelete() throws Exception {
    SentRequests sent = new SentRequests();
    List<String> updated = new CopyOnWriteArrayList<>();
    List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
    URI mcp = URI.create(proxy.baseUrl() + "mcp");
    McpSyncClient client =
        SdkClients.client(
            mcp,
            Optional.of(SdkClients.OWNER),
            sent,
            Optional.empty(),
            spec ->
                spec.resourcesUpdateConsumer(
                        contents -> contents.forEach(c -> updated.add(c.uri())))
                    .progressConsumer(progress::add));
    try {
      assertThat(client.initialize().protocolVersion()).isEqualTo("2025-11-25");
      assertThat(client.listResources().resources())
          .extracting(McpSchema.Resource::uri)
          .contains("app://widgets");
      McpSchema.ReadResourceResult state =
          client.readResource(new McpSchema.ReadResourceRequest("app://widgets/2/state"));
      assertThat(((McpSchema.TextResourceContents) state.contents().get(0)).text())
          .contains("\"locked\"");

      client.subscribeResource(new McpSchema.SubscribeRequest("app://widgets/2/state"));
      for (DemoServer demo : demos.all()) { // a change on each instance in turn
        updated.clear();
        given()
            .baseUri(demo.baseUri().toString())
            .header("Authorization", SdkClients.OWNER)
            .contentType("application/json")
            .body("true")
            .put("/api/widgets/2/state/locked")
            .then()
            .statusCode(200);
        await()
            .atMost(Duration.ofSeconds(20))
            .until(() -> updated.contains("app://widgets/2/state"));
      }

      String session = sent.posts("notifications/initialized").get(0).sessionId().orElseThrow();
      for (DemoServer demo : demos.all()) {
        new LegacyClient(demo.mcpUri().toString(), SdkClients.VIEWER)
            .call(session, 90, "ping", Map.of())
            .then()
            .statusCode(404); // another caller's credentials
      }

      Thread reading =
          new Thread(
              () -> {
                try {
                  client.readResource(
                      new McpSchema.ReadResourceRequest(
                          "app://widgets/1/output?seconds=300", Map.of("progressToken", "long")));
                } catch (RuntimeException e) {
                  // Cancelled: the SDK never gets an answer and gives up after its timeout.
                }
              },
              "sdk-long-read");
      reading.setDaemon(true);
      reading.start();
      await().atMost(Duration.ofSeconds(20)).until(() -> !progress.isEmpty());
      assertThat(spoolFiles()).isPositive();
      JsonNode read =
          MAPPER.readTree(
              sent.posts("resources/read").stream()
                  .map(r -> r.body().orElseThrow())
                  .filter(body -> body.contains("app://widgets/1/output"))
                  .findFirst()
                  .orElseThrow());
      given()
          .baseUri(proxy.baseUrl())
          .contentType("application/json")
          .accept("application/json, text/event-stream")
          .header("Authorization", SdkClients.OWNER)
          .header("Mcp-Session-Id", session)
          .header("MCP-Protocol-Version", "2025-11-25")
          .body(
              LegacyClient.body(
                  null, "notifications/cancelled", Map.of("requestId", read.get("id"))))
          .post("/mcp")
          .then()
          .statusCode(202);
      await().atMost(Duration.ofSeconds(20)).until(() -> spoolFiles() == 0);

      assertThat(client.closeGracefully()).isTrue(); // DELETE through the proxy
      assertThat(sent.withMethod("DELETE")).hasSize(1);
      for (DemoServer demo : demos.all()) {
        new LegacyClient(demo.mcpUri().toString(), SdkClients.OWNER)
            .call(session, 91, "ping", Map.of())
            .then()
            .statusCode(404);
      }
    } finally {
      client.close();
    }
  }

  /** The spool files of the three instances (they share the default spool directory). */
  private static long spoolFiles() throws java.io.IOException {
    Path spool = McpFeature.builder().build().spoolDirectory();
    if (!Files.isDirectory(spool)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(spool)) { // each process spools in a private directory
      return files
          .filter(Files::isRegularFile)
          .filter(f -> f.getFileName().toString().endsWith(".spool"))
          .count();
    }
  }
}
