package dev.jaxrsmcp.owners;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unauthenticated floods stay in their lane (contract section 15, issue 31's finding 5 and 6),
 * measured on a server of its own with a 512 MiB heap ({@link FloodServer}, the bridge's default
 * limits):
 *
 * <ol>
 *   <li>10,000 anonymous {@code initialize} calls with junk cookies and 1 MB of capabilities each,
 *       and 10,000 anonymous listens with 1 MB ids: no {@code OutOfMemoryError}; an authenticated
 *       caller's {@code initialize}, listen and read succeed during and after; the live heap after
 *       a full collection stays within 64 MiB of the idle server's. (Before: each session kept a
 *       deep copy of its capabilities, 3.7 MB for 1 MiB, and each listen its body and id; 116
 *       sessions or 117 listens exhausted the heap.)
 *   <li>{@value #JUNK_LISTENS} anonymous listens with 1 MB of junk in their params, kept open: each
 *       costs the server less than {@value #PER_STREAM_LIMIT} bytes of live heap (the container's
 *       state of an open response; before, 4.1 MB: its body and params).
 * </ol>
 */
class FloodUnderSmallHeapTest {
  static final int FLOOD = 10_000;
  static final long LIMIT = 64L << 20;
  static final int JUNK_LISTENS = 100;
  static final long PER_STREAM_LIMIT = 256 << 10;

  @TempDir Path dir;
  Process server;
  int port;
  Path log;
  final List<Socket> open = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void startServer() throws Exception {
    port = TestServer.freePort();
    log = dir.resolve("server.log");
    server =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-Djava.io.tmpdir=" + dir,
                "-cp",
                System.getProperty("java.class.path"),
                FloodServer.class.getName(),
                Integer.toString(port))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.readString(log).contains("listening " + port)) {
      assertThat(server.isAlive()).as(Files.readString(log)).isTrue();
      assertThat(System.nanoTime()).as("the flood server starts").isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  @AfterEach
  void stop() throws Exception {
    for (Socket socket : open) {
      socket.close();
    }
    server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }

  String url() {
    return "http://127.0.0.1:" + port + "/mcp";
  }

  long liveHeap() {
    return Long.parseLong(
        io.restassured.RestAssured.get("http://127.0.0.1:" + port + "/admin/heap").asString());
  }

  @Test
  void anonymousFloodsCannotExhaustTheHeapNorShutOutAnAuthenticatedCaller() throws Exception {
    Wire wire = new Wire(url());
    authenticatedCallerIsServed(wire); // warms up every path the flood takes
    long idle = liveHeap();

    byte[] initialize = body(initializeWithCapabilities());
    byte[] longIdListen = body(listenWithLongId());
    AtomicInteger accepted = new AtomicInteger();
    AtomicInteger badIds = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      int perThread = FLOOD / 4;
      for (int t = 0; t < 4; t++) {
        done.add(
            pool.submit(
                () -> {
                  try (KeptAlive connection = new KeptAlive(port)) {
                    for (int i = 0; i < perThread; i++) {
                      String cookie = "Cookie: junk=" + UUID.randomUUID() + "\r\n";
                      assertThat(connection.send(initialize, "", cookie)).isEqualTo(200);
                      accepted.incrementAndGet();
                      assertThat(connection.send(longIdListen, "subscriptions/listen", cookie))
                          .isEqualTo(400);
                      badIds.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      while (!done.stream().allMatch(Future::isDone)) {
        authenticatedCallerIsServed(wire); // during the flood
        Thread.sleep(2_000);
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    authenticatedCallerIsServed(wire); // and after it
    assertThat(accepted.get()).isEqualTo(FLOOD);
    assertThat(badIds.get()).isEqualTo(FLOOD);
    long flooded = liveHeap();
    assertThat(flooded - idle).as("live heap above the idle server's").isLessThan(LIMIT);

    for (int i = 0; i < JUNK_LISTENS; i++) {
      assertThat(openListenWithJunk()).as("anonymous listen %d", i).isEqualTo(200);
    }
    long withStreams = liveHeap();
    assertThat((withStreams - flooded) / JUNK_LISTENS)
        .as("live heap per open listen with 1 MB of junk in its params")
        .isLessThan(PER_STREAM_LIMIT);
    assertThat(server.isAlive()).isTrue();
    assertThat(Files.readString(log)).doesNotContain("OutOfMemoryError");
  }

  /** Alice, by API key: a session and a read on it, a listen, a modern read. */
  private void authenticatedCallerIsServed(Wire wire) throws Exception {
    String session = wire.initialize(Who.ALICE_KEY);
    Response read =
        wire.legacy(Who.ALICE_KEY, session, 2, "resources/read", Map.of("uri", "test://reports/a"));
    assertThat(read.jsonPath().getString("result.contents[0].text"))
        .isEqualTo("PRIVATE report a of alice");
    try (SseRecorder listen =
        wire.listen(Who.ALICE_KEY, "alice", Map.of("resourcesListChanged", true))) {
      assertThat(listen.status()).isEqualTo(200);
      assertThat(listen.next().path("method").asText())
          .isEqualTo("notifications/subscriptions/acknowledged");
    }
    assertThat(
            wire.read(Who.ALICE_KEY, "test://reports/b")
                .jsonPath()
                .getString("result.contents[0].text"))
        .isEqualTo("PRIVATE report b of alice");
    assertThat(wire.delete(Who.ALICE_KEY, session).statusCode()).isEqualTo(204);
  }

  /**
   * A listen with 1 MB of junk in its params, its connection kept open (the client never reads).
   */
  private int openListenWithJunk() throws IOException {
    Socket socket = new Socket("127.0.0.1", port);
    byte[] junk = body(listenWithJunk(megabyte('j')));
    OutputStream out = socket.getOutputStream();
    out.write(head(port, "subscriptions/listen", "", junk.length));
    out.write(junk);
    out.flush();
    int status = KeptAlive.status(KeptAlive.line(socket.getInputStream()));
    open.add(socket);
    return status;
  }

  static byte[] head(int port, String method, String cookie, int length) {
    String modern =
        method.isEmpty()
            ? ""
            : "MCP-Protocol-Version: " + Mcp.VERSION + "\r\nMcp-Method: " + method + "\r\n";
    return ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
            + port
            + "\r\nContent-Type: application/json\r\n"
            + "Accept: application/json, text/event-stream\r\n"
            + modern
            + cookie
            + "Content-Length: "
            + length
            + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** One keep-alive connection that sends requests one after another and reads whole answers. */
  static final class KeptAlive implements AutoCloseable {
    private final int port;
    private Socket socket;

    KeptAlive(int port) {
      this.port = port;
    }

    int send(byte[] body, String method, String cookie) throws IOException {
      if (socket == null || socket.isClosed()) {
        socket = new Socket("127.0.0.1", port);
      }
      OutputStream out = socket.getOutputStream();
      out.write(head(port, method, cookie, body.length));
      out.write(body);
      out.flush();
      InputStream in = socket.getInputStream();
      int status = status(line(in));
      long length = -1;
      boolean close = false;
      for (String header = line(in); !header.isEmpty(); header = line(in)) {
        String lower = header.toLowerCase(java.util.Locale.ROOT);
        if (lower.startsWith("content-length:")) {
          length = Long.parseLong(lower.substring(15).trim());
        } else if (lower.startsWith("connection:") && lower.contains("close")) {
          close = true;
        }
      }
      if (length < 0 || close) {
        in.transferTo(OutputStream.nullOutputStream());
        socket.close();
      } else {
        in.readNBytes((int) length);
      }
      return status;
    }

    static int status(String statusLine) {
      return Integer.parseInt(statusLine.split(" ")[1]);
    }

    static String line(InputStream in) throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
        line.write(b);
      }
      return line.toString(StandardCharsets.US_ASCII).trim();
    }

    @Override
    public void close() throws IOException {
      if (socket != null) {
        socket.close();
      }
    }
  }

  private static String megabyte(char c) {
    return String.valueOf(c).repeat(1_000_000);
  }

  private static String initializeWithCapabilities() {
    return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
        + "\"2025-11-25\",\"clientInfo\":{\"name\":\"flood\",\"version\":\"1\"},\"capabilities\":"
        + "{\"experimental\":{\"junk\":\""
        + megabyte('c')
        + "\"},\"roots\":{}}}}";
  }

  private static String listenWithJunk(String junk) {
    return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscriptions/listen\",\"params\":{"
        + meta()
        + ",\"notifications\":{\"resourcesListChanged\":true},\"junk\":\""
        + junk
        + "\"}}";
  }

  private static String listenWithLongId() {
    return "{\"jsonrpc\":\"2.0\",\"id\":\""
        + megabyte('i')
        + "\",\"method\":\"subscriptions/listen\",\"params\":{"
        + meta()
        + ",\"notifications\":{\"resourcesListChanged\":true}}}";
  }

  private static String meta() {
    return "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
        + Mcp.VERSION
        + "\",\"io.modelcontextprotocol/clientCapabilities\":{}}";
  }

  private static byte[] body(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }
}
