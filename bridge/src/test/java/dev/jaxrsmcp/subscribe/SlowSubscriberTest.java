package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A subscriber that stops reading must not hold up the application: {@code changed(uri)} never
 * waits for the network, and other subscribers keep getting their notifications.
 */
class SlowSubscriberTest {
  /** A long URI, so a few thousand notifications fill the socket buffers of a client. */
  static final String BIG = "app://items/" + "x".repeat(2_000);

  static final String OTHER = "app://items/other";

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
  private Socket stalled;

  @AfterEach
  void stop() throws IOException {
    if (stalled != null) {
      stalled.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aClientThatStopsReadingBlocksNeitherTheCallerNorOtherSubscribers() throws Exception {
    McpFeature feature =
        McpFeature.builder()
            .debounce(Duration.ZERO)
            .watch("app://items/{id}", t -> () -> {})
            .build();
    server = TestServer.start(new ResourceConfig(Items.class).register(feature));
    stalled = listenWithoutReading(BIG);
    try (SseRecorder healthy =
        SseRecorder.post(
            server.mcpUrl(),
            Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
            Mcp.body(
                    "healthy",
                    "subscriptions/listen",
                    Map.of("notifications", Map.of("resourceSubscriptions", List.of(OTHER))))
                .toString())) {
      healthy.next(); // acknowledgement

      // About 40 MB of notifications for a client that reads none of them: far more than the
      // socket buffers hold. Sent synchronously, this would wait for the server's write timeout.
      CompletableFuture<Void> burst =
          CompletableFuture.runAsync(
              () -> {
                for (int i = 0; i < 20_000; i++) {
                  feature.changes().changed(BIG);
                }
              });
      burst.get(60, TimeUnit.SECONDS);

      assertThat(feature.changes().changed(OTHER)).isEqualTo(1);
      assertThat(healthy.next().path("params").path("uri").asText()).isEqualTo(OTHER);
    }
  }

  /** Opens a listen stream over a raw socket with a tiny receive buffer and never reads it. */
  private Socket listenWithoutReading(String uri) throws IOException {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new java.net.InetSocketAddress("127.0.0.1", server.port()));
    byte[] body =
        Mcp.body(
                1,
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of(uri))))
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    String head =
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
            + server.port()
            + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
            + "\r\nMCP-Protocol-Version: "
            + Mcp.VERSION
            + "\r\nMcp-Method: subscriptions/listen\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    OutputStream out = socket.getOutputStream();
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
    InputStream in = socket.getInputStream();
    String status = new String(in.readNBytes(15), StandardCharsets.US_ASCII);
    assertThat(status).isEqualTo("HTTP/1.1 200 OK");
    return socket; // from here on nothing is read
  }
}
