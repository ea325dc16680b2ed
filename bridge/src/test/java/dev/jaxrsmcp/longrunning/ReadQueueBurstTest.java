package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.Mcp;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A burst of reads far beyond the limits, from many client threads at once over real HTTP: every
 * read waits its turn and completes intact, and no more routes than the limit ever run at once. The
 * queue's timers are on virtual time that never moves, so no read waits too long by accident.
 */
class ReadQueueBurstTest {
  static final int LIMIT = 2; // below the test server's worker threads (twice the cores)
  static final int READS = 150;
  static final AtomicInteger running = new AtomicInteger();
  static final AtomicInteger mostRunning = new AtomicInteger();

  /** Routes that ran once their read had waited for its slot (on the bridge's threads). */
  static final AtomicInteger waited = new AtomicInteger();

  @Path("/burst")
  public static class Routes {
    @GET
    @Path("/long/{n}")
    @Produces("text/plain")
    @McpResource(uri = "app://burst/long/{n}", longRunning = true)
    public String longRead(@PathParam("n") int n) throws InterruptedException {
      return body(n);
    }

    @GET
    @Path("/plain/{n}")
    @Produces("text/plain")
    @McpResource(uri = "app://burst/plain/{n}")
    public String plainRead(@PathParam("n") int n) throws InterruptedException {
      return body(n);
    }

    private static String body(int n) throws InterruptedException {
      mostRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
      if (Thread.currentThread().getName().startsWith("jaxrs-mcp-queued-read-")) {
        waited.incrementAndGet();
      }
      try {
        Thread.sleep(2); // work that takes a while, so that reads pile up (not an oracle)
        return expected(n);
      } finally {
        running.decrementAndGet();
      }
    }
  }

  static String expected(int n) {
    return ("read " + n + " ").repeat(2000);
  }

  final VirtualTime time = new VirtualTime();
  TestServer server;

  @BeforeEach
  void start() {
    running.set(0);
    mostRunning.set(0);
    waited.set(0);
    server =
        TestServer.start(
            new ResourceConfig(Routes.class)
                .register(
                    McpFeature.builder()
                        .maxConcurrentReads(LIMIT)
                        .maxConcurrentLongReads(LIMIT)
                        .maxQueuedReads(READS)
                        .maxQueuedLongReads(READS)
                        .build())
                .property(Time.PROPERTY, time));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aBurstOfLongReadsAllCompleteIntact() throws Exception {
    burst("app://burst/long/");
  }

  @Test
  void aBurstOfPlainReadsAllCompleteIntact() throws Exception {
    burst("app://burst/plain/");
  }

  private void burst(String prefix) throws Exception {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    ExecutorService threads = Executors.newFixedThreadPool(32);
    CountDownLatch go = new CountDownLatch(1);
    try {
      List<Future<HttpResponse<String>>> responses = new ArrayList<>();
      for (int n = 0; n < READS; n++) {
        String uri = prefix + n;
        HttpRequest request =
            HttpRequest.newBuilder(URI.create(server.mcpUrl()))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", Mcp.VERSION)
                .header("Mcp-Method", "resources/read")
                .header("Mcp-Name", uri)
                .POST(HttpRequest.BodyPublishers.ofString(LongReads.body(uri, null).toString()))
                .build();
        responses.add(
            threads.submit(
                () -> {
                  go.await();
                  return client.send(request, HttpResponse.BodyHandlers.ofString());
                }));
      }
      go.countDown();
      for (int n = 0; n < READS; n++) {
        HttpResponse<String> response = responses.get(n).get(60, TimeUnit.SECONDS);
        assertThat(response.statusCode()).as("read %d", n).isEqualTo(200);
        assertThat(
                LongReads.json(response.body())
                    .path("result")
                    .path("contents")
                    .path(0)
                    .path("text")
                    .asText())
            .as("read %d", n)
            .isEqualTo(expected(n));
      }
      assertThat(mostRunning.get()).as("routes running at once").isLessThanOrEqualTo(LIMIT);
      assertThat(waited.get()).as("reads that waited for a slot").isPositive();
    } finally {
      threads.shutdownNow();
    }
  }
}
