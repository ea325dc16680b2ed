package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.redis.RedisChangeBus;
import dev.jaxrsmcp.redis.RedisServer;
import dev.jaxrsmcp.test.McpListen;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two demo instances on two ports sharing one real Redis: a change served by one reaches a
 * subscriber held by the other.
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
    a = DemoServer.start(0, busA);
    b = DemoServer.start(0, busB);
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
}
