package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Legacy {@code resources/subscribe} and {@code resources/unsubscribe}: notifications on the
 * session's GET stream, errors of the read, cleanup when the session ends, and modern and legacy
 * subscribers of one URI side by side.
 */
class LegacySubscribeTest {
  static final String A = "app://items/a";

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
  }

  /** Item "secret" needs "Bearer ok" (403 otherwise); item "locked" always answers 401. */
  public static class Guard implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      String path = request.getUriInfo().getPath();
      if (path.equals("items/secret")
          && !"Bearer ok".equals(request.getHeaderString("Authorization"))) {
        request.abortWith(
            jakarta.ws.rs.core.Response.status(403)
                .type("text/plain")
                .entity("owners only")
                .build());
      } else if (path.equals("items/locked")) {
        request.abortWith(
            jakarta.ws.rs.core.Response.status(401)
                .header("WWW-Authenticate", "Bearer realm=\"items\"")
                .build());
      }
    }
  }

  private final List<String> watcherLog = new CopyOnWriteArrayList<>();
  private TestServer server;
  private McpFeature feature;
  private LegacyClient legacy;

  private void start(McpFeature.Builder builder) {
    start(builder, Time.system());
  }

  private void start(McpFeature.Builder builder, Time time) {
    feature =
        builder
            .debounce(Duration.ZERO)
            .watch(
                "app://items/{id}",
                target -> {
                  watcherLog.add("start " + target.uri());
                  return () -> watcherLog.add("stop " + target.uri());
                })
            .build();
    server =
        TestServer.start(
            new ResourceConfig(Items.class, Guard.class)
                .register(feature)
                .property(Time.PROPERTY, time));
    legacy = new LegacyClient(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void initializeAdvertisesSubscribeAndListChangedExactlyAsServerDiscoverDoes() {
    start(McpFeature.builder());
    Map<String, Object> discovered =
        new Mcp(server.mcpUrl())
            .call("server/discover", Map.of())
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getMap("result.capabilities");

    Map<String, Object> legacyCapabilities = legacy.capabilities();

    assertThat(legacyCapabilities.get("resources"))
        .isEqualTo(Map.of("subscribe", true, "listChanged", true))
        .isEqualTo(discovered.get("resources"));
  }

  @Test
  void subscribedSessionGetsUpdatesOnItsStreamWithoutSubscriptionId() throws Exception {
    start(McpFeature.builder());
    String session = legacy.start();
    try (SseRecorder stream = legacy.stream(session)) {
      assertThat(stream.status()).isEqualTo(200);

      Response subscribed = legacy.subscribe(session, A);
      assertThat(subscribed.asString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
      assertThat(watcherLog).containsExactly("start " + A);

      assertThat(feature.changes().changed(A)).isEqualTo(1);

      assertThat(stream.next().toString())
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\","
                  + "\"params\":{\"uri\":\"app://items/a\"}}");
      stream.assertExhausted(300);
    }
  }

  @Test
  void subscribeAndUnsubscribeAreIdempotent() throws Exception {
    start(McpFeature.builder());
    String session = legacy.start();
    try (SseRecorder stream = legacy.stream(session)) {
      legacy.subscribe(session, A).then().statusCode(200);
      legacy.subscribe(session, A).then().statusCode(200);
      assertThat(feature.changes().changed(A)).isEqualTo(1);
      stream.next();
      stream.assertExhausted(300);

      assertThat(legacy.unsubscribe(session, A).asString())
          .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}");
      assertThat(legacy.unsubscribe(session, A).asString())
          .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}");
      assertThat(legacy.unsubscribe(session, "app://items/never").asString())
          .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}");

      assertThat(watcherLog).containsExactly("start " + A, "stop " + A);
      assertThat(feature.changes().changed(A)).isZero();
      stream.assertExhausted(300);
    }
  }

  @Test
  void forbiddenUriIsRefusedWithTheReadsError() {
    start(McpFeature.builder());
    String session = legacy.start();

    Response refused = legacy.subscribe(session, "app://items/secret");

    assertThat(refused.statusCode()).isEqualTo(200);
    assertThat(refused.asString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32602,"
                + "\"message\":\"403 Forbidden: owners only\","
                + "\"data\":{\"status\":403,\"uri\":\"app://items/secret\"}}}");
    assertThat(watcherLog).isEmpty();
    assertThat(feature.changes().changed("app://items/secret")).isZero();
  }

  @Test
  void unauthenticatedUriIsRefusedWithHttp401AndTheRoutesChallenge() {
    start(McpFeature.builder());
    String session = legacy.start();

    Response refused = legacy.subscribe(session, "app://items/locked");

    assertThat(refused.statusCode()).isEqualTo(401);
    assertThat(refused.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"items\"");
    assertThat(refused.jsonPath().getString("error.message"))
        .isEqualTo("401 Unauthorized: authentication required");
    assertThat(watcherLog).isEmpty();
  }

  @Test
  void unknownUriIsResourceNotFound() {
    start(McpFeature.builder());
    String session = legacy.start();

    Response refused = legacy.subscribe(session, "app://nothing/here");

    assertThat(refused.jsonPath().getInt("error.code")).isEqualTo(-32002);
    assertThat(refused.jsonPath().getString("error.message")).isEqualTo("Resource not found");
    assertThat(refused.jsonPath().getString("error.data.uri")).isEqualTo("app://nothing/here");
  }

  @Test
  void resourceThatIsNotSubscribableIsRefused() {
    start(McpFeature.builder());
    String session = legacy.start();

    Response refused = legacy.subscribe(session, "app://items/a/plain");

    assertThat(refused.jsonPath().getInt("error.code")).isEqualTo(-32602);
    assertThat(refused.jsonPath().getString("error.message"))
        .isEqualTo("Invalid params: resource 'app://items/a/plain' does not support subscriptions");
  }

  @Test
  void uriThatIsNotAStringIsInvalidParams() {
    start(McpFeature.builder());
    String session = legacy.start();

    Response refused = legacy.call(session, 5, "resources/unsubscribe", Map.of("uri", 7));

    assertThat(refused.jsonPath().getInt("error.code")).isEqualTo(-32602);
    assertThat(refused.jsonPath().getString("error.message"))
        .isEqualTo(
            "Invalid params: 'uri' must be a string (found 7) for method resources/unsubscribe");
  }

  @Test
  void sessionWithAStreamHearsListChanges() throws Exception {
    start(McpFeature.builder());
    String session = legacy.start();
    try (SseRecorder stream = legacy.stream(session)) {
      await().atMost(Duration.ofSeconds(10)).until(() -> feature.changes().listChanged() == 1);

      assertThat(stream.next().toString())
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/list_changed\","
                  + "\"params\":{}}");
    }
  }

  @Test
  void deleteDropsTheSessionsSubscriptionsAndStopsItsWatchers() throws Exception {
    start(McpFeature.builder());
    String session = legacy.start();
    SseRecorder stream = legacy.stream(session);
    legacy.subscribe(session, A).then().statusCode(200);
    legacy.subscribe(session, "app://items/b").then().statusCode(200);

    legacy.delete(session).then().statusCode(204);

    stream.assertEnds();
    assertThat(watcherLog)
        .containsExactlyInAnyOrder(
            "start " + A, "start app://items/b", "stop " + A, "stop app://items/b");
    assertThat(feature.changes().changed(A)).isZero();
    assertThat(feature.changes().listChanged()).isZero();
  }

  /**
   * On virtual time: the store sweeps every half of its shortest interval (here the 200 ms idle
   * timeout), so a session idle since 0 is still there at its timeout and gone, its watchers
   * stopped, by the first sweep after it (300 ms).
   */
  @Test
  void idleExpiryDropsTheSessionsSubscriptions() {
    VirtualTime time = new VirtualTime();
    start(McpFeature.builder().sessionIdleTimeout(Duration.ofMillis(200)), time);
    String session = legacy.start();
    legacy.subscribe(session, A).then().statusCode(200); // no stream open: the session may expire

    time.advanceTo(Duration.ofMillis(200));
    assertThat(watcherLog).containsExactly("start " + A);
    time.advanceTo(Duration.ofMillis(300));
    await().atMost(Duration.ofSeconds(10)).until(() -> watcherLog.contains("stop " + A));
    assertThat(feature.changes().changed(A)).isZero();
  }

  @Test
  void shutdownDropsEverySessionsSubscriptions() throws Exception {
    start(McpFeature.builder());
    String session = legacy.start();
    try (SseRecorder stream = legacy.stream(session)) {
      legacy.subscribe(session, A).then().statusCode(200);

      server.close();
      server = null;

      stream.assertEnds();
      assertThat(watcherLog).containsExactly("start " + A, "stop " + A);
    }
  }

  @Test
  void modernAndLegacySubscribersOfOneUriAreToldTogetherAndShareOneWatcher() throws Exception {
    start(McpFeature.builder().keepAlive(Duration.ofMillis(100)));
    String session = legacy.start();
    try (SseRecorder sessionStream = legacy.stream(session);
        SseRecorder listen =
            SseRecorder.post(
                server.mcpUrl(),
                Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
                Mcp.body(
                        "modern",
                        "subscriptions/listen",
                        Map.of("notifications", Map.of("resourceSubscriptions", List.of(A))))
                    .toString())) {
      listen.next(); // acknowledgement
      legacy.subscribe(session, A).then().statusCode(200);

      assertThat(feature.changes().changed(A)).isEqualTo(2);

      JsonNode modern = listen.next();
      assertThat(modern.path("params").path("uri").asText()).isEqualTo(A);
      assertThat(modern.path("params").path("_meta").path("io.modelcontextprotocol/subscriptionId"))
          .hasToString("\"modern\"");
      JsonNode old = sessionStream.next();
      assertThat(old.path("params").path("uri").asText()).isEqualTo(A);
      assertThat(old.path("params").has("_meta")).isFalse();
      assertThat(watcherLog).containsExactly("start " + A);

      legacy.delete(session).then().statusCode(204);

      assertThat(feature.changes().changed(A)).isEqualTo(1);
      assertThat(listen.next().path("params").path("uri").asText()).isEqualTo(A);
      assertThat(watcherLog).containsExactly("start " + A);
    }
    await().atMost(Duration.ofSeconds(20)).until(() -> watcherLog.contains("stop " + A));
  }
}
