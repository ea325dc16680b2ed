package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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

  static SseRecorder listen(DemoServer server, String authorization, List<String> uris)
      throws Exception {
    Map<String, String> headers = new HashMap<>();
    headers.put("MCP-Protocol-Version", Mcp.VERSION);
    headers.put("Mcp-Method", "subscriptions/listen");
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    String body =
        Mcp.body(
                "live",
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", uris)))
            .toString();
    return SseRecorder.post(server.mcpUri().toString(), headers, body);
  }

  static List<String> acknowledged(JsonNode acknowledgement) {
    assertThat(acknowledgement.path("method").asText())
        .isEqualTo("notifications/subscriptions/acknowledged");
    List<String> uris = new java.util.ArrayList<>();
    acknowledgement
        .path("params")
        .path("notifications")
        .path("resourceSubscriptions")
        .forEach(u -> uris.add(u.asText()));
    return uris;
  }

  /** The URI of the next {@code notifications/resources/updated}. */
  static String nextUpdated(SseRecorder stream) throws InterruptedException {
    JsonNode message = stream.next();
    assertThat(message.path("method").asText()).isEqualTo("notifications/resources/updated");
    assertThat(message.path("params").path("_meta").path("io.modelcontextprotocol/subscriptionId"))
        .hasToString("\"live\"");
    return message.path("params").path("uri").asText();
  }

  @Test
  void subscriberWithoutTokenHasNothingAcknowledgedAndTheStreamEnds() throws Exception {
    try (SseRecorder stream = listen(server, null, List.of(STATE_3, TEMPERATURE_3))) {
      assertThat(acknowledged(stream.next())).isEmpty();
      JsonNode completion = stream.next();
      assertThat(completion.path("result").path("resultType").asText()).isEqualTo("complete");
      stream.assertEnds();
    }
  }

  @Test
  void ownerHearsTheSensorTickerOnBothUrisOfWidget3() throws Exception {
    try (SseRecorder stream = listen(server, RestApiTest.OWNER, List.of(STATE_3, TEMPERATURE_3))) {
      assertThat(acknowledged(stream.next())).containsExactly(STATE_3, TEMPERATURE_3);

      Set<String> updated = new HashSet<>();
      while (updated.size() < 2) { // each tick notifies both; every 2 s, so this ends quickly
        updated.add(nextUpdated(stream));
      }
      assertThat(updated).containsExactlyInAnyOrder(STATE_3, TEMPERATURE_3);
    }
  }

  @Test
  void putNotifiesSubscribersOfTheStateAndOfTheChangedValueOnly() throws Exception {
    try (SseRecorder stream =
        listen(
            server,
            RestApiTest.VIEWER,
            List.of(
                "app://widgets/1/state",
                "app://widgets/1/state/mode",
                "app://widgets/1/state/online",
                "app://widgets/1/state/nope",
                "app://widgets/1/secrets",
                "app://widgets/2/state"))) {
      assertThat(acknowledged(stream.next()))
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
      stream.assertExhausted(500);
    }
  }

  @Test
  void legacySessionWithoutTokenIsRefusedWithTheRoutes401() {
    LegacyClient anonymous = new LegacyClient(server.mcpUri().toString());
    String session = anonymous.start();

    Response refused = anonymous.subscribe(session, STATE_3);

    assertThat(refused.statusCode()).isEqualTo(401);
    assertThat(refused.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"widgets\"");
  }

  @Test
  void legacyOwnerSessionHearsTheSensorTickerOnItsStream() throws Exception {
    LegacyClient owner = new LegacyClient(server.mcpUri().toString(), RestApiTest.OWNER);
    String session = owner.start();
    try (SseRecorder stream = owner.stream(session)) {
      owner.subscribe(session, TEMPERATURE_3).then().statusCode(200);

      JsonNode updated = stream.next();
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
