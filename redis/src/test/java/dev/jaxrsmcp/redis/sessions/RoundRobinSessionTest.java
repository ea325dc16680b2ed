package dev.jaxrsmcp.redis.sessions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.redis.RedisServer;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.SseRecorder;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One legacy session served by three instances sharing a real Redis, each request sent to the next
 * instance in turn: nothing ties a session to the instance that started it.
 */
class RoundRobinSessionTest {
  static final String ALICE = "Bearer alice";

  RedisServer redis;
  Instances instances;

  @BeforeEach
  void start() throws Exception {
    SessionApp.seen.clear();
    redis = RedisServer.startOnFreePort();
    instances = Instances.start(redis.uri(), 3, settings -> settings);
    await().atMost(Duration.ofSeconds(20)).until(instances::connected);
  }

  @AfterEach
  void stop() throws Exception {
    if (instances != null) {
      instances.close();
    }
    redis.close();
  }

  private LegacyClient next(String authorization) {
    return new LegacyClient(instances.next().url(), authorization);
  }

  private static Map<String, String> sessionHeaders(String session, String authorization) {
    Map<String, String> headers = new HashMap<>();
    headers.put("Mcp-Session-Id", session);
    headers.put("MCP-Protocol-Version", LegacyClient.VERSION);
    headers.put("Authorization", authorization);
    return headers;
  }

  @Test
  void everyRequestOfOneSessionOnTheNextInstance() throws Exception {
    String session = next(ALICE).start(); // initialize and notifications/initialized on 0

    // a list on 1, a read on 2, ping on 0, logging/setLevel on 1
    assertThat(
            next(ALICE)
                .call(session, 2, "resources/templates/list", Map.of())
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("result.resourceTemplates.uriTemplate", String.class))
        .contains("app://items/{id}", "app://feeds/{name}");
    assertThat(
            next(ALICE)
                .call(session, 3, "resources/read", Map.of("uri", "app://items/7"))
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("result.contents[0].text"))
        .isEqualTo("{\"id\":\"7\"}");
    next(ALICE).call(session, 4, "ping", Map.of()).then().statusCode(200);
    next(ALICE)
        .call(session, 5, "logging/setLevel", Map.of("level", "warning"))
        .then()
        .statusCode(200);

    // The GET stream on 2, the subscription on 0, the change published on 1.
    SseRecorder stream = SseRecorder.get(instances.next().url(), sessionHeaders(session, ALICE));
    assertThat(stream.status()).isEqualTo(200);
    next(ALICE).subscribe(session, "app://items/7").then().statusCode(200);
    assertThat(instances.next().feature().changes().changed("app://items/7"))
        .as("the change is delivered on the instance holding the subscription, not this one")
        .isZero();
    JsonNode updated = stream.next();
    assertThat(updated.path("method").asText()).isEqualTo("notifications/resources/updated");
    assertThat(updated.path("params").path("uri").asText()).isEqualTo("app://items/7");

    // A long-running read on 2, cancelled from 0.
    Instances.Instance reading = instances.next();
    SseRecorder read =
        SseRecorder.post(
            reading.url(),
            sessionHeaders(session, ALICE),
            LegacyClient.body(
                    9,
                    "resources/read",
                    Map.of("uri", "app://feeds/one", "_meta", Map.of("progressToken", "p")))
                .toString());
    assertThat(read.next().path("method").asText()).isEqualTo("notifications/progress");
    next(ALICE)
        .call(session, null, "notifications/cancelled", Map.of("requestId", 9))
        .then()
        .statusCode(202);
    await().atMost(Duration.ofSeconds(10)).until(() -> SessionApp.seen.contains("cancelled one"));
    Optional<JsonNode> message;
    while ((message = read.nextOrEnd()).isPresent()) {
      assertThat(message.get().path("method").asText()).isEqualTo("notifications/progress");
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> reading.spoolFiles() == 0);

    // DELETE on 1; then the session is gone everywhere and its stream has ended.
    next(ALICE).delete(session).then().statusCode(204);
    stream.assertEnds();
    for (Instances.Instance instance : instances.all()) {
      new LegacyClient(instance.url(), ALICE)
          .call(session, 10, "ping", Map.of())
          .then()
          .statusCode(404);
    }
    assertThat(SessionApp.seen).containsExactly("cancelled one");
  }

