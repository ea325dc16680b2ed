package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ModernListenTest {
  static final List<String> watcherLog = new CopyOnWriteArrayList<>();

  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{\"id\":\"" + id + "\"}";
    }

    @GET
    @Path("/{id}/plain")
    @Produces("text/plain")
    @McpResource(uri = "app://items/{id}/plain")
    public String plain(@PathParam("id") String id) {
      return id;
    }

    @PUT
    @Path("/{id}")
    public void put(@PathParam("id") String id, @Context McpChanges changes) {
      changes.changed("app://items/" + id);
    }
  }

  /** Only "Bearer ok" may read item "secret"; everyone may read the rest. */
  public static class SecretFilter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (request.getUriInfo().getPath().equals("items/secret")
          && !"Bearer ok".equals(request.getHeaderString("Authorization"))) {
        request.abortWith(Response.status(403).build());
      }
    }
  }

  private TestServer server;
  private McpFeature feature;

  private void start(McpFeature.Builder builder) {
    start(builder, Time.system());
  }

  /** Starts the server with its timed work (keep-alives, listen timeouts) on {@code time}. */
  private void start(McpFeature.Builder builder, Time time) {
    feature =
        builder
            .watch(
                "app://items/{id}",
                target -> {
                  watcherLog.add("start " + target.uri());
                  return () -> watcherLog.add("stop " + target.uri());
                })
            .build();
    server =
        TestServer.start(
            new ResourceConfig(Items.class, SecretFilter.class)
                .register(feature)
                .property(Time.PROPERTY, time));
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    watcherLog.clear();
  }

  private SseRecorder listen(Object id, Map<String, ?> notifications, String authorization)
      throws Exception {
    Map<String, String> headers =
        new java.util.HashMap<>(
            Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"));
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    String body =
        Mcp.body(id, "subscriptions/listen", Map.of("notifications", notifications)).toString();
    return SseRecorder.post(server.mcpUrl(), headers, body);
  }

  @Test
  void acknowledgesHonouredSubsetFirstLeavingOutUnreadableAndUnsubscribableUris() throws Exception {
    start(McpFeature.builder());
    try (SseRecorder stream =
        listen(
            7,
            Map.of(
                "resourceSubscriptions",
                List.of("app://items/a", "app://items/secret", "app://items/a/plain", "app://x/y"),
                "promptsListChanged",
                true),
            "Bearer viewer")) {
      assertThat(stream.status()).isEqualTo(200);
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      assertThat(stream.header("X-Accel-Buffering")).isEqualTo("no");

      JsonNode ack = stream.next();
      assertThat(ack.toString())
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/acknowledged\","
                  + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":7},"
                  + "\"notifications\":{\"resourceSubscriptions\":[\"app://items/a\"]}}}");
      assertThat(watcherLog).containsExactly("start app://items/a");
    }
  }

  @Test
  void pushedChangeReachesTheSubscriberTaggedWithItsId() throws Exception {
    start(McpFeature.builder());
    try (SseRecorder stream =
        listen("sub-1", Map.of("resourceSubscriptions", List.of("app://items/a")), null)) {
      stream.next(); // acknowledgement

      assertThat(feature.changes().changed("app://items/a")).isEqualTo(1);

      JsonNode updated = stream.next();
      assertThat(updated.path("method").asText()).isEqualTo("notifications/resources/updated");
      assertThat(updated.path("params").path("uri").asText()).isEqualTo("app://items/a");
      assertThat(
              updated.path("params").path("_meta").path("io.modelcontextprotocol/subscriptionId"))
          .hasToString("\"sub-1\"");
      assertThat(feature.changes().changed("app://items/b")).isZero();
      stream.assertExhausted(500);
    }
  }

  @Test
  void aBurstOfFiftyChangesGivesOneNotificationAtOnceAndOneAfterTheLast() throws Exception {
    start(McpFeature.builder().debounce(Duration.ofMillis(300)));
    try (SseRecorder stream =
        listen(1, Map.of("resourceSubscriptions", List.of("app://items/a")), null)) {
      stream.next(); // acknowledgement

      for (int i = 0; i < 50; i++) {
        feature.changes().changed("app://items/a");
      }

      assertThat(stream.next().path("params").path("uri").asText()).isEqualTo("app://items/a");
      assertThat(stream.next().path("params").path("uri").asText()).isEqualTo("app://items/a");
      stream.assertExhausted(900);
    }
  }

  @Test
  void injectedChangesFromAResourceMethodNotify() throws Exception {
    start(McpFeature.builder());
    try (SseRecorder stream =
        listen(1, Map.of("resourceSubscriptions", List.of("app://items/a")), null)) {
      stream.next();

      io.restassured.RestAssured.given().put(server.baseUri() + "items/a").then().statusCode(204);

      assertThat(stream.next().path("params").path("uri").asText()).isEqualTo("app://items/a");
    }
  }

  @Test
  void listChangesAreSentOnlyWhenRequested() throws Exception {
    start(McpFeature.builder());
    try (SseRecorder lists = listen(1, Map.of("resourcesListChanged", true), null);
        SseRecorder items =
            listen(2, Map.of("resourceSubscriptions", List.of("app://items/a")), null)) {
      assertThat(lists.next().path("params").path("notifications").toString())
          .isEqualTo("{\"resourcesListChanged\":true}");
      items.next();

      assertThat(feature.changes().listChanged()).isEqualTo(1);

      JsonNode changed = lists.next();
      assertThat(changed.path("method").asText()).isEqualTo("notifications/resources/list_changed");
      items.assertExhausted(300);
    }
  }

  @Test
  void nothingWatchableEndsTheStreamAfterTheAcknowledgement() throws Exception {
    start(McpFeature.builder());
    try (SseRecorder stream =
        listen(3, Map.of("resourceSubscriptions", List.of("app://nothing/here")), null)) {
      assertThat(stream.next().path("method").asText())
          .isEqualTo("notifications/subscriptions/acknowledged");
      JsonNode completion = stream.next();
      assertThat(completion.path("id").asInt()).isEqualTo(3);
      assertThat(completion.path("result").path("resultType").asText()).isEqualTo("complete");
      stream.assertEnds();
    }
  }

  /** On virtual time: a keep-alive at 100 ms and 200 ms, none before either. */
  @Test
  void keepAliveCommentsFlowOnAQuietStream() throws Exception {
    VirtualTime time = new VirtualTime();
    start(McpFeature.builder().keepAlive(Duration.ofMillis(100)), time);
    try (SseRecorder stream =
        listen(1, Map.of("resourceSubscriptions", List.of("app://items/a")), null)) {
      stream.next();
      stream.forgetComments();
      time.advanceTo(Duration.ofMillis(99));
      stream.assertNoComment(200);
      time.advanceTo(Duration.ofMillis(100));
      assertThat(stream.nextComment()).isEqualTo(": keep-alive");
      time.advanceTo(Duration.ofMillis(199));
      stream.assertNoComment(200);
      time.advanceTo(Duration.ofMillis(200));
      assertThat(stream.nextComment()).isEqualTo(": keep-alive");
    }
  }

  @Test
  void disconnectStopsTheWatcher() throws Exception {
    start(McpFeature.builder().keepAlive(Duration.ofMillis(100)));
    SseRecorder stream = listen(1, Map.of("resourceSubscriptions", List.of("app://items/a")), null);
    stream.next();
    assertThat(watcherLog).containsExactly("start app://items/a");

    stream.close();

    await().atMost(Duration.ofSeconds(10)).until(() -> watcherLog.contains("stop app://items/a"));
    assertThat(feature.changes().changed("app://items/a")).isZero();
  }

  /** On virtual time: the stream is open at 299 ms and completed at 300 ms. */
  @Test
  void listenTimeoutEndsTheStreamWithTheCompletionResult() throws Exception {
    VirtualTime time = new VirtualTime();
    start(McpFeature.builder().listenTimeout(Duration.ofMillis(300)), time);
    try (SseRecorder stream =
        listen(5, Map.of("resourceSubscriptions", List.of("app://items/a")), null)) {
      stream.next();
      time.advanceTo(Duration.ofMillis(299));
      stream.assertExhausted(200);
      time.advanceTo(Duration.ofMillis(300));
      JsonNode completion = stream.next();
      assertThat(completion.path("id").asInt()).isEqualTo(5);
      assertThat(
              completion
                  .path("result")
                  .path("_meta")
                  .path("io.modelcontextprotocol/subscriptionId")
                  .asInt())
          .isEqualTo(5);
      stream.assertEnds();
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> watcherLog.contains("stop app://items/a"));
  }

  @Test
  void shutdownSendsTheCompletionResultAndEndsTheStream() throws Exception {
    start(McpFeature.builder());
    try (SseRecorder stream =
        listen(9, Map.of("resourceSubscriptions", List.of("app://items/a")), null)) {
      stream.next();

      Thread closer = new Thread(server::close);
      closer.start();

      JsonNode completion = stream.next();
      assertThat(completion.path("id").asInt()).isEqualTo(9);
      stream.assertEnds();
      closer.join(10_000);
      server = null;
    }
  }

  @Test
  void tooManyUrisAreRefusedBeforeAnythingIsWatched() throws Exception {
    start(McpFeature.builder().maxListenUris(2));
    try (SseRecorder stream =
        listen(
            4,
            Map.of(
                "resourceSubscriptions",
                List.of("app://items/a", "app://items/b", "app://items/c")),
            null)) {
      assertThat(stream.status()).isEqualTo(200);
      assertThat(stream.header("Content-Type")).startsWith("application/json");
      assertThat(watcherLog).isEmpty();
    }
  }

  @Test
  void concurrentListenLimitIsEnforced() throws Exception {
    start(McpFeature.builder().maxConcurrentListens(1));
    try (SseRecorder first =
            listen(1, Map.of("resourceSubscriptions", List.of("app://items/a")), null);
        SseRecorder second =
            listen(2, Map.of("resourceSubscriptions", List.of("app://items/b")), null)) {
      first.next();
      assertThat(second.status()).isEqualTo(503);
      assertThat(watcherLog).containsExactly("start app://items/a");
    }
  }
}
