package dev.jaxrsmcp.redis.sessions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.redis.RedisServer;
import dev.jaxrsmcp.testing.LegacyClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Redis goes away and comes back: a session an instance knows keeps working there, a new session
 * (or a session the instance does not know) is refused at once with HTTP 503, and recovery needs
 * nothing; the outage and the recovery are logged once per instance.
 */
class SessionOutageTest {
  static final String ALICE = "Bearer alice";

  /** Held, so the logger (and the handler on it) is not collected during the test. */
  private static final Logger REDIS_LOG = Logger.getLogger("dev.jaxrsmcp.redis");

  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  final List<LogRecord> logged = new CopyOnWriteArrayList<>();
  final Handler recorder =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          logged.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };
  RedisServer redis;
  Instances instances;

  @BeforeEach
  void start() throws Exception {
    REDIS_LOG.addHandler(recorder);
    redis = RedisServer.startOnFreePort();
    instances = Instances.start(redis.uri(), 2, settings -> settings);
    await().atMost(Duration.ofSeconds(20)).until(instances::connected);
  }

  @AfterEach
  void stop() throws Exception {
    REDIS_LOG.removeHandler(recorder);
    if (instances != null) {
      instances.close();
    }
    redis.close();
  }

  /** An initialize that must be answered within 20 s (a hang fails the test). */
  static HttpResponse<String> initialize(String url) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("Authorization", ALICE)
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    LegacyClient.body(
                        1,
                        "initialize",
                        Map.of(
                            "protocolVersion",
                            LegacyClient.VERSION,
                            "capabilities",
                            Map.of(),
                            "clientInfo",
                            Map.of("name", "outage-test", "version", "1")))))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void knownSessionsKeepWorkingNewOnesAreRefusedAndRecoveryIsAutomatic() throws Exception {
    Instances.Instance a = instances.get(0);
    Instances.Instance b = instances.get(1);
    String session = new LegacyClient(a.url(), ALICE).start();
    new LegacyClient(b.url(), ALICE).call(session, 2, "ping", Map.of()).then().statusCode(200);
    String where =
        "Redis at " + URI.create(redis.uri()).getHost() + ":" + URI.create(redis.uri()).getPort();

    redis.stop();
    await().atMost(Duration.ofSeconds(10)).until(() -> !a.bus().isConnected());

    new LegacyClient(a.url(), ALICE)
        .call(session, 3, "resources/read", Map.of("uri", "app://items/1"))
        .then()
        .statusCode(200);
    HttpResponse<String> refused = initialize(a.url());
    assertThat(refused.statusCode()).isEqualTo(503);
    assertThat(refused.headers().firstValue("Retry-After")).contains("5");
    assertThat(refused.headers().firstValue("Mcp-Session-Id")).isEmpty();
    assertThat(refused.body())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"Service"
                + " Unavailable: the session store ("
                + where
                + ") cannot be reached, so no new session can start; try again later\"}}");
    new LegacyClient(b.url(), ALICE)
        .call(session, 4, "ping", Map.of())
        .then()
        .statusCode(200); // b served it before: it knows it too
    String unknown = "AAAAAAAAAAAAAAAAAAAAAA";
    new LegacyClient(a.url(), ALICE)
        .call(unknown, 5, "ping", Map.of())
        .then()
        .statusCode(503)
        .header("Retry-After", "5");

    redis.start();
    await().atMost(Duration.ofSeconds(30)).until(instances::connected);
    await().atMost(Duration.ofSeconds(30)).until(() -> initialize(a.url()).statusCode() == 200);
    String fresh = initialize(b.url()).headers().firstValue("Mcp-Session-Id").orElseThrow();
    new LegacyClient(a.url(), ALICE).call(fresh, 6, "ping", Map.of()).then().statusCode(200);

    assertThat(logged.stream().filter(r -> r.getMessage().contains("is unavailable")).count())
        .as("one outage message per instance")
        .isEqualTo(2);
    assertThat(logged.stream().filter(r -> r.getMessage().contains("is available again")).count())
        .as("one recovery message per instance")
        .isEqualTo(2);
  }
}
