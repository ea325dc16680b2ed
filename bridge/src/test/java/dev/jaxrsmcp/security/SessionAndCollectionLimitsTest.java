package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Contract section 11, over real HTTP: the subscriptions one legacy session may hold ({@code
 * maxSubscriptionsPerSession}) and the size of a {@code listFrom} collection ({@code
 * maxListFromBytes}). Each refusal names the limit, the value and the setting, and starts nothing.
 */
class SessionAndCollectionLimitsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Every route run and watcher started. */
  static final List<String> WORK = new CopyOnWriteArrayList<>();

  /** How many members the collection route answers. */
  static volatile int members = 3;

  /** When positive, the collection route streams this many bytes (spaces) instead. */
  static volatile long hugeBytes = 0;

  @Path("/")
  public static class Routes {
    @GET
    @Path("/items/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://items/{id}", subscribe = true, listFrom = "/items")
    public String item(@PathParam("id") String id) {
      WORK.add("read item " + id);
      return id;
    }

    @GET
    @Path("/items")
    @Produces("application/json")
    public Object items() {
      WORK.add("collection");
      long huge = hugeBytes;
      if (huge > 0) {
        return (jakarta.ws.rs.core.StreamingOutput)
            out -> {
              byte[] chunk = new byte[64 * 1024];
              java.util.Arrays.fill(chunk, (byte) ' ');
              for (long left = huge; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
              }
            };
      }
      return IntStream.range(0, members)
          .mapToObj(i -> "{\"id\":\"member-" + String.format("%05d", i) + "\"}")
          .collect(Collectors.joining(",", "[", "]"));
    }
  }

  TestServer server;

  void start(McpFeature.Builder feature) {
    server =
        TestServer.start(
            new ResourceConfig(Routes.class)
                .register(
                    feature
                        .watch(
                            "app://items/{id}",
                            target -> {
                              WORK.add("watch " + target.uri());
                              return () -> WORK.add("unwatch " + target.uri());
                            })
                        .build()));
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    WORK.clear();
    members = 3;
    hugeBytes = 0;
  }

  private static JsonNode json(io.restassured.response.Response response) throws Exception {
    return JSON.readTree(response.asString());
  }

  @Test
  void defaultsAndSettersNameTheSetting() {
    McpFeature feature = McpFeature.builder().build();
    assertThat(feature.maxSubscriptionsPerSession()).isEqualTo(1_000);
    assertThat(feature.maxListFromBytes()).isEqualTo(4 * 1024 * 1024);
    assertThatThrownBy(() -> McpFeature.builder().maxSubscriptionsPerSession(0))
        .hasMessage("maxSubscriptionsPerSession must be at least 1 (found 0)");
    assertThatThrownBy(() -> McpFeature.builder().maxListFromBytes(1023))
        .hasMessage("maxListFromBytes must be at least 1024 (found 1023)");
  }

  // Subscriptions per legacy session

  @Test
  void subscriptionPastTheSessionLimitIsRefusedBeforeItsReadOrWatcher() throws Exception {
    start(McpFeature.builder().maxSubscriptionsPerSession(2));
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    String session = legacy.start();
    legacy.subscribe(session, "app://items/1").then().statusCode(200);
    legacy.subscribe(session, "app://items/2").then().statusCode(200);
    WORK.clear();

    JsonNode refused = json(legacy.subscribe(session, "app://items/3"));

    assertThat(refused.toString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32602,\"message\":"
                + "\"Invalid params: this session is already subscribed to 2 URIs, the most"
                + " maxSubscriptionsPerSession allows; unsubscribe from one before subscribing to"
                + " 'app://items/3' (for method resources/subscribe)\","
                + "\"data\":{\"uri\":\"app://items/3\",\"limit\":\"maxSubscriptionsPerSession\","
                + "\"max\":2}}}");
    assertThat(WORK).isEmpty(); // no read, no watcher
  }

  @Test
  void aSubscribedUriStaysSubscribableAndUnsubscribingMakesRoom() throws Exception {
    start(McpFeature.builder().maxSubscriptionsPerSession(2));
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    String session = legacy.start();
    legacy.subscribe(session, "app://items/1").then().statusCode(200);
    legacy.subscribe(session, "app://items/2").then().statusCode(200);

    assertThat(json(legacy.subscribe(session, "app://items/2")).has("result")).isTrue();
    legacy.unsubscribe(session, "app://items/1").then().statusCode(200);
    assertThat(json(legacy.subscribe(session, "app://items/3")).has("result")).isTrue();

    assertThat(json(legacy.subscribe(session, "app://items/4")).path("error").path("code").asInt())
        .isEqualTo(-32602);
    assertThat(WORK).contains("watch app://items/3").doesNotContain("watch app://items/4");
  }

  @Test
  void theLimitIsPerSession() throws Exception {
    start(McpFeature.builder().maxSubscriptionsPerSession(1));
    LegacyClient alice = new LegacyClient(server.mcpUrl(), "Bearer alice");
    LegacyClient anonymous = new LegacyClient(server.mcpUrl());
    String aliceSession = alice.start();
    String anonymousSession = anonymous.start();

    assertThat(json(alice.subscribe(aliceSession, "app://items/1")).has("result")).isTrue();
    assertThat(json(anonymous.subscribe(anonymousSession, "app://items/2")).has("result")).isTrue();
    assertThat(
            json(alice.subscribe(aliceSession, "app://items/3")).path("error").path("code").asInt())
        .isEqualTo(-32602);
    assertThat(
            json(anonymous.subscribe(anonymousSession, "app://items/4"))
                .path("error")
                .path("code")
                .asInt())
        .isEqualTo(-32602);
  }

  @Test
  void concurrentSubscribesOnOneSessionNeverPassTheLimit() throws Exception {
    int max = 5;
    start(McpFeature.builder().maxSubscriptionsPerSession(max));
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    String session = legacy.start();
    int threads = 16;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<JsonNode>> answers = new ArrayList<>();
    try {
      for (int i = 0; i < 40; i++) {
        String uri = "app://items/c" + i;
        answers.add(
            pool.submit(
                () -> {
                  go.await(10, TimeUnit.SECONDS);
                  return json(legacy.subscribe(session, uri));
                }));
      }
      go.countDown();
      int subscribed = 0;
      int refused = 0;
      for (Future<JsonNode> answer : answers) {
        JsonNode reply = answer.get(30, TimeUnit.SECONDS);
        if (reply.has("result")) {
          subscribed++;
        } else {
          assertThat(reply.path("error").path("data").path("limit").asText())
              .isEqualTo("maxSubscriptionsPerSession");
          refused++;
        }
      }
      assertThat(subscribed).isEqualTo(max);
      assertThat(refused).isEqualTo(40 - max);
      assertThat(WORK.stream().filter(w -> w.startsWith("watch "))).hasSize(max);
    } finally {
      pool.shutdownNow();
    }
  }

  // The size of listFrom collections

  private Mcp mcp() {
    return new Mcp(server.mcpUrl());
  }

  @Test
  void aCollectionLargerThanTheLimitFailsTheListNamingRouteValueAndSetting() throws Exception {
    members = 200; // 200 × {"id":"member-00000"} plus commas: 4401 bytes
    start(McpFeature.builder().maxListFromBytes(4096));

    JsonNode reply = json(mcp().call("resources/list", Map.of()));

    assertThat(reply.toString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":"
                + "\"Collection too large: listFrom /items of Routes.item answered 4401 bytes;"
                + " at most 4096 are allowed (setting maxListFromBytes)\","
                + "\"data\":{\"listFrom\":\"/items\",\"limit\":\"maxListFromBytes\","
                + "\"max\":4096}}}");
  }

  /**
   * The collection is never held whole: a route that writes more than a byte array can hold (over 2
   * GiB) still gets the clear error, counted, not an out-of-memory failure or an empty list.
   */
  @Test
  void aCollectionIsReadWithBoundedMemoryWhateverItsSize() throws Exception {
    hugeBytes = (1L << 31) + 1024;
    start(McpFeature.builder().maxListFromBytes(4096));

    JsonNode reply = json(mcp().call("resources/list", Map.of()));

    assertThat(reply.path("error").path("message").asText())
        .isEqualTo(
            "Collection too large: listFrom /items of Routes.item answered 2147484672 bytes;"
                + " at most 4096 are allowed (setting maxListFromBytes)");
  }

  @Test
  void aCollectionAtTheLimitIsListed() throws Exception {
    members = 186; // 186 × 21 + 185 + 2 = 4093 bytes
    start(McpFeature.builder().maxListFromBytes(4096).pageSize(1000));

    JsonNode reply = json(mcp().call("resources/list", Map.of()));

    assertThat(reply.path("result").path("resources")).hasSize(186);
  }

  @Test
  void completionFromATooLargeCollectionFailsTheSameWay() throws Exception {
    members = 200;
    start(McpFeature.builder().maxListFromBytes(4096));

    JsonNode reply =
        json(
            mcp()
                .call(
                    "completion/complete",
                    Map.of(
                        "ref", Map.of("type", "ref/resource", "uri", "app://items/{id}"),
                        "argument", Map.of("name", "id", "value", "m"))));

    assertThat(reply.path("error").path("code").asInt()).isEqualTo(-32603);
    assertThat(reply.path("error").path("data").path("limit").asText())
        .isEqualTo("maxListFromBytes");
  }

  @Test
  void aLegacyListIsRefusedTheSameWay() throws Exception {
    members = 200;
    start(McpFeature.builder().maxListFromBytes(4096));
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    String session = legacy.start();

    JsonNode reply = json(legacy.call(session, 9, "resources/list", Map.of()));

    assertThat(reply.path("error").path("message").asText())
        .isEqualTo(
            "Collection too large: listFrom /items of Routes.item answered 4401 bytes;"
                + " at most 4096 are allowed (setting maxListFromBytes)");
  }
}
