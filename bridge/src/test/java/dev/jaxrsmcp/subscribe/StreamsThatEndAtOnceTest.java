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
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Notification streams that end as soon as they open: a listen with nothing to watch (its
 * acknowledgement, result and end are queued before the response is returned) and a listen whose
 * timeout fires at once. The stream's writer thread ends the response while Jersey may still be
 * writing its headers on the request thread; every response must still end on the wire, which for a
 * {@code Connection: close} request means the server closes the connection. A response that was
 * written whole but left open (the container waiting for an end that already happened) is a hung
 * request here.
 */
class StreamsThatEndAtOnceTest {
  static final int THREADS = 8;
  static final int REQUESTS_PER_THREAD = 250;
  static final int SOCKET_TIMEOUT_MS = 10_000;

  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "item " + id;
    }
  }

  private TestServer server;
  private ExecutorService clients;

  @AfterEach
  void stop() {
    if (clients != null) {
      clients.shutdownNow();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void everyStreamThatEndsAtOnceEndsOnTheWire() throws Exception {
    server =
        TestServer.start(
            new ResourceConfig(Items.class)
                .register(
                    McpFeature.builder()
                        .listenTimeout(Duration.ofMillis(1))
                        .watch("app://items/{id}", target -> () -> {})
                        .build()));
    String nothingWatched =
        Mcp.body(
                1,
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of("app://none/1"))))
            .toString();
    String endsAtOnce =
        Mcp.body(
                2,
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of("app://items/1"))))
            .toString();
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    clients = Executors.newFixedThreadPool(THREADS);
    List<Future<?>> work = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      work.add(
          clients.submit(
              () -> {
                for (int i = 0; i < REQUESTS_PER_THREAD && failures.isEmpty(); i++) {
                  String body = i % 2 == 0 ? nothingWatched : endsAtOnce;
                  String answer = exchange(body);
                  if (!answer.startsWith("HTTP/1.1 200")
                      || !answer.contains("\"resultType\":\"complete\"")) {
                    failures.add(answer);
                  }
                }
                return null;
              }));
    }
    for (Future<?> each : work) {
      each.get();
    }
    assertThat(failures).isEmpty();
  }

  /** One POST with {@code Connection: close}, read until the server closes the connection. */
  private String exchange(String body) throws IOException {
    byte[] content = body.getBytes(StandardCharsets.UTF_8);
    String head =
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
            + server.port()
            + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
            + "\r\nMCP-Protocol-Version: "
            + Mcp.VERSION
            + "\r\nMcp-Method: subscriptions/listen\r\nContent-Length: "
            + content.length
            + "\r\nConnection: close\r\n\r\n";
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", server.port()), SOCKET_TIMEOUT_MS);
      socket.setSoTimeout(SOCKET_TIMEOUT_MS);
      socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().write(content);
      socket.getOutputStream().flush();
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[4096];
      try {
        for (int n; (n = in.read(buffer)) >= 0; ) {
          received.write(buffer, 0, n);
        }
      } catch (SocketTimeoutException e) {
        return "connection still open after "
            + SOCKET_TIMEOUT_MS
            + " ms; received: "
            + received.toString(StandardCharsets.UTF_8);
      }
      return received.toString(StandardCharsets.UTF_8);
    }
  }
}
