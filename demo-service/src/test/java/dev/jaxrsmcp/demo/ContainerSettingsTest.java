package dev.jaxrsmcp.demo;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpTestClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The demo's container settings ({@link ContainerSettings}) over real sockets. */
class ContainerSettingsTest {
  static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();
  static final String OWNER = "Bearer demo-token";

  static DemoServer server;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** Sends {@code request} on a new connection and reads until the server closes it. */
  static String exchange(String request) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(DemoServer.HOST, server.port()), 5_000);
      socket.setSoTimeout(20_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"a b", "[::1"})
  void aHostThatIsNotAHostIsABadRequestAnsweredWithJson(String host) throws IOException {
    for (String path : List.of("/api/motd", "/mcp")) {
      String answer =
          exchange("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");

      assertThat(answer).as(path).startsWith("HTTP/1.1 400 ");
      assertThat(answer.toLowerCase(java.util.Locale.ROOT))
          .contains("\r\ncontent-type: application/json;charset=utf-8\r\n")
          .doesNotContain("<html");
      assertThat(JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4)))
          .isEqualTo(
              JSON.readTree(
                  "{\"status\":400,\"error\":\"Bad Request\","
                      + "\"message\":\"the Host header is not a valid host[:port]\"}"));
    }
  }

  @Test
  void aValidHostStillReachesJersey() throws IOException {
    String answer =
        exchange("GET /api/motd HTTP/1.1\r\nHost: localhost:1\r\nConnection: close\r\n\r\n");

    assertThat(answer).startsWith("HTTP/1.1 200 ");
  }

  @Test
  void anUpgradeRequestIsAnsweredInHttp11AndItsConnectionServesTheNextRequest() throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(DemoServer.HOST, server.port()), 5_000);
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      // What the JDK HttpClient sends by default, with a body.
      String body = "\"on\"";
      out.write(
          ("PUT /api/widgets/1/state/mode HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                  + "HTTP2-Settings: AAEAAEAAAAIAAAAAAAMAAAAAAAQBAAAAAAUAAEAAAAYABgAA\r\n"
                  + "Authorization: "
                  + OWNER
                  + "\r\nContent-Type: application/json\r\nContent-Length: "
                  + body.length()
                  + "\r\n\r\n"
                  + body)
              .getBytes(StandardCharsets.ISO_8859_1));
      String first = readResponse(in);
      assertThat(first).startsWith("HTTP/1.1 200 ");
      String head = first.toLowerCase(java.util.Locale.ROOT);
      assertThat(head).contains("\r\ncontent-type: application/json\r\n");
      assertThat(head).doesNotContain("upgrade").doesNotContain("connection: close");
      assertThat(first).endsWith("\r\n\r\n\"on\"");

      out.write(
          ("GET /api/widgets/1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
                  + OWNER
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      String second = readResponse(in);
      assertThat(second).startsWith("HTTP/1.1 200 ").contains("\"mode\":\"on\"");
    }
  }

  /** A response's status line and headers, or what came before the connection closed. */
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

  /** One response with a Content-Length body. */
  private static String readResponse(InputStream in) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    while (!bytes.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new AssertionError("connection closed within the head: " + bytes);
      }
      bytes.write(b);
    }
    String head = bytes.toString(StandardCharsets.ISO_8859_1);
    int length =
        Arrays.stream(head.split("\r\n"))
            .filter(line -> line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:"))
            .map(line -> Integer.parseInt(line.substring("content-length:".length()).trim()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no Content-Length in " + head));
    bytes.write(in.readNBytes(length));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void routesThatHoldTheirWorkerLeaveWorkersForEveryoneElse() throws Exception {
    int held = 12; // Grizzly's default pool on a two-core machine had four workers
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    ExecutorService pool = Executors.newFixedThreadPool(held);
    try {
      List<Future<HttpResponse<String>>> reads = new ArrayList<>();
      for (int i = 0; i < held; i++) {
        reads.add(
            pool.submit(
                () ->
                    http.send(
                        HttpRequest.newBuilder(
                                server.baseUri().resolve("api/widgets/1/output?seconds=8"))
                            .header("Authorization", OWNER)
                            .timeout(Duration.ofSeconds(60))
                            .build(),
                        HttpResponse.BodyHandlers.ofString())));
      }
      // Each capture runs on its worker for 8 s: wait until all of them are running.
      await().atMost(Duration.ofSeconds(30)).until(() -> workersCapturing() >= held);

      HttpResponse<String> motd =
          http.send(
              HttpRequest.newBuilder(server.baseUri().resolve("api/motd"))
                  .timeout(Duration.ofSeconds(30))
                  .build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(motd.statusCode()).isEqualTo(200);
      assertThat(reads).noneMatch(Future::isDone); // answered while every capture still ran
      for (Future<HttpResponse<String>> read : reads) {
        assertThat(read.get(60, TimeUnit.SECONDS).body().lines()).hasSize(8);
      }
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void longReadsTakeAtMostHalfTheWorkersAndOneMoreWaitsForASlotWithoutAWorker() throws Exception {
    int longReads = ContainerSettings.LONG_READS;
    // A client that refuses streams: each long read answers only when its route is done.
    McpTestClient jsonOnly =
        McpTestClient.modern(server.mcpUri())
            .as(OWNER)
            .header("Accept", "application/json")
            .timeout(Duration.ofSeconds(60));
    ExecutorService pool = Executors.newFixedThreadPool(longReads + 1);
    try {
      List<Future<McpResponse>> reads = new ArrayList<>();
      for (int i = 0; i < longReads; i++) {
        reads.add(pool.submit(() -> jsonOnly.read("app://widgets/1/output?seconds=8")));
      }
      await().atMost(Duration.ofSeconds(30)).until(() -> workersCapturing() >= longReads);

      // Past the limit a read waits in the queue (maxQueuedLongReads), holding no worker.
      Future<McpResponse> oneMore =
          pool.submit(() -> jsonOnly.read("app://widgets/2/output?seconds=1"));
      HttpResponse<String> motd =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .build()
              .send(
                  HttpRequest.newBuilder(server.baseUri().resolve("api/motd"))
                      .timeout(Duration.ofSeconds(30))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(motd.statusCode()).isEqualTo(200);
      assertThat(reads).noneMatch(Future::isDone); // answered while every long read ran
      assertThat(oneMore).isNotDone(); // no slot was free yet
      for (Future<McpResponse> read : reads) {
        assertThat(read.get(60, TimeUnit.SECONDS)).isText().startsWith("second 1: ");
      }
      assertThat(oneMore.get(60, TimeUnit.SECONDS)).isText().startsWith("second 1: ");
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  /** Threads now inside the output capture of {@link WidgetsResource}. */
  private static long workersCapturing() {
    return Thread.getAllStackTraces().values().stream()
        .filter(
            stack ->
                Arrays.stream(stack)
                    .anyMatch(
                        frame ->
                            frame.getClassName().equals(WidgetsResource.class.getName())
                                && frame.getMethodName().equals("cancelledWithin")))
        .count();
  }

  @Test
  void aRequestBodyThatStopsArrivingIsGivenUpWithinTheReadTimeout() throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(DemoServer.HOST, server.port()), 5_000);
      // The container's default read timeout is 30 s; the demo's is 10 s. Wait at most 25 s.
      socket.setSoTimeout(25_000);
      socket
          .getOutputStream()
          .write(
              ("PUT /api/widgets/1/state/mode HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
                      + OWNER
                      + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n\"o")
                  .getBytes(StandardCharsets.ISO_8859_1));
      String answer;
      try {
        answer = readHead(socket.getInputStream());
      } catch (SocketTimeoutException e) {
        throw new AssertionError("the server still waited for the body after 25 s", e);
      } catch (IOException reset) {
        answer = "(reset: " + reset.getMessage() + ")";
      }
      // Jersey reports the failed read of the entity as a 500; the connection may then be closed.
      assertThat(answer).startsWith("HTTP/1.1 500 ");
    }
  }

  @Test
  void aTricklingMcpBodyIsRefusedAndItsConnectionClosedWithoutReadingTheRest() throws Exception {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(DemoServer.HOST, server.port()), 5_000);
      socket.setSoTimeout(25_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      out.write(
          ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Accept: application/json, text/event-stream\r\n"
                  + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: server/discover\r\n"
                  + "Content-Length: 100000\r\n\r\n{")
              .getBytes(StandardCharsets.ISO_8859_1));
      // A byte every 100 ms (the body would take hours) until the server answers.
      for (int sent = 0; sent < 300 && in.available() == 0; sent++) {
        try {
          out.write(' ');
          out.flush();
        } catch (IOException closed) {
          break;
        }
        Thread.sleep(100);
      }
      String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8); // until closed
      assertThat(answer).startsWith("HTTP/1.1 408 ");
      assertThat(answer)
          .contains("the body did not arrive within 5000 ms (bodyReadTimeout)")
          .contains("\"limit\":\"bodyReadTimeout\"");
    }
  }
}