  @Test
  void anotherCallersCredentialsAreRefusedOnEveryInstance() {
    String session = next(ALICE).start();

    for (Instances.Instance instance : instances.all()) {
      for (String other : java.util.Arrays.asList("Bearer bob", null)) {
        Response refused =
            new LegacyClient(instance.url(), other).call(session, 2, "ping", Map.of());
        assertThat(refused.statusCode()).as("%s on %s", other, instance.url()).isEqualTo(404);
      }
      new LegacyClient(instance.url(), ALICE)
          .call(session, 3, "ping", Map.of())
          .then()
          .statusCode(200);
    }
  }

  @Test
  void aRefreshedTokenOfTheSamePrincipalKeepsTheSession() {
    String session = next("Bearer alice-token1").start();

    for (Instances.Instance instance : instances.all()) {
      new LegacyClient(instance.url(), "Bearer alice-token2")
          .call(session, 2, "ping", Map.of())
          .then()
          .statusCode(200);
    }
  }

  @Test
  void deleteOnAnotherInstanceCancelsTheSessionsLongRunningReads() throws Exception {
    String session = next(ALICE).start();
    Instances.Instance reading = instances.next();
    try (SseRecorder read =
        SseRecorder.post(
            reading.url(),
            sessionHeaders(session, ALICE),
            LegacyClient.body(
                    3,
                    "resources/read",
                    Map.of("uri", "app://feeds/two", "_meta", Map.of("progressToken", "p")))
                .toString())) {
      assertThat(read.next().path("method").asText()).isEqualTo("notifications/progress");

      next(ALICE).delete(session).then().statusCode(204);

      await().atMost(Duration.ofSeconds(10)).until(() -> SessionApp.seen.contains("cancelled two"));
      Optional<JsonNode> message;
      while ((message = read.nextOrEnd()).isPresent()) {
        assertThat(message.get().path("method").asText()).isEqualTo("notifications/progress");
      }
      await().atMost(Duration.ofSeconds(10)).until(() -> reading.spoolFiles() == 0);
    }
  }

  @Test
  void aSecondStreamOnAnotherInstanceReplacesTheFirst() throws Exception {
    String session = next(ALICE).start();
    SseRecorder first = SseRecorder.get(instances.next().url(), sessionHeaders(session, ALICE));
    assertThat(first.status()).isEqualTo(200);
    SseRecorder second = SseRecorder.get(instances.next().url(), sessionHeaders(session, ALICE));
    assertThat(second.status()).isEqualTo(200);

    first.assertEnds();
    next(ALICE).subscribe(session, "app://items/3").then().statusCode(200);
    instances.get(0).feature().changes().changed("app://items/3");
    assertThat(second.next().path("params").path("uri").asText()).isEqualTo("app://items/3");
    second.close();
  }

  @Test
  void unsubscribeOnAnotherInstanceStopsTheSubscription() throws Exception {
    String session = next(ALICE).start();
    try (SseRecorder stream =
        SseRecorder.get(instances.next().url(), sessionHeaders(session, ALICE))) {
      next(ALICE).subscribe(session, "app://items/4").then().statusCode(200); // held by 2
      assertThat(instances.get(2).feature().changes().changed("app://items/4")).isEqualTo(1);
      assertThat(stream.next().path("params").path("uri").asText()).isEqualTo("app://items/4");

      next(ALICE).unsubscribe(session, "app://items/4").then().statusCode(200); // on 0

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> instances.get(2).feature().changes().changed("app://items/4") == 0);
      next(ALICE).subscribe(session, "app://items/5").then().statusCode(200); // held by 1
      instances.get(1).feature().changes().changed("app://items/5");
      JsonNode next = stream.next();
      while (next.path("params").path("uri").asText().equals("app://items/4")) {
        next = stream.next(); // sent while the unsubscribe was on its way to instance 2
      }
      assertThat(next.path("params").path("uri").asText()).isEqualTo("app://items/5");
      stream.assertExhausted(300);
    }
  }
}
