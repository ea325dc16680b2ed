package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
 * legacy era: the flood fills only its own caller's quota (answered 503 with {@code Retry-After}),
 * a client with credentials still gets a session at once, and the flood's sessions, never
 * confirmed, expire within seconds.
 */
class InitializeFloodTest {
  static final int FLOOD = 300;
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
    int quota = McpFeature.builder().build().maxSessionsPerCaller();
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

    assertThat(answers.stream().filter(a -> a.statusCode() == 200)).hasSize(quota);
    List<HttpResponse<String>> refused =
        answers.stream().filter(a -> a.statusCode() != 200).toList();
    assertThat(refused).hasSize(FLOOD - quota);
    for (HttpResponse<String> answer : refused) {
      assertThat(answer.statusCode()).isEqualTo(503);
      assertThat(answer.headers().firstValue("Retry-After")).contains("5");
      assertThat(answer.body())
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"Too many"
                  + " sessions for this caller: at most "
                  + quota
                  + " sessions of one caller may be open at once; end unused sessions with DELETE"
                  + " or try again later\"}}");
    }

    LegacyClient owner = new LegacyClient(demo.mcpUri().toString(), RestApiTest.OWNER);
    String session = owner.start();
    owner
        .call(session, 2, "resources/read", Map.of("uri", "app://widgets/1/state"))
        .then()
        .statusCode(200);

    // The flood never confirmed its sessions: they end after the handshake timeout (10 s).
    await().atMost(Duration.ofSeconds(60)).until(() -> initialize().statusCode() == 200);
    owner.call(session, 3, "ping", Map.of()).then().statusCode(200);
    assertThat(URI.create(demo.mcpUri().toString()).getHost()).isEqualTo(DemoServer.HOST);
  }
}
