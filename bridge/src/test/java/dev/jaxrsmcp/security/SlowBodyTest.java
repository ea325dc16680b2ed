package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Contract section 11, the request body rate: a body that trickles in slower than {@code
 * bodyReadTimeout} allows is refused with HTTP 408 and a JSON-RPC error naming the setting, and its
 * connection closed, so slow bodies cannot hold the container's threads. The server has four
 * workers; five clients trickle their bodies at a byte every 50 ms (30 s for the whole body) while
 * a healthy client asks once.
 */
class SlowBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int WORKERS = 4;
  private static final int TRICKLERS = 5;
  private static final int BODY_BYTES = 600;

  private HttpServer server;
  private int port;

  @BeforeEach
  void start() throws IOException {
    port = TestServer.freePort();
    server =
        GrizzlyHttpServerFactory.createHttpServer(
            URI.create("http://127.0.0.1:" + port + "/"),
            new ResourceConfig(OriginHostTest.Files.class)
                .register(McpFeature.builder().bodyReadTimeout(Duration.ofSeconds(1)).build()),
            false);
    for (NetworkListener listener : server.getListeners()) {
      listener
          .getTransport()
          .setWorkerThreadPoolConfig(
              ThreadPoolConfig.defaultConfig()
                  .setPoolName("slow-body-worker")
                  .setCorePoolSize(WORKERS)
                  .setMaxPoolSize(WORKERS));
    }
    server.getServerConfiguration().setMaxPayloadRemainderToSkip(0);
    server.start();
  }

  @AfterEach
  void stop() {
    server.shutdownNow();
  }

  /** A {@code server/discover} body of exactly {@link #BODY_BYTES} bytes (padded with spaces). */
  static byte[] discoverBody() {
    String body = Bodies.modern(1, "server/discover", Map.of());
    return (body + " ".repeat(BODY_BYTES - body.length())).getBytes(StandardCharsets.UTF_8);
  }

  static String head(int length) {
    return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Accept: application/json, text/event-stream\r\n"
        + "MCP-Protocol-Version: "
        + Mcp.VERSION
        + "\r\nMcp-Method: server/discover\r\nContent-Length: "
        + length
        + "\r\n\r\n";
  }

  /** What a trickling client saw. */
  record Trickle(String answer, int sent, boolean closedByServer) {}

  /**
   * Sends the head, then the body one byte every 50 ms until the server answers (or the body is
   * sent), then reads the answer until the server closes the connection.
   */
  private Trickle trickle(AtomicInteger sending, AtomicInteger completed) throws IOException {
    byte[] body = discoverBody();
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      out.write(head(body.length).getBytes(StandardCharsets.US_ASCII));
      int sent = 0;
      sending.incrementAndGet();
      try {
        while (sent < body.length && in.available() == 0) {
          out.write(body[sent++]);
          out.flush();
          pause(50); // the client's pace, not an oracle
        }
      } catch (IOException reset) {
        // The server answered and closed while a byte was on its way: read what it said.
      } finally {
        sending.decrementAndGet();
      }
      if (sent == body.length) {
        completed.incrementAndGet();
      }
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      boolean closed;
      try {
        in.transferTo(answer);
        closed = true;
      } catch (IOException e) {
        closed = e.getMessage() != null && e.getMessage().contains("reset");
      }
      return new Trickle(answer.toString(StandardCharsets.UTF_8), sent, closed);
    }
  }

  @Test
  void tricklingBodiesAreRefusedAndAHealthyRequestIsAnsweredMeanwhile() throws Exception {
    AtomicInteger sending = new AtomicInteger();
    AtomicInteger completed = new AtomicInteger();
    ExecutorService clients = Executors.newFixedThreadPool(TRICKLERS);
    try {
      List<Future<Trickle>> trickles = new ArrayList<>();
      for (int i = 0; i < TRICKLERS; i++) {
        trickles.add(clients.submit(() -> trickle(sending, completed)));
      }
      // Every worker is reading a trickling body.
      await().atMost(Duration.ofSeconds(20)).until(() -> workersReadingBodies() >= WORKERS);

      RawHttp.Reply healthy =
          RawHttp.post(port, "/mcp")
              .json()
              .header("MCP-Protocol-Version", Mcp.VERSION)
              .header("Mcp-Method", "server/discover")
              .body(Bodies.modern(1, "server/discover", Map.of()))
              .send();

      assertThat(healthy.status()).as(healthy.text()).isEqualTo(200);
      assertThat(healthy.json().at("/result/resultType").asText()).isEqualTo("complete");
      assertThat(completed.get()).as("trickling bodies sent whole").isZero();

      for (Future<Trickle> future : trickles) {
        Trickle trickle = future.get(60, TimeUnit.SECONDS);
        assertThat(trickle.sent()).isLessThan(BODY_BYTES);
        assertThat(trickle.closedByServer()).as(trickle.answer()).isTrue();
        assertThat(trickle.answer()).startsWith("HTTP/1.1 408 ");
        assertThat(trickle.answer().toLowerCase(java.util.Locale.ROOT))
            .contains("\r\nconnection: close\r\n")
            .contains("\r\ncontent-type: application/json\r\n");
        JsonNode error =
            JSON.readTree(trickle.answer().substring(trickle.answer().indexOf("\r\n\r\n") + 4));
        assertThat(error.at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(error.at("/error/message").asText())
            .matches(
                "Invalid Request: the body did not arrive within 1000 ms \\(bodyReadTimeout\\);"
                    + " [0-9]+ bytes arrived");
        assertThat(error.at("/error/data"))
            .isEqualTo(JSON.readTree("{\"limit\":\"bodyReadTimeout\",\"timeoutMs\":1000}"));
        assertThat(error.has("id")).isFalse();
      }
    } finally {
      clients.shutdownNow();
      assertThat(clients.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void aBodyThatArrivesInTimeIsServedWhateverItsPace() throws IOException {
    // Ten bytes at a time with short pauses: well within the deadline.
    byte[] body = discoverBody();
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(head(body.length).getBytes(StandardCharsets.US_ASCII));
      for (int at = 0; at < body.length; at += 100) {
        out.write(Arrays.copyOfRange(body, at, Math.min(body.length, at + 100)));
        out.flush();
        pause(20);
      }
      String head = readHead(socket.getInputStream());
      assertThat(head).startsWith("HTTP/1.1 200 ");
    }
  }

  @Test
  void theSettingMustBePositive() {
    assertThatThrownBy(() -> McpFeature.builder().bodyReadTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bodyReadTimeout must be positive (found PT0S)");
    assertThat(McpFeature.builder().build().bodyReadTimeout()).isEqualTo(Duration.ofSeconds(5));
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    while (!bytes.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        break;
      }
      bytes.write(b);
    }
    return bytes.toString(StandardCharsets.ISO_8859_1);
  }

  /** Server threads now reading an MCP request body. */
  private static long workersReadingBodies() {
    return Thread.getAllStackTraces().values().stream()
        .filter(
            stack ->
                Arrays.stream(stack)
                    .anyMatch(
                        frame ->
                            frame.getClassName().endsWith(".RequestGate")
                                && frame.getMethodName().equals("readBody")))
        .count();
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
