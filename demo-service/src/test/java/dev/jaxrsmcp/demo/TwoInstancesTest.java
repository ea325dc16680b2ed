package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.redis.RedisChangeBus;
import dev.jaxrsmcp.redis.RedisServer;
import dev.jaxrsmcp.test.McpListen;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TaskClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two demo instances on two ports sharing one real Redis, as {@code REDIS_URL} makes them share it:
 * a change served by one reaches a subscriber held by the other, and a legacy session started on
 * one is served by both.
 */
class TwoInstancesTest {
  RedisServer redis;
  RedisChangeBus busA;
  RedisChangeBus busB;
  DemoServer a;
  DemoServer b;

  @BeforeEach
  void start() throws Exception {
    redis = RedisServer.startOnFreePort();
    busA = (RedisChangeBus) DemoServer.redis(redis.uri());
    busB = (RedisChangeBus) DemoServer.redis(redis.uri());
    a = DemoServer.start(0, busA, DemoServer.redisTasks(redis.uri()));
    b = DemoServer.start(0, busB, DemoServer.redisTasks(redis.uri()));
    await().atMost(Duration.ofSeconds(20)).until(() -> busA.isConnected() && busB.isConnected());
  }

  @AfterEach
  void stop() throws Exception {
    if (a != null) {
      a.close();
    }
    if (b != null) {
      b.close();
    }
    redis.close();
  }

  /**
   * Issue 31, finding 10: with Redis the demo shared sessions and changes but not tasks; a task
   * made on one instance was unknown to the other. Now it is polled to its result and cancelled on
   * either, and stays invisible to every other caller on both.
   */
  @Test
  void aTaskMadeOnOneInstanceIsPolledAndCancelledOnTheOther() {
    TaskClient viewerOnA = new TaskClient(a.mcpUri().toString(), Optional.of(RestApiTest.VIEWER));
    TaskClient viewerOnB = new TaskClient(b.mcpUri().toString(), Optional.of(RestApiTest.VIEWER));
    String quick =
        viewerOnA.call("output", Map.of("id", 1, "seconds", 1)).at("/result/taskId").asText();
    assertThat(quick).isNotEmpty();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> viewerOnB.status(quick), "completed"::equals);
    assertThat(viewerOnB.get(quick).at("/result/result/content/0/text").asText())
        .startsWith("second 1: {");

    String slow =
        viewerOnA.call("output", Map.of("id", 1, "seconds", 300)).at("/result/taskId").asText();
    assertThat(viewerOnB.status(slow)).isEqualTo("working");
    assertThat(viewerOnB.cancel(slow).at("/result/resultType").asText()).isEqualTo("complete");
    await().atMost(Duration.ofSeconds(10)).until(() -> viewerOnA.status(slow), "cancelled"::equals);

    for (DemoServer instance : List.of(a, b)) {
      for (Optional<String> other :
          List.of(Optional.of(RestApiTest.OWNER), Optional.<String>empty())) {
        TaskClient someoneElse = new TaskClient(instance.mcpUri().toString(), other);
        assertThat(someoneElse.get(quick).at("/error/code").asInt())
            .as("%s", other)
            .isEqualTo(-32602);
        assertThat(someoneElse.cancel(slow).at("/error/code").asInt()).isEqualTo(-32602);
      }
    }
  }

  @Test
  void busUsesTheDemoChannel() {
    assertThat(busA.channel()).isEqualTo("widgets-demo:changes");
  }

  @Test
  void putOnOneInstanceNotifiesASubscriberOnTheOther() throws Exception {
    try (McpListen onA =
        SubscriptionTest.listen(
            a, Optional.of(RestApiTest.VIEWER), List.of("app://widgets/2/state/locked"))) {
      assertThat(onA.acknowledged()).containsExactly("app://widgets/2/state/locked");

      given()
          .baseUri(b.baseUri().toString())
          .header("Authorization", RestApiTest.OWNER)
          .contentType("application/json")
          .body("false")
          .put("/api/widgets/2/state/locked")
          .then()
          .statusCode(200);

      assertThat(SubscriptionTest.nextUpdated(onA)).isEqualTo("app://widgets/2/state/locked");
      onA.assertNoMore(Duration.ofMillis(500));
    }
  }

  @Test
  void bothInstancesServeOneSession() throws Exception {
    LegacyClient onA = new LegacyClient(a.mcpUri().toString(), RestApiTest.VIEWER);
    LegacyClient onB = new LegacyClient(b.mcpUri().toString(), RestApiTest.VIEWER);
    String session = onA.start();
    onB.call(session, 2, "resources/read", Map.of("uri", "app://widgets/2/state/locked"))
        .then()
        .statusCode(200);

    try (SseRecorder stream = onB.stream(session)) {
      onA.subscribe(session, "app://widgets/2/state/locked").then().statusCode(200);
      given()
          .baseUri(a.baseUri().toString())
          .header("Authorization", RestApiTest.OWNER)
          .contentType("application/json")
          .body("false")
          .put("/api/widgets/2/state/locked")
          .then()
          .statusCode(200);
      assertThat(stream.next().path("params").path("uri").asText())
          .isEqualTo("app://widgets/2/state/locked");

      onB.delete(session).then().statusCode(204);
      stream.assertEnds();
    }
    onA.call(session, 3, "ping", Map.of()).then().statusCode(404);
    onB.call(session, 4, "ping", Map.of()).then().statusCode(404);
  }
}
