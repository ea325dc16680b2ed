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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * server's open streams must not hold its worker threads.
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
    McpFeature feature =
        McpFeature.builder().debounce(Duration.ZERO).watch(URI_TEMPLATE, t -> () -> {}).build();
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

    assertThat(acknowledged.await(120, TimeUnit.SECONDS))
        .as("every stream acknowledged within 120 s (%d missing)", acknowledged.getCount())
        .isTrue();
    assertThat(responses).allSatisfy(r -> assertThat(r).isNotDone());
    assertThat(serverWorkerThreads())
        .as("open streams do not hold Grizzly worker threads")
        .isLessThan(STREAMS / 10);

    assertThat(feature.changes().changed(URI_1)).isEqualTo(STREAMS);

    assertThat(updated.await(120, TimeUnit.SECONDS))
        .as("every stream told of the change within 120 s (%d missing)", updated.getCount())
        .isTrue();
    assertThat(feature.changes().changed("app://items/2")).isZero();
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
