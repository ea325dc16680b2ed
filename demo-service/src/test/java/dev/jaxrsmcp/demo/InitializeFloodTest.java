package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.LegacyClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A flood of bare, unauthenticated {@code initialize} calls cannot lock real clients out of the
 * legacy era: the flood shares the one anonymous bucket ({@code maxAnonymousSessions}), where its
 * oldest idle sessions make room for its newest, a client with credentials still gets a session of
 * its own at once, and the flood's sessions, never confirmed, expire within seconds.
 */
class InitializeFloodTest {
  static final int FLOOD = 1_200;
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  DemoServer demo;

  @BeforeEach
  void start() {
    demo = DemoServer.start(0);
  }

  @AfterEach
  void stop() {
    demo.close();
  }

  HttpResponse<String> initialize() throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(demo.mcpUri())
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    LegacyClient.body(
                        1,
                        "initialize",
                        Map.of("protocolVersion", LegacyClient.VERSION, "capabilities", Map.of()))))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aFloodOfAnonymousInitializeCallsLeavesRoomForRealClients() throws Exception {
    int bucket = McpFeature.builder().build().maxAnonymousSessions();
    assertThat(FLOOD).isGreaterThan(bucket);
    List<HttpResponse<String>> answers = new ArrayList<>();
    ExecutorService flooders = Executors.newFixedThreadPool(8);
    try {
      List<Future<HttpResponse<String>>> calls = new ArrayList<>();
      for (int i = 0; i < FLOOD; i++) {
        calls.add(flooders.submit(this::initialize));
      }
      for (Future<HttpResponse<String>> call : calls) {
        answers.add(call.get());
      }
    } finally {
      flooders.shutdownNow();
    }
    // Each made room by ending the anonymous bucket's least recently used idle session.
    assertThat(answers).allSatisfy(a -> assertThat(a.statusCode()).isEqualTo(200));
    // Newest first: an unconfirmed session ends 10 s after its initialize, so on a loaded machine
    // the oldest may be gone by the time they are asked, and pinging oldest first could find none.
    List<HttpResponse<String>> newestFirst = new ArrayList<>(answers);
    java.util.Collections.reverse(newestFirst);
    long live =
        newestFirst.stream()
            .map(a -> a.headers().firstValue("Mcp-Session-Id").orElseThrow())
            .filter(
                id ->
                    new LegacyClient(demo.mcpUri().toString())
                            .call(id, 9, "ping", Map.of())
                            .statusCode()
                        == 200)
            .count();
    // At most the bucket (fewer when the first ones' 10 s handshake timeout passed meanwhile).
    assertThat(live).as("sessions of the flood still open").isBetween(1L, (long) bucket);

    LegacyClient owner = new LegacyClient(demo.mcpUri().toString(), RestApiTest.OWNER);
    String session = owner.start();
    owner
        .call(session, 2, "resources/read", Map.of("uri", "app://widgets/1/state"))
        .then()
        .statusCode(200);

    owner.call(session, 3, "ping", Map.of()).then().statusCode(200);
    assertThat(URI.create(demo.mcpUri().toString()).getHost()).isEqualTo(DemoServer.HOST);
  }
}
