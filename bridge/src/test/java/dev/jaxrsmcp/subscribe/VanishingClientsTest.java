package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Clients that vanish without a word (a reset connection, a closed socket) leave nothing behind:
 * every watcher stops, no subscription remains, and every slot of the concurrent-listen limit is
 * free again.
 */
class VanishingClientsTest {
  static final int STREAMS = 100;
  static final int URIS = 5;

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

  private final AtomicInteger runningWatchers = new AtomicInteger();
  private final Map<String, Boolean> everWatched = new ConcurrentHashMap<>();
  private TestServer server;
  private McpFeature feature;
  private final List<Socket> sockets = new ArrayList<>();

  @AfterEach
  void stop() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private void start(McpFeature.Builder builder) {
    feature =
        builder
            .watch(
                "app://items/{id}",
                target -> {
                  runningWatchers.incrementAndGet();
                  everWatched.put(target.uri(), true);
                  return runningWatchers::decrementAndGet;
                })
            .build();
    server = TestServer.start(new ResourceConfig(Items.class).register(feature));
  }

  @Test
  void abruptlyClosedStreamsLeaveNoSubscriptionWatcherOrSlotBehind() throws Exception {
    start(McpFeature.builder().keepAlive(Duration.ofMillis(100)).maxConcurrentListens(STREAMS));

    openStreams();
    assertThat(runningWatchers).hasValue(URIS);
    assertThat(feature.changes().changed(uri(0))).isEqualTo(STREAMS / URIS);

    vanish();

    await().atMost(Duration.ofSeconds(30)).until(() -> runningWatchers.get() == 0);
    for (int i = 0; i < URIS; i++) {
      assertThat(feature.changes().changed(uri(i))).as(uri(i)).isZero();
    }
    assertThat(everWatched).hasSize(URIS);

    openStreams(); // the limit equals STREAMS: a slot still held by a vanished stream fails this
    assertThat(runningWatchers).hasValue(URIS);
  }

  @Test
  void shutdownWithVanishedClientsStillEndsEveryOtherStreamAndStopsEveryWatcher() throws Exception {
    start(McpFeature.builder()); // keep-alives every 15 s: the server has not noticed yet
    openStreams();
    try (SseRecorder survivor =
        SseRecorder.post(
            server.mcpUrl(),
            Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
            Mcp.body(
                    "survivor",
                    "subscriptions/listen",
                    Map.of("notifications", Map.of("resourceSubscriptions", List.of(uri(0)))))
                .toString())) {
      survivor.next();
      vanish();

      server.close();
      server = null;

      assertThat(survivor.next().path("result").path("resultType").asText()).isEqualTo("complete");
      survivor.assertEnds();
    }
    assertThat(runningWatchers).hasValue(0);
  }

  /** Closes every raw stream: half of them with a reset, the others with a plain close. */
  private void vanish() throws IOException {
    for (int i = 0; i < sockets.size(); i++) {
      Socket socket = sockets.get(i);
      if (i % 2 == 0) {
        socket.setSoLinger(true, 0); // closing sends a reset
      }
      socket.close();
    }
    sockets.clear();
  }

  private static String uri(int i) {
    return "app://items/" + i;
  }

  /**
   * Opens {@link #STREAMS} listen streams over raw sockets and reads each one's acknowledgement.
   */
  private void openStreams() throws IOException {
    for (int i = 0; i < STREAMS; i++) {
      Socket socket = new Socket("127.0.0.1", server.port());
      socket.setSoTimeout(30_000);
      sockets.add(socket);
      String uri = uri(i % URIS);
      byte[] body =
          Mcp.body(
                  i,
                  "subscriptions/listen",
                  Map.of("notifications", Map.of("resourceSubscriptions", List.of(uri))))
              .toString()
              .getBytes(StandardCharsets.UTF_8);
      String head =
          "POST /mcp HTTP/1.1\r\n"
              + "Host: 127.0.0.1:"
              + server.port()
              + "\r\n"
              + "Content-Type: application/json\r\n"
              + "Accept: application/json, text/event-stream\r\n"
              + "MCP-Protocol-Version: "
              + Mcp.VERSION
              + "\r\n"
              + "Mcp-Method: subscriptions/listen\r\n"
              + "Content-Length: "
              + body.length
              + "\r\n\r\n";
      OutputStream out = socket.getOutputStream();
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
      String status = in.readLine();
      assertThat(status).as("status line of stream %d", i).isEqualTo("HTTP/1.1 200 OK");
      String line;
      do {
        line = in.readLine();
        assertThat(line).as("stream %d ended before its acknowledgement", i).isNotNull();
      } while (!line.contains("\"resourceSubscriptions\":[\"" + uri + "\"]"));
    }
  }
}
