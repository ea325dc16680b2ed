package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.memory.PooledMemoryManager;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Clients that stop reading their notification stream (real sockets with a tiny receive buffer)
 * cost a bounded amount and hold up nobody: their stream ends at {@code maxUnsentBytes} with a
 * message saying why, and a healthy client keeps getting its notifications and keep-alives. What
 * stalled clients cost the heap is measured by {@link StalledClientsHeapTest}, on a server of its
 * own: this JVM's heap is shared with every other test.
 */
class StalledClientsTest {
  static final String BIG = "app://items/" + "x".repeat(2_000);
  static final String OTHER = "app://items/other";
  static final long MAX_UNSENT = 64 * 1024;
  static final int STALLED = 4;

  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{}";
    }
  }

  private TestServer server;
  private final List<Socket> stalled = new ArrayList<>();

  @AfterEach
  void stop() throws IOException {
    for (Socket socket : stalled) {
      socket.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private McpFeature start() {
    return start(server -> {});
  }

  private McpFeature start(java.util.function.Consumer<HttpServer> configure) {
    McpFeature feature =
        McpFeature.builder()
            .debounce(Duration.ZERO)
            .keepAlive(Duration.ofMillis(200))
            .maxUnsentBytes(MAX_UNSENT)
            .watch("app://items/{id}", t -> () -> {})
            .build();
    server = TestServer.start(new ResourceConfig(Items.class).register(feature), configure);
    return feature;
  }

  @Test
  void stalledListensEndAtTheirLimitWhileAHealthyListenHearsEverything() throws Exception {
    McpFeature feature = start();
    for (int i = 0; i < STALLED; i++) {
      stalled.add(StalledSockets.listen(server.port(), BIG));
    }
    try (SseRecorder healthy = listen(OTHER)) {
      healthy.next(); // acknowledgement
      int told = STALLED;
      for (int i = 0; i < 100_000 && told > 0; i++) {
        told = feature.changes().changed(BIG); // about 2 KB for each stalled client
      }
      assertThat(told).as("stalled listens still subscribed after 200 MB each").isZero();

      assertThat(feature.changes().changed(OTHER)).isEqualTo(1);
      assertThat(healthy.next().path("params").path("uri").asText()).isEqualTo(OTHER);
      healthy.forgetComments();
      assertThat(healthy.nextComment())
          .as("a keep-alive after the stall")
          .isEqualTo(": keep-alive");
    }
    for (Socket socket : stalled) {
      String end = StalledSockets.drain(socket, 1 << 30);
      assertThat(end)
          .contains(
              "\"error\":{\"code\":-32603,\"message\":\"Notification stream ended: more than 65536"
                  + " bytes were waiting for this client (maxUnsentBytes); listen again, then"
                  + " re-read\"}")
          .contains(": stream ended: more than 65536 bytes were waiting for this client");
    }
  }

  @Test
  void stalledLegacyStreamsEndAtTheirLimitWhileAHealthySessionHearsEverything() throws Exception {
    McpFeature feature = start();
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    for (int i = 0; i < 2; i++) {
      String session = legacy.start();
      legacy.subscribe(session, BIG).then().statusCode(200);
      stalled.add(StalledSockets.legacyStream(server.port(), session));
    }
    String healthySession = legacy.start();
    legacy.subscribe(healthySession, OTHER).then().statusCode(200);
    try (SseRecorder healthy = legacy.stream(healthySession)) {
      // 20,000 notifications of about 2 KB for each stalled session: far more than the socket
      // buffers, the container's queue and the limit hold together.
      for (int i = 0; i < 20_000; i++) {
        feature.changes().changed(BIG);
      }

      feature.changes().changed(OTHER);
      assertThat(healthy.next().path("params").path("uri").asText()).isEqualTo(OTHER);
      healthy.forgetComments();
      // the session sweep's keep-alives: they would wait on a stalled socket if written by it
      assertThat(healthy.nextComment())
          .as("a keep-alive after the stall")
          .isEqualTo(": keep-alive");
    }
    for (Socket socket : stalled) {
      assertThat(StalledSockets.drain(socket, 1 << 30))
          .contains(": stream ended: more than 65536 bytes were waiting for this client");
    }
  }

  /**
   * Small notifications (about 150 bytes each, hundreds of subscriptions) are what Grizzly queued
   * without bound when each was flushed on its own: its write queue only pushes back on writes
   * larger than its buffer. Counted as sent once Grizzly had them, they never reached the limit; a
   * stalled client held hundreds of MB in the container. Now what waits stays in the outbox,
   * counted, until the connection drains: the container holds at most its own bound (plus one
   * turn's flush) and the stream ends at the limit.
   */
  @Test
  void smallNotificationsOfStalledClientsWaitCountedInsteadOfPilingUpInTheContainer()
      throws Exception {
    GrizzlyQueues[] queues = new GrizzlyQueues[1];
    McpFeature feature =
        start(
            server -> {
              queues[0] = new GrizzlyQueues(server);
              for (NetworkListener listener : server.getListeners()) {
                // as the demo does (and many tuned Grizzly servers): pooled buffers
                listener.getTransport().setMemoryManager(new PooledMemoryManager());
              }
            });
    List<String> listened = new ArrayList<>();
    List<String> subscribed = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      listened.add("app://items/m" + i); // a listen takes at most 100 (maxListenUris)
    }
    for (int i = 0; i < 400; i++) {
      subscribed.add("app://items/l" + i);
    }
    for (int i = 0; i < 2; i++) {
      stalled.add(StalledSockets.listen(server.port(), listened));
    }
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    for (int i = 0; i < 2; i++) {
      String session = legacy.start();
      for (String uri : subscribed) {
        legacy.subscribe(session, uri).then().statusCode(200);
      }
      stalled.add(StalledSockets.legacyStream(server.port(), session));
    }
    try (SseRecorder healthy = listen(OTHER)) {
      healthy.next(); // acknowledgement
      long mostQueued = 0;
      int mostWrites = 0;
      int told = 1;
      // up to 100,000 notifications of about 150 bytes for each stalled client: 15 MB, far more
      // than the socket buffers, Grizzly's bound and the limit hold together
      for (int round = 0; round < 250; round++) {
        told = 0;
        for (int i = 0; i < subscribed.size(); i++) {
          feature.changes().changed(subscribed.get(i)); // a session stays subscribed: told
          told += feature.changes().changed(listened.get(i % listened.size()));
        }
        mostQueued = Math.max(mostQueued, queues[0].largestQueuedBytes());
        mostWrites = Math.max(mostWrites, queues[0].largestQueuedWrites());
      }
      System.out.println(
          "Grizzly's queue for a stalled client: at most "
              + mostQueued
              + " bytes in "
              + mostWrites
              + " writes; its bound "
              + queues[0].containerBound());
      assertThat(told).as("stalled listens still told after 15 MB each").isZero();
      assertThat(mostQueued)
          .as(
              "bytes Grizzly queued for one stalled client (its bound is %d)",
              queues[0].containerBound())
          .isLessThanOrEqualTo(queues[0].containerBound() + MAX_UNSENT);

      assertThat(feature.changes().changed(OTHER)).isEqualTo(1);
      assertThat(healthy.next().path("params").path("uri").asText()).isEqualTo(OTHER);
    }
    for (Socket socket : stalled) {
      assertThat(StalledSockets.drain(socket, 1 << 30))
          .contains(": stream ended: more than 65536 bytes were waiting for this client");
    }
  }

  private SseRecorder listen(String uri) throws Exception {
    return SseRecorder.post(
        server.mcpUrl(),
        Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
        Mcp.body(
                "healthy",
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of(uri))))
            .toString());
  }
}
