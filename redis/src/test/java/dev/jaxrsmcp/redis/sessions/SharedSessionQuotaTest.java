package dev.jaxrsmcp.redis.sessions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.redis.RedisServer;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.SseRecorder;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 31, finding 5, with sessions shared through Redis: at a caller's limit (on all instances
 * together) its least recently used session that went unused for half the idle timeout (here 3 s of
 * 6 s) is ended to make room, wherever it was made; one whose stream is open is renewed by its
 * instance and never ended; another caller's sessions are untouched.
 */
class SharedSessionQuotaTest {
  static final String ALICE = "Bearer alice";

  RedisServer redis;
  Instances instances;

  @BeforeEach
  void start() throws Exception {
    redis = RedisServer.startOnFreePort();
    instances =
        Instances.start(
            redis.uri(),
            2,
            settings ->
                settings
                    .maxSessionsPerCaller(2)
                    .sessionIdleTimeout(Duration.ofSeconds(6))
                    .keepAlive(Duration.ofMillis(500)));
    await().atMost(Duration.ofSeconds(20)).until(instances::connected);
  }

  @AfterEach
  void stop() throws Exception {
    if (instances != null) {
      instances.close();
    }
    redis.close();
  }

  private static int initialize(String url, String authorization) {
    return io.restassured.RestAssured.given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("Authorization", authorization)
        .body(
            LegacyClient.body(
                1,
                "initialize",
                Map.of("protocolVersion", LegacyClient.VERSION, "capabilities", Map.of())))
        .post(url)
        .statusCode();
  }

  private static int ping(String url, String session, String authorization) {
    return new LegacyClient(url, authorization).call(session, 5, "ping", Map.of()).statusCode();
  }

  @Test
  void theLeastRecentlyUsedIdleSessionMakesRoomOnEveryInstance() throws Exception {
    String a = instances.get(0).url();
    String b = instances.get(1).url();
    String streamed = new LegacyClient(a, ALICE).start();
    String idle = new LegacyClient(b, ALICE).start();
    String bobs = new LegacyClient(a, "Bearer bob").start();
    try (SseRecorder stream =
        SseRecorder.get(
            a,
            Map.of(
                "Mcp-Session-Id", streamed,
                "MCP-Protocol-Version", LegacyClient.VERSION,
                "Authorization", ALICE))) {
      assertThat(stream.status()).isEqualTo(200);
      // Until it has gone unused for half the idle timeout, no session of alice's may go.
      assertThat(initialize(b, ALICE)).isEqualTo(503);
      await()
          .pollInterval(Duration.ofMillis(200))
          .atMost(Duration.ofSeconds(20))
          .until(() -> ping(a, bobs, "Bearer bob") == 200 && initialize(b, ALICE) == 200);
      assertThat(ping(a, idle, ALICE)).as("the idle one made room").isEqualTo(404);
      assertThat(ping(b, streamed, ALICE)).as("the one in use stays").isEqualTo(200);
      assertThat(ping(b, bobs, "Bearer bob")).isEqualTo(200);
    }
  }
}
