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
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Clients that stop reading their notification stream (real sockets with a tiny receive buffer)
 * cost a bounded amount and hold up nobody: their stream ends at {@code maxUnsentBytes} with a
 * message saying why, a healthy client keeps getting its notifications and keep-alives, and the
 * server's heap stays bounded.
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
    McpFeature feature =
        McpFeature.builder()
            .debounce(Duration.ZERO)
            .keepAlive(Duration.ofMillis(200))
            .maxUnsentBytes(MAX_UNSENT)
            .watch("app://items/{id}", t -> () -> {})
            .build();
    server = TestServer.start(new ResourceConfig(Items.class).register(feature));
    return feature;
  }

  @Test
  void stalledListensEndAtTheirLimitWhileAHealthyListenHearsEverything() throws Exception {
    McpFeature feature = start();
    long heapBefore = usedHeapAfterGc();
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
      long heapGrowth = usedHeapAfterGc() - heapBefore;
      System.out.println("heap growth with " + STALLED + " stalled listens: " + heapGrowth);
      assertThat(heapGrowth).as("heap held for %d stalled clients", STALLED).isLessThan(256L << 20);
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

  static long usedHeapAfterGc() {
    Runtime runtime = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return runtime.totalMemory() - runtime.freeMemory();
  }
}
