package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One server holds 1,000 open {@code subscriptions/listen} streams at once and tells every one of
 * them about a change. The client is one asynchronous {@link HttpClient} with a few threads; the
 * server's open streams must not hold its worker threads, and writing to them must not take a
 * thread each (Grizzly says when a connection takes more, so no write waits for a client).
 */
class ThousandListenersTest {
  static final int STREAMS = 1_000;
  static final String URI_TEMPLATE = "app://items/{id}";
  static final String URI_1 = "app://items/1";

  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{\"id\":\"" + id + "\"}";
    }
  }

  private TestServer server;
  private ExecutorService clientThreads;
  private final List<LineRecorder> streams = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    streams.forEach(LineRecorder::cancel);
    if (server != null) {
      server.close();
    }
    if (clientThreads != null) {
      clientThreads.shutdownNow();
    }
  }

  @Test
  void aThousandOpenStreamsAllReceiveOneChange() throws Exception {
    McpFeature feature = feature();
    Latches latches = open(feature);

    assertThat(latches.acknowledged.await(120, TimeUnit.SECONDS))
        .as("every stream acknowledged within 120 s (%d missing)", latches.acknowledged.getCount())
        .isTrue();
    assertThat(latches.responses).allSatisfy(r -> assertThat(r).isNotDone());
    assertThat(serverWorkerThreads())
        .as("open streams do not hold Grizzly worker threads")
        .isLessThan(STREAMS / 10);

    assertThat(feature.changes().changed(URI_1)).isEqualTo(STREAMS);

    assertThat(latches.updated.await(120, TimeUnit.SECONDS))
        .as("every stream told of the change within 120 s (%d missing)", latches.updated.getCount())
        .isTrue();
    assertThat(feature.changes().changed("app://items/2")).isZero();
  }

  /**
   * The bridge threads that wrote the 1,000 acknowledgements and the 1,000 notifications, sampled
   * by name until every stream had both: a few delivery threads and a small fixed pool, not a
   * writer thread for each stream that had something to write at the same moment.
   */
  @Test
  void aThousandStreamsAreWrittenByAFewThreadsNotAThreadEach() throws Exception {
    Set<String> before = bridgeThreads();
    Set<String> seen = new TreeSet<>();
    McpFeature feature = feature();
    Latches latches = open(feature);
    awaitSampling(latches.acknowledged, seen);

    assertThat(feature.changes().changed(URI_1)).isEqualTo(STREAMS);
    awaitSampling(latches.updated, seen);

    seen.removeAll(before);
    int cores = Runtime.getRuntime().availableProcessors();
    assertThat(named(seen, "jaxrs-mcp-writer-"))
        .as("writer threads started for 1,000 Grizzly streams: %s", seen)
        .isZero();
    assertThat(named(seen, "jaxrs-mcp-sender-"))
        .as("threads of the pool for writes that never block: %s", seen)
        .isLessThanOrEqualTo(Math.max(2, cores));
    assertThat(named(seen, "jaxrs-mcp-delivery-"))
        .as("delivery threads: %s", seen)
        .isLessThanOrEqualTo(Math.max(4, 2 * cores));
  }

  private static McpFeature feature() {
    return McpFeature.builder().debounce(Duration.ZERO).watch(URI_TEMPLATE, t -> () -> {}).build();
  }

  /** What the streams opened by {@link #open} count down, and their responses. */
  private record Latches(
      CountDownLatch acknowledged,
      CountDownLatch updated,
      List<CompletableFuture<HttpResponse<Void>>> responses) {}

  /** Starts the server with {@code feature} and opens {@link #STREAMS} listens on it. */
  private Latches open(McpFeature feature) {
    server = TestServer.start(new ResourceConfig(Items.class).register(feature));
    clientThreads = Executors.newFixedThreadPool(4);
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .executor(clientThreads)
            .connectTimeout(Duration.ofSeconds(30))
            .build();
    CountDownLatch acknowledged = new CountDownLatch(STREAMS);
    CountDownLatch updated = new CountDownLatch(STREAMS);
    String body =
        Mcp.body(
                "many",
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of(URI_1))))
            .toString();
    List<CompletableFuture<HttpResponse<Void>>> responses = new ArrayList<>();
    for (int i = 0; i < STREAMS; i++) {
      LineRecorder recorder = new LineRecorder(acknowledged, updated);
      streams.add(recorder);
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(server.mcpUrl()))
              .header("Content-Type", "application/json")
              .header("Accept", "application/json, text/event-stream")
              .header("MCP-Protocol-Version", Mcp.VERSION)
              .header("Mcp-Method", "subscriptions/listen")
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .build();
      responses.add(
          client.sendAsync(request, HttpResponse.BodyHandlers.fromLineSubscriber(recorder)));
    }
    return new Latches(acknowledged, updated, responses);
  }

  /** Waits (up to 120 s) for {@code latch}, noting the bridge's threads alive meanwhile. */
  private static void awaitSampling(CountDownLatch latch, Set<String> seen)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    do {
      seen.addAll(bridgeThreads());
    } while (!latch.await(5, TimeUnit.MILLISECONDS) && System.nanoTime() < deadline);
    seen.addAll(bridgeThreads());
    assertThat(latch.getCount()).as("streams still waiting after 120 s").isZero();
  }

  /** The names of the bridge's delivery and writing threads alive now. */
  private static Set<String> bridgeThreads() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Set<String> names = new TreeSet<>();
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds(), 0)) {
      if (info != null && info.getThreadName().startsWith("jaxrs-mcp-")) {
        names.add(info.getThreadName());
      }
    }
    return names;
  }

  private static long named(Set<String> names, String prefix) {
    return names.stream().filter(n -> n.startsWith(prefix)).count();
  }

  private static long serverWorkerThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("grizzly-http-server"))
        .count();
  }

  /** Counts the acknowledgement and the update notification of one stream, line by line. */
  private static final class LineRecorder implements Flow.Subscriber<String> {
    private final CountDownLatch acknowledged;
    private final CountDownLatch updated;
    private volatile Flow.Subscription subscription;
    private boolean sawAcknowledgement;
    private boolean sawUpdate;

    LineRecorder(CountDownLatch acknowledged, CountDownLatch updated) {
      this.acknowledged = acknowledged;
      this.updated = updated;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      this.subscription = subscription;
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(String line) {
      if (!line.startsWith("data:")) {
        return;
      }
      if (!sawAcknowledgement && line.contains("\"notifications/subscriptions/acknowledged\"")) {
        sawAcknowledgement = line.contains("\"resourceSubscriptions\":[\"" + URI_1 + "\"]");
        if (sawAcknowledgement) {
          acknowledged.countDown();
        }
      } else if (!sawUpdate
          && line.contains("\"notifications/resources/updated\"")
          && line.contains("\"uri\":\"" + URI_1 + "\"")) {
        sawUpdate = true;
        updated.countDown();
      }
    }

    @Override
    public void onError(Throwable throwable) {}

    @Override
    public void onComplete() {}

    void cancel() {
      Flow.Subscription s = subscription;
      if (s != null) {
        s.cancel();
      }
    }
  }
}
