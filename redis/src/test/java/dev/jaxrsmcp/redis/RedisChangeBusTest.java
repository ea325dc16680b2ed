package dev.jaxrsmcp.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RedisChangeBusTest {
  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{\"id\":\"" + id + "\"}";
    }
  }

  private RedisServer redis;
  private Instance a;
  private Instance b;

  /** One service instance: a Grizzly server with its own feature and Redis bus. */
  private record Instance(TestServer server, McpFeature feature, RedisChangeBus bus)
      implements AutoCloseable {
    static Instance start(String redisUri, String prefix, Duration debounce) {
      RedisChangeBus bus =
          RedisChangeBus.builder(redisUri)
              .channelPrefix(prefix)
              .retryInterval(Duration.ofMillis(200))
              .build();
      McpFeature feature = McpFeature.builder().changeBus(bus).debounce(debounce).build();
      TestServer server = TestServer.start(new ResourceConfig(Items.class).register(feature));
      return new Instance(server, feature, bus);
    }

    SseRecorder listen(String uri) throws Exception {
      return SseRecorder.post(
          server.mcpUrl(),
          Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
          Mcp.body(
                  1,
                  "subscriptions/listen",
                  Map.of("notifications", Map.of("resourceSubscriptions", List.of(uri))))
              .toString());
    }

    @Override
    public void close() {
      server.close();
    }
  }

  @BeforeEach
  void startRedis() throws Exception {
    redis = RedisServer.startOnFreePort();
  }

  @AfterEach
  void stopAll() throws Exception {
    if (a != null) {
      a.close();
    }
    if (b != null) {
      b.close();
    }
    redis.close();
  }

  private void startInstances(Duration debounce) {
    String prefix = "test-" + UUID.randomUUID() + ":";
    a = Instance.start(redis.uri(), prefix, debounce);
    b = Instance.start(redis.uri(), prefix, debounce);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());
  }

  @Test
  void changeOnOneInstanceReachesASubscriberOnAnother() throws Exception {
    startInstances(Duration.ZERO);
    try (SseRecorder onA = a.listen("app://items/1")) {
      onA.next(); // acknowledgement

      assertThat(b.feature().changes().changed("app://items/1")).isZero();

      JsonNode updated = onA.next();
      assertThat(updated.path("method").asText()).isEqualTo("notifications/resources/updated");
      assertThat(updated.path("params").path("uri").asText()).isEqualTo("app://items/1");
      onA.assertExhausted(500);
    }
  }

  @Test
  void changeOnOneInstanceReachesALegacySessionOnAnother() throws Exception {
    startInstances(Duration.ZERO);
    LegacyClient legacy = new LegacyClient(a.server().mcpUrl());
    String session = legacy.start();
    try (SseRecorder onA = legacy.stream(session)) {
      legacy.subscribe(session, "app://items/1").then().statusCode(200);

      assertThat(b.feature().changes().changed("app://items/1")).isZero();

      assertThat(onA.next().toString())
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\","
                  + "\"params\":{\"uri\":\"app://items/1\"}}");
      onA.assertExhausted(500);
    }
  }

  @Test
  void listChangeOnOneInstanceReachesModernAndLegacyListenersOnAnother() throws Exception {
    startInstances(Duration.ZERO);
    LegacyClient legacy = new LegacyClient(a.server().mcpUrl());
    String session = legacy.start();
    try (SseRecorder sessionOnA = legacy.stream(session);
        SseRecorder listenOnA =
            SseRecorder.post(
                a.server().mcpUrl(),
                Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
                Mcp.body(
                        "lists",
                        "subscriptions/listen",
                        Map.of("notifications", Map.of("resourcesListChanged", true)))
                    .toString())) {
      listenOnA.next(); // acknowledgement

      assertThat(b.feature().changes().listChanged()).isZero();

      assertThat(sessionOnA.next().path("method").asText())
          .isEqualTo("notifications/resources/list_changed");
      assertThat(listenOnA.next().path("method").asText())
          .isEqualTo("notifications/resources/list_changed");
    }
  }

  @Test
  void anInstanceDoesNotDeliverItsOwnChangeTwice() throws Exception {
    startInstances(Duration.ZERO);
    try (SseRecorder onA = a.listen("app://items/1")) {
      onA.next();

      assertThat(a.feature().changes().changed("app://items/1")).isEqualTo(1);

      onA.next();
      onA.assertExhausted(800);
    }
  }

  @Test
  void debounceStillHoldsPerSubscriberAcrossInstances() throws Exception {
    startInstances(Duration.ofMillis(300));
    try (SseRecorder onA = a.listen("app://items/1")) {
      onA.next();

      for (int i = 0; i < 50; i++) {
        b.feature().changes().changed("app://items/1");
      }

      onA.next(); // leading edge
      onA.next(); // trailing edge after the last change
      onA.assertExhausted(900);
    }
  }

  @Test
  void localNotificationsFlowWhileRedisIsDownAndCrossInstanceDeliveryResumes() throws Exception {
    startInstances(Duration.ZERO);
    try (SseRecorder onA = a.listen("app://items/1");
        SseRecorder onB = b.listen("app://items/1")) {
      onA.next();
      onB.next();

      redis.stop();
      await().atMost(Duration.ofSeconds(10)).until(() -> !b.bus().isConnected());
      assertThat(b.feature().changes().changed("app://items/1")).isEqualTo(1);
      assertThat(onB.next().path("params").path("uri").asText()).isEqualTo("app://items/1");
      onA.assertExhausted(500);

      redis.start();
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> a.bus().isConnected() && b.bus().isConnected());
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(
              () -> {
                b.feature().changes().changed("app://items/2");
                b.feature().changes().changed("app://items/1");
                JsonNode next = onA.next();
                assertThat(next.path("params").path("uri").asText()).isEqualTo("app://items/1");
              });
    }
  }

  @Test
  void redisMissingAtStartupDoesNotBlockAndConnectsLater() throws Exception {
    redis.stop();
    String prefix = "test-" + UUID.randomUUID() + ":";
    a = Instance.start(redis.uri(), prefix, Duration.ZERO);
    b = Instance.start(redis.uri(), prefix, Duration.ZERO);
    assertThat(a.bus().isConnected()).isFalse();
    io.restassured.RestAssured.given().get(a.server().baseUri() + "items/9").then().statusCode(200);

    redis.start();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());
    try (SseRecorder onA = a.listen("app://items/1")) {
      onA.next();
      b.feature().changes().changed("app://items/1");
      assertThat(onA.next().path("params").path("uri").asText()).isEqualTo("app://items/1");
    }
  }
}
