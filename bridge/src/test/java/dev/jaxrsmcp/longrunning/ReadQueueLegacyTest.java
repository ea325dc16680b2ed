package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.TestServer;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The read queue on a legacy (2025-11-25) session: a queued read runs in its turn on the session,
 * and {@code notifications/cancelled} for a queued read's id takes it out of the queue before its
 * route ever runs. Routes and oracles as in {@link ReadQueueTest}.
 */
class ReadQueueLegacyTest {
  /** This test's own gate and record of started routes (see {@link ReadQueueTest#gate}). */
  final Semaphore gate = new Semaphore(0);

  final List<String> started = new CopyOnWriteArrayList<>();

  final VirtualTime time = new VirtualTime();
  TestServer server;
  LegacyClient legacy;
  String session;

  @BeforeEach
  void start() {
    server =
        TestServer.start(
            new ResourceConfig()
                .register(new ReadQueueTest.Routes(gate, started))
                .register(
                    McpFeature.builder().maxConcurrentLongReads(1).maxQueuedLongReads(2).build())
                .property(Time.PROPERTY, time));
    legacy = new LegacyClient(server.mcpUrl());
    session = legacy.start();
  }

  @AfterEach
  void stop() {
    gate.release(1000);
    server.close();
  }

  @Test
  void aCancelledQueuedReadLeavesTheQueueAndItsRouteNeverRuns() throws Exception {
    CompletableFuture<HttpResponse<String>> first = read(1, "app://long/1");
    await().until(() -> started.size() == 1);
    int base = time.queued();
    CompletableFuture<HttpResponse<String>> cancelled = read(2, "app://long/2");
    await().until(() -> time.queued() == base + 2);
    CompletableFuture<HttpResponse<String>> third = read(3, "app://long/3");
    await().until(() -> time.queued() == base + 4);

    assertThat(
            legacy
                .call(session, null, "notifications/cancelled", Map.of("requestId", 2))
                .statusCode())
        .isEqualTo(202);

    HttpResponse<String> answer = cancelled.get(10, TimeUnit.SECONDS);
    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(LongReads.json(answer.body()))
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32603,"
                    + "\"message\":\"Read cancelled\"}}"));
    assertThat(time.queued()).isEqualTo(base + 2);
    gate.release(1);
    await().until(() -> started.size() == 2);
    gate.release(1);
    assertThat(text(first.get(10, TimeUnit.SECONDS))).isEqualTo("done long 1");
    assertThat(text(third.get(10, TimeUnit.SECONDS))).isEqualTo("done long 3");
    assertThat(started).containsExactly("long 1", "long 3");
  }

  private static String text(HttpResponse<String> response) {
    return LongReads.json(response.body())
        .path("result")
        .path("contents")
        .path(0)
        .path("text")
        .asText();
  }

  private CompletableFuture<HttpResponse<String>> read(int id, String uri) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.mcpUrl()))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .header("Mcp-Session-Id", session)
            .header("MCP-Protocol-Version", LegacyClient.VERSION)
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    LegacyClient.body(id, "resources/read", Map.of("uri", uri))))
            .build();
    return ReadQueueTest.CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofString());
  }
}
