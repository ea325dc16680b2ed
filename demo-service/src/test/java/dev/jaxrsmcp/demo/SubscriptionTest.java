package dev.jaxrsmcp.demo;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.test.McpListen;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpTestClient;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Subscribing to widget state over MCP (modern {@code subscriptions/listen} and legacy {@code
 * resources/subscribe}): who is acknowledged, the sensor ticker's updates, updates from {@code
 * PUT}, and the ticker's end at shutdown.
 */
class SubscriptionTest {
  static final String STATE_3 = "app://widgets/3/state";
  static final String TEMPERATURE_3 = "app://widgets/3/state/temperature";

  DemoServer server;

  @BeforeEach
  void start() {
    server = DemoServer.start(0);
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** A modern listen stream on {@code server} for {@code uris}, as {@code authorization}. */
  static McpListen listen(DemoServer server, Optional<String> authorization, List<String> uris) {
    McpTestClient mcp = McpTestClient.modern(server.mcpUri());
    return authorization.map(mcp::as).orElse(mcp).listen(uris);
  }

  /**
   * The URI of the next message, which must be {@code notifications/resources/updated} (the kit
   * checks that it carries the listen's id as {@code io.modelcontextprotocol/subscriptionId}).
   */
  static String nextUpdated(McpListen stream) {
    JsonNode message = stream.awaitMessage();
    assertThat(message.path("method").asText()).isEqualTo("notifications/resources/updated");
    return message.path("params").path("uri").asText();
  }

  @Test
  void subscriberWithoutTokenIsAnswered401AsAReadIs() {
    try (McpListen stream = listen(server, Optional.empty(), List.of(STATE_3, TEMPERATURE_3))) {
      assertThat(stream.status()).isEqualTo(401);
      assertThat(stream.header("WWW-Authenticate"))
          .hasValueSatisfying(v -> assertThat(v).startsWith(BearerAuthFilter.CHALLENGE));
      assertThatThrownBy(stream::acknowledged)
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("but it answered HTTP 401");
    }
  }

  @Test
  void ownerHearsTheSensorTickerOnBothUrisOfWidget3() throws Exception {
    try (McpListen stream =
        listen(server, Optional.of(RestApiTest.OWNER), List.of(STATE_3, TEMPERATURE_3))) {
      assertThat(stream.acknowledged()).containsExactly(STATE_3, TEMPERATURE_3);

      Set<String> updated = new HashSet<>();
      while (updated.size() < 2) { // each tick notifies both; every 2 s, so this ends quickly
        updated.add(nextUpdated(stream));
      }
      assertThat(updated).containsExactlyInAnyOrder(STATE_3, TEMPERATURE_3);
    }
  }

  @Test
  void putNotifiesSubscribersOfTheStateAndOfTheChangedValueOnly() throws Exception {
    try (McpListen stream =
        listen(
            server,
            Optional.of(RestApiTest.VIEWER),
            List.of(
                "app://widgets/1/state",
                "app://widgets/1/state/mode",
                "app://widgets/1/state/online",
                "app://widgets/1/state/nope",
                "app://widgets/1/secrets",
                "app://widgets/2/state"))) {
      assertThat(stream.acknowledged())
          .as("unknown keys and non-subscribable resources are left out")
          .containsExactly(
              "app://widgets/1/state",
              "app://widgets/1/state/mode",
              "app://widgets/1/state/online",
              "app://widgets/2/state");

      given()
          .baseUri(server.baseUri().toString())
          .header("Authorization", RestApiTest.OWNER)
          .contentType("application/json")
          .body("\"cool\"")
          .put("/api/widgets/1/state/mode")
          .then()
          .statusCode(200);

      Set<String> updated = new HashSet<>(List.of(nextUpdated(stream), nextUpdated(stream)));
      assertThat(updated)
          .containsExactlyInAnyOrder("app://widgets/1/state", "app://widgets/1/state/mode");
      stream.assertNoMore(Duration.ofMillis(500));
    }
  }

  @Test
  void legacySessionWithoutTokenIsRefusedWithTheRoutes401() {
    try (McpTestClient anonymous = McpTestClient.legacy(server.mcpUri())) {
      anonymous.sessionId(); // initialize and notifications/initialized, each checked by the kit

      McpResponse refused = anonymous.subscribe(STATE_3);

      assertThat(refused)
          .hasStatus(401)
          .hasHeader(
              "WWW-Authenticate",
              "Bearer realm=\"widgets\", resource_metadata=\""
                  + server.baseUri().resolve(".well-known/oauth-protected-resource/mcp")
                  + "\"");
    }
  }

  @Test
  void legacyOwnerSessionHearsTheSensorTickerOnItsStream() throws Exception {
    try (McpTestClient owner = McpTestClient.legacy(server.mcpUri()).as(RestApiTest.OWNER);
        McpListen stream = owner.notifications()) {
      assertThat(owner.subscribe(TEMPERATURE_3)).hasStatus(200).succeeded();

      JsonNode updated = stream.awaitMessage();
      assertThat(updated.toString())
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\","
                  + "\"params\":{\"uri\":\"app://widgets/3/state/temperature\"}}");
    }
  }

  @Test
  void sensorTickerStopsWhenTheServerStops() {
    await().atMost(Duration.ofSeconds(10)).until(() -> sensorThreads() == 1);

    server.close();
    server = null;

    await().atMost(Duration.ofSeconds(10)).until(() -> sensorThreads() == 0);
  }

  private static long sensorThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals(SensorTicker.THREAD) && t.isAlive())
        .count();
  }
}
