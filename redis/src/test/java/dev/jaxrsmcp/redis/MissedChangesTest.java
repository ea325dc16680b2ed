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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Redis pub/sub does not replay: a change published while an instance was not connected (an outage,
 * the first moments after start-up) is lost for the others. After (re)connecting, every subscriber
 * of an instance is told once more that what it subscribed to was updated (and list listeners that
 * the list changed), so clients read again. A real redis-server is stopped and started.
 */
class MissedChangesTest {
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
  private final List<AutoCloseable> open = new ArrayList<>();

  private record Instance(TestServer server, McpFeature feature, RedisChangeBus bus) {}

  private Instance instance(String prefix) {
    return instance(prefix, redis.uri());
  }

  private Instance instance(String prefix, String redisUri) {
    RedisChangeBus bus =
        RedisChangeBus.builder(redisUri)
            .channelPrefix(prefix)
            .retryInterval(Duration.ofMillis(200))
            .build();
    McpFeature feature = McpFeature.builder().changeBus(bus).debounce(Duration.ZERO).build();
    TestServer server = TestServer.start(new ResourceConfig(Items.class).register(feature));
    open.add(server);
    return new Instance(server, feature, bus);
  }

  private SseRecorder listen(Instance on, List<String> uris) throws Exception {
    SseRecorder stream =
        SseRecorder.post(
            on.server().mcpUrl(),
            Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
            Mcp.body(
                    1,
                    "subscriptions/listen",
                    Map.of("notifications", Map.of("resourceSubscriptions", uris)))
                .toString());
    open.add(stream);
    assertThat(stream.next().path("method").asText())
        .isEqualTo("notifications/subscriptions/acknowledged");
    return stream;
  }

  @BeforeEach
  void startRedis() throws Exception {
    redis = RedisServer.startOnFreePort();
  }

  @AfterEach
  void stopAll() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
    redis.close();
  }

  /**
   * Reads what arrives until the stream is quiet for a second (at most {@code max} messages): the
   * read-again notifications may come once per reconnect that each instance noticed.
   */
  private static List<JsonNode> drain(SseRecorder stream, int max) throws Exception {
    List<JsonNode> got = new ArrayList<>();
    for (int i = 0; i < max; i++) {
      java.util.Optional<JsonNode> next = stream.poll(Duration.ofSeconds(1));
      if (next.isEmpty()) {
        return got;
      }
      got.add(next.get());
    }
    return got;
  }

  private static List<String> updatedUris(List<JsonNode> messages) {
    List<String> uris = new ArrayList<>();
    for (JsonNode message : messages) {
      assertThat(message.path("method").asText()).isEqualTo("notifications/resources/updated");
      uris.add(message.path("params").path("uri").asText());
    }
    return uris;
  }

  @Test
  void aChangeMadeDuringAnOutageReachesTheOtherInstancesSubscribersAsUpdatedAfterReconnect()
      throws Exception {
    String prefix = "test-" + UUID.randomUUID() + ":";
    Instance a = instance(prefix);
    Instance b = instance(prefix);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());
    SseRecorder onA = listen(a, List.of("app://items/1", "app://items/2"));

    redis.stop();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !a.bus().isConnected() && !b.bus().isConnected());
    assertThat(b.feature().changes().changed("app://items/1")).isZero(); // lost for instance a
    onA.assertExhausted(300);

    redis.start();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());

    List<String> uris = updatedUris(drain(onA, 10));
    assertThat(uris).contains("app://items/1", "app://items/2");
    assertThat(uris).hasSizeLessThanOrEqualTo(4); // once per reconnect noticed, at most twice
  }

  @Test
  void aLegacySessionIsToldToReadItsSubscriptionsAndTheListAgainAfterReconnect() throws Exception {
    String prefix = "test-" + UUID.randomUUID() + ":";
    Instance a = instance(prefix);
    Instance b = instance(prefix);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());
    LegacyClient legacy = new LegacyClient(a.server().mcpUrl());
    String session = legacy.start();
    SseRecorder onA = legacy.stream(session);
    open.add(onA);
    legacy.subscribe(session, "app://items/7").then().statusCode(200);

    redis.stop();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !a.bus().isConnected() && !b.bus().isConnected());
    b.feature().changes().changed("app://items/7");
    b.feature().changes().listChanged();
    redis.start();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());

    List<String> methods = new ArrayList<>();
    for (JsonNode message : drain(onA, 10)) {
      methods.add(
          message.path("method").asText() + " " + message.path("params").path("uri").asText(""));
    }
    assertThat(methods)
        .contains(
            "notifications/resources/updated app://items/7",
            "notifications/resources/list_changed ");
  }

  @Test
  void aChangeMadeBeforeTheBusFirstConnectedReachesTheOtherInstance() throws Exception {
    redis.stop();
    String prefix = "test-" + UUID.randomUUID() + ":";
    Instance a = instance(prefix);
    Instance b = instance(prefix);
    SseRecorder onA = listen(a, List.of("app://items/1"));
    b.feature().changes().changed("app://items/1"); // neither bus has connected yet

    redis.start();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());

    List<String> uris = updatedUris(drain(onA, 10));
    assertThat(uris).contains("app://items/1").hasSizeLessThanOrEqualTo(2);
  }

  @Test
  void whenOnlyThePublishingInstanceLostRedisItTellsTheOthersOnceItIsBack() throws Exception {
    String prefix = "test-" + UUID.randomUUID() + ":";
    TcpProxy toRedis = new TcpProxy(dev.jaxrsmcp.testing.TestServer.freePort(), redis.port());
    open.add(toRedis);
    toRedis.start();
    Instance a = instance(prefix, redis.uri());
    Instance b = instance(prefix, toRedis.uri());
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());
    SseRecorder onA = listen(a, List.of("app://items/1", "app://items/2"));

    toRedis.stop(); // b loses Redis; a keeps it
    await().atMost(Duration.ofSeconds(10)).until(() -> !b.bus().isConnected());
    assertThat(a.bus().isConnected()).isTrue();
    b.feature().changes().changed("app://items/1"); // lost for a
    onA.assertExhausted(300);

    toRedis.start();
    await().atMost(Duration.ofSeconds(30)).until(() -> b.bus().isConnected());

    // a never lost its subscription, so only b's announcement can tell it: once per URI.
    assertThat(updatedUris(drain(onA, 10)))
        .containsExactlyInAnyOrder("app://items/1", "app://items/2");
  }

  @Test
  void withoutALossNothingExtraIsSent() throws Exception {
    String prefix = "test-" + UUID.randomUUID() + ":";
    Instance a = instance(prefix);
    Instance b = instance(prefix);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> a.bus().isConnected() && b.bus().isConnected());
    SseRecorder onA = listen(a, List.of("app://items/1"));

    b.feature().changes().changed("app://items/1");

    assertThat(updatedUris(drain(onA, 10))).containsExactly("app://items/1");
  }
}
