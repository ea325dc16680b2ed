package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reads past {@code maxConcurrentLongReads} and {@code maxConcurrentReads} wait for a slot in order
 * of arrival, holding no thread, over real HTTP: the queue's timers run on virtual time, so a wait
 * bound or a keep-alive happens exactly when the test advances the clock. A read is known to be
 * queued when its timers are (its wait bound, and a long read's keep-alive): {@link
 * VirtualTime#queued()}.
 */
class ReadQueueTest {
  static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /**
   * The routes' gate, this test's own: a route ends once it takes a permit. A read a previous test
   * left queued may still run after that test ended (its slot comes free as the server closes); it
   * passes that test's gate, never this one's.
   */
  final Semaphore gate = new Semaphore(0);

  /** The reads whose routes started on this test's server, in order. */
  final List<String> started = new CopyOnWriteArrayList<>();

  /** Routes that record their start in {@code started} and wait for a permit of {@code gate}. */
  @Path("/queued")
  public static class Routes {
    private final Semaphore gate;
    private final List<String> started;

    Routes(Semaphore gate, List<String> started) {
      this.gate = gate;
      this.started = started;
    }

    @GET
    @Path("/long/{n}")
    @Produces("text/plain")
    @McpResource(uri = "app://long/{n}", longRunning = true)
    public String longRead(@PathParam("n") String n) throws InterruptedException {
      return pass("long " + n);
    }

    @GET
    @Path("/plain/{n}")
    @Produces("text/plain")
    @McpResource(uri = "app://plain/{n}")
    public String plainRead(@PathParam("n") String n) throws InterruptedException {
      return pass("plain " + n);
    }

    private String pass(String read) throws InterruptedException {
      started.add(read);
      if (!gate.tryAcquire(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never opened the gate for " + read);
      }
      return "done " + read;
    }
  }

  final VirtualTime time = new VirtualTime();
  TestServer server;

  void start(McpFeature.Builder feature) {
    server =
        TestServer.start(
            new ResourceConfig()
                .register(new Routes(gate, started))
                .register(feature.build())
                .property(Time.PROPERTY, time));
  }

  @AfterEach
  void stop() {
    gate.release(1000);
    if (server != null) {
      server.close();
    }
  }

  @Test
  void longReadsBeyondTheLimitRunInOrderOfArrival() throws Exception {
    start(McpFeature.builder().maxConcurrentLongReads(2).maxQueuedLongReads(10));
    List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
    for (int n = 0; n < 2; n++) {
      responses.add(post("app://long/" + n, "application/json"));
      int running = n + 1;
      await().until(() -> started.size() == running);
    }
    int base = time.queued();
    for (int n = 2; n < 10; n++) {
      responses.add(post("app://long/" + n, "application/json"));
      int queuedTimers = base + 2 * (n - 1); // each waits with its wait bound and keep-alive
      await().until(() -> time.queued() == queuedTimers);
    }
    assertThat(started).as("no queued read ran").hasSize(2);
    for (int n = 2; n < 10; n++) {
      gate.release(1); // one read ends, the first waiting one starts
      int running = n + 1;
      await().until(() -> started.size() == running);
    }
    gate.release(2);
    for (int n = 0; n < 10; n++) {
      HttpResponse<String> response = responses.get(n).get(10, TimeUnit.SECONDS);
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(text(response)).isEqualTo("done long " + n);
    }
    assertThat(started)
        .containsExactly(
            "long 0", "long 1", "long 2", "long 3", "long 4", "long 5", "long 6", "long 7",
            "long 8", "long 9");
  }

  @Test
  void plainReadsBeyondTheLimitRunInOrderOfArrival() throws Exception {
    start(McpFeature.builder().maxConcurrentReads(1).maxQueuedReads(5));
    List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
    responses.add(post("app://plain/0", "application/json"));
    await().until(() -> started.size() == 1);
    int base = time.queued();
    for (int n = 1; n < 6; n++) {
      responses.add(post("app://plain/" + n, "application/json"));
      int queuedTimers = base + n; // each waits with its wait bound
      await().until(() -> time.queued() == queuedTimers);
    }
    for (int n = 1; n < 6; n++) {
      gate.release(1);
      int running = n + 1;
      await().until(() -> started.size() == running);
    }
    gate.release(1);
    for (int n = 0; n < 6; n++) {
      HttpResponse<String> response = responses.get(n).get(10, TimeUnit.SECONDS);
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(text(response)).isEqualTo("done plain " + n);
    }
    assertThat(started)
        .containsExactly("plain 0", "plain 1", "plain 2", "plain 3", "plain 4", "plain 5");
  }

  @Test
  void aQueuedSseClientGetsKeepAlivesThenItsResultOnTheSameStream() throws Exception {
    start(McpFeature.builder().maxConcurrentLongReads(1).maxQueuedLongReads(1));
    CompletableFuture<HttpResponse<String>> first = post("app://long/0", "application/json");
    await().until(() -> started.size() == 1);
    int base = time.queued();
    CompletableFuture<SseRecorder> queued = stream("app://long/1");
    await().until(() -> time.queued() == base + 2);
    time.advanceBy(Duration.ofMillis(500)); // the first keep-alive commits the stream
    SseRecorder stream = queued.get(10, TimeUnit.SECONDS);
    assertThat(stream.status()).isEqualTo(200);
    assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
    assertThat(stream.nextComment()).isEqualTo(": keep-alive");
    // A tick that finds the last keep-alive still being written skips (keep-alives never pile up),
    // and the client may read that keep-alive before its writer is done: the clock goes on, a
    // period at a time, until the next one arrives, for at most 20 periods.
    Optional<String> next = Optional.empty();
    for (int tick = 0; tick < 20 && next.isEmpty(); tick++) {
      time.advanceBy(Duration.ofMillis(500));
      next = stream.pollComment(Duration.ofMillis(500));
    }
    assertThat(next).as("a second keep-alive within 20 periods").hasValue(": keep-alive");
    assertThat(started).containsExactly("long 0");
    gate.release(2);
    assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    JsonNode result = stream.next();
    assertThat(result.path("result").path("contents").path(0).path("text").asText())
        .isEqualTo("done long 1");
    stream.assertEnds();
    stream.close();
  }

  @Test
  void beyondTheQueueARead503sWithRetryAfter() throws Exception {
    start(McpFeature.builder().maxConcurrentLongReads(1).maxQueuedLongReads(1));
    post("app://long/0", "application/json");
    await().until(() -> started.size() == 1);
    int base = time.queued();
    post("app://long/1", "application/json");
    await().until(() -> time.queued() == base + 2);
    HttpResponse<String> refused =
        post("app://long/2", "application/json").get(10, TimeUnit.SECONDS);
    assertThat(refused.statusCode()).isEqualTo(503);
    assertThat(refused.headers().firstValue("Retry-After")).hasValue("5"); // no read ended yet
    assertThat(LongReads.json(refused.body()))
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"Too many"
                    + " long-running reads: at most 1 may run at once (maxConcurrentLongReads) and"
                    + " 1 wait for a slot (maxQueuedLongReads); app://long/2 was not read, try again shortly\"}}"));
  }

  @Test
  void retryAfterComesFromHowLongSlotsWereHeld() throws Exception {
    start(McpFeature.builder().maxConcurrentReads(2).maxQueuedReads(1));
    CompletableFuture<HttpResponse<String>> first = post("app://plain/0", "application/json");
    await().until(() -> started.size() == 1);
    time.advanceBy(Duration.ofSeconds(12)); // the read holds its slot for 12 s
    gate.release(1);
    assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    post("app://plain/1", "application/json");
    post("app://plain/2", "application/json");
    await().until(() -> started.size() == 3);
    int base = time.queued();
    post("app://plain/3", "application/json");
    await().until(() -> time.queued() == base + 1);
    HttpResponse<String> refused =
        post("app://plain/4", "application/json").get(10, TimeUnit.SECONDS);
    assertThat(refused.statusCode()).isEqualTo(503);
    // 12 s held on average, one waiting ahead and this one, two slots: 12 * 2 / 2
    assertThat(refused.headers().firstValue("Retry-After")).hasValue("12");
    assertThat(LongReads.json(refused.body()).path("error").path("message").asText())
        .isEqualTo(
            "Too many reads: at most 2 may run at once (maxConcurrentReads) and 1 wait for a"
                + " slot (maxQueuedReads); app://plain/4 was not read, try again shortly");
  }

  @Test
  void aPlainReadThatWaitsTooLongIs503dWithRetryAfter() throws Exception {
    start(McpFeature.builder().maxConcurrentReads(1).maxReadQueueWait(Duration.ofSeconds(20)));
    post("app://plain/0", "application/json");
    await().until(() -> started.size() == 1);
    int base = time.queued();
    CompletableFuture<HttpResponse<String>> queued = post("app://plain/1", "application/json");
    await().until(() -> time.queued() == base + 1);
    time.advanceBy(Duration.ofMillis(19_999));
    assertThat(queued).isNotDone();
    time.advanceBy(Duration.ofMillis(1));
    HttpResponse<String> refused = queued.get(10, TimeUnit.SECONDS);
    assertThat(refused.statusCode()).isEqualTo(503);
    assertThat(refused.headers().firstValue("Retry-After")).hasValue("1"); // no read ended yet
    assertThat(LongReads.json(refused.body()))
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"Too many"
                    + " reads: waited 20000 ms (maxReadQueueWait) for one of the 1 slots"
                    + " (maxConcurrentReads); app://plain/1 was not read, try again shortly\"}}"));
    gate.release(1);
    assertThat(started).containsExactly("plain 0");
  }

  @Test
  void aStreamedLongReadThatWaitsTooLongEndsWithTheError() throws Exception {
    start(McpFeature.builder().maxConcurrentLongReads(1).maxReadQueueWait(Duration.ofSeconds(2)));
    post("app://long/0", "application/json");
    await().until(() -> started.size() == 1);
    int base = time.queued();
    CompletableFuture<SseRecorder> queued = stream("app://long/1");
    await().until(() -> time.queued() == base + 2);
    time.advanceBy(Duration.ofMillis(500));
    SseRecorder stream = queued.get(10, TimeUnit.SECONDS);
    time.advanceBy(Duration.ofMillis(1500));
    assertThat(stream.next())
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"Too many"
                    + " long-running reads: waited 2000 ms (maxReadQueueWait) for one of the 1"
                    + " slots (maxConcurrentLongReads); app://long/1 was not read, try again"
                    + " shortly\"}}"));
    stream.assertEnds();
    stream.close();
    gate.release(1);
    assertThat(started).containsExactly("long 0");
  }

  @Test
  void aQueuedClientThatGoesAwayGivesUpItsPlace() throws Exception {
    start(McpFeature.builder().maxConcurrentLongReads(1).maxQueuedLongReads(1));
    post("app://long/0", "application/json");
    await().until(() -> started.size() == 1);
    int base = time.queued();
    CompletableFuture<SseRecorder> queued = stream("app://long/1");
    await().until(() -> time.queued() == base + 2);
    time.advanceBy(Duration.ofMillis(500));
    queued.get(10, TimeUnit.SECONDS).close();
    // A keep-alive finds it gone (the first write after the close may still be taken).
    await()
        .until(
            () -> {
              time.advanceBy(Duration.ofMillis(500));
              return time.queued() == base;
            });
    CompletableFuture<HttpResponse<String>> next = post("app://long/2", "application/json");
    await().until(() -> time.queued() == base + 2); // it queues in the freed place
    gate.release(2);
    assertThat(text(next.get(10, TimeUnit.SECONDS))).isEqualTo("done long 2");
    assertThat(started).containsExactly("long 0", "long 2");
  }

  private static String text(HttpResponse<String> response) {
    return LongReads.json(response.body())
        .path("result")
        .path("contents")
        .path(0)
        .path("text")
        .asText();
  }

  private CompletableFuture<HttpResponse<String>> post(String uri, String accept) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.mcpUrl()))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .header("Accept", accept)
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", uri)
            .POST(HttpRequest.BodyPublishers.ofString(LongReads.body(uri, null).toString()))
            .build();
    return CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofString());
  }

  private CompletableFuture<SseRecorder> stream(String uri) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return SseRecorder.post(
                server.mcpUrl(),
                Map.of(
                    "MCP-Protocol-Version",
                    Mcp.VERSION,
                    "Mcp-Method",
                    "resources/read",
                    "Mcp-Name",
                    uri),
                LongReads.body(uri, null).toString());
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
  }
}
