package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.RestAssured;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stalled clients cost the server's heap at most their {@code maxUnsentBytes} and a small constant
 * each (issue 36's first item), measured on a server of its own ({@link StalledHeapServer}: Grizzly
 * as the demo ships it, the bridge's defaults, a {@value #HEAP} heap): {@value #STALLED} clients
 * subscribe to hundreds of resources each and stop reading their stream (a 4 KiB receive buffer,
 * nothing read), while two writers change those resources as fast as they can. The live heap after
 * a full collection (what each heap pool held right after it, so not what the writers allocated
 * since), against the server's with those clients subscribed before the flood, grows by less than
 * {@value #PER_CLIENT} bytes per stalled client, checked every second of the flood and after it;
 * each stalled stream ends at its limit, and a healthy client hears each change of its own resource
 * during the flood.
 *
 * <p>Before the outbox asked Grizzly before each write (ccc53f5), Grizzly queued every small
 * flushed notification of a legacy stream in a pooled buffer of its own and the bridge counted it
 * as sent: the legacy sessions grew by 13 MB each within 4 s of flood and on without end (run on,
 * 230 MB of buffers in 8,936 queued writes filled the heap). With ccc53f5 alone the outbox waited
 * while Grizzly's {@code canWrite} was false, but Grizzly's bound per connection is four times the
 * socket's send buffer (a 7,879,680-byte bound on loopback), and each queued write keeps pooled
 * buffers several times its size: a stalled client grew past 9 MB and on (failing here). The
 * stream's connection now has a 64 KiB bound ({@code readiness.StreamQueues}): about 300 KiB each.
 */
class StalledClientsHeapTest {
  static final String HEAP = "256m";
  static final int STALLED = 5;
  static final long MAX_UNSENT = 1 << 20; // the bridge's default

  /**
   * What one stalled client may hold: its limit, plus a small constant for what is on its way
   * (Grizzly's queue for the connection, one writer turn's flush, the change messages waiting for
   * its stream), as issue 36 asks.
   */
  static final long PER_CLIENT = MAX_UNSENT + (2 << 20);

  /** Resources each stalled client subscribes to. */
  static final int SUBSCRIPTIONS = 400;

  /**
   * Their URIs: long enough that a notification is about 500 bytes, so that every buffer on the way
   * (the kernel's, the container's, the limit) fills within the flood.
   */
  static final String ITEMS = "app://items/" + "i".repeat(400) + "-";

  static final String HEALTHY = ITEMS + "healthy";

  /**
   * The flood runs at least this long, and then on until the server ended every stalled stream (a
   * starved machine fills the buffers more slowly), for at most {@link #MAX_FLOOD_SECONDS}.
   */
  static final int FLOOD_SECONDS = 15;

  static final int MAX_FLOOD_SECONDS = 120;

  @TempDir Path dir;
  Process server;
  int port;
  Path log;
  final List<Socket> stalled = new ArrayList<>();

  @BeforeEach
  void startServer() throws Exception {
    port = TestServer.freePort();
    log = dir.resolve("server.log");
    server =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + HEAP,
                "-XX:+ExitOnOutOfMemoryError",
                "-Djava.io.tmpdir=" + dir,
                "-cp",
                System.getProperty("java.class.path"),
                StalledHeapServer.class.getName(),
                Integer.toString(port))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.readString(log).contains("listening " + port)) {
      assertThat(server.isAlive()).as(Files.readString(log)).isTrue();
      assertThat(System.nanoTime()).as("the stalled-heap server starts").isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  @AfterEach
  void stop() throws Exception {
    for (Socket socket : stalled) {
      socket.close();
    }
    server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }

  @Test
  void stalledLegacySessionsHoldAtMostTheirLimitEach() throws Exception {
    LegacyClient legacy = new LegacyClient(url());
    String healthySession = legacy.start();
    legacy.subscribe(healthySession, HEALTHY).then().statusCode(200);
    try (SseRecorder healthy = legacy.stream(healthySession)) {
      hearsItsChange(healthy); // warms up the path of a notification
      for (int c = 0; c < STALLED; c++) {
        String session = legacy.start();
        for (int i = 0; i < SUBSCRIPTIONS; i++) {
          legacy.subscribe(session, ITEMS + i).then().statusCode(200);
        }
        stalled.add(StalledSockets.legacyStream(port, session));
      }
      floodWhileHealthyHears(healthy);
    }
  }

  @Test
  void stalledListensHoldAtMostTheirLimitEach() throws Exception {
    try (SseRecorder healthy = listen(List.of(HEALTHY))) {
      assertThat(healthy.next().path("method").asText())
          .isEqualTo("notifications/subscriptions/acknowledged");
      hearsItsChange(healthy);
      List<String> uris = new ArrayList<>();
      for (int i = 0; i < SUBSCRIPTIONS; i++) {
        uris.add(ITEMS + i);
      }
      for (int c = 0; c < STALLED; c++) {
        stalled.add(StalledSockets.listen(port, uris));
      }
      floodWhileHealthyHears(healthy);
    }
  }

  private void floodWhileHealthyHears(SseRecorder healthy) throws Exception {
    long stalledIdle = liveHeap(); // their sessions and subscriptions held already
    RestAssured.given()
        .queryParam("prefix", ITEMS)
        .queryParam("count", SUBSCRIPTIONS)
        .queryParam("seconds", MAX_FLOOD_SECONDS)
        .post(admin("flood"))
        .then()
        .statusCode(200);
    long started = System.nanoTime();
    long growth = 0;
    boolean flooding = true;
    while (flooding) {
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
      int ended = ended();
      flooding = seconds < MAX_FLOOD_SECONDS && (seconds < FLOOD_SECONDS || ended < stalled.size());
      if (!flooding) {
        RestAssured.post(admin("stop")).then().statusCode(200);
        Thread.sleep(1_000); // the writers stopped; the last debounced changes go out
      }
      growth = liveHeap() - stalledIdle;
      System.out.printf(
          "%s (%d s, %d of %d stalled streams ended): live heap +%d KiB for %d stalled clients"
              + " (%d KiB each; limit %d KiB each); Grizzly's largest queue (bytes, writes,"
              + " bound): %s%n",
          flooding ? "flooding" : "after the flood",
          seconds,
          ended,
          stalled.size(),
          growth >> 10,
          STALLED,
          growth / STALLED >> 10,
          PER_CLIENT >> 10,
          queues());
      assertThat(growth)
          .as("live heap held for %d stalled clients", STALLED)
          .isLessThan(STALLED * PER_CLIENT);
      hearsItsChange(healthy);
    }
    assertThat(Files.readString(log)).doesNotContain("OutOfMemoryError");
    for (Socket socket : stalled) {
      assertThat(readToTheEnd(socket))
          .contains(": stream ended: more than 1048576 bytes were waiting for this client");
    }
    assertThat(ended())
        .as(
            "streams the server logged as ended for a client that fell behind (the healthy one's"
                + " not among them)")
        .isEqualTo(STALLED);
  }

  /**
   * Reads a stalled stream until the server ends the response (its last chunk); fails when it has
   * not ended within a minute (keep-alives keep a stream that never reached its limit going).
   * Returns the tail of what was read.
   */
  private static String readToTheEnd(Socket socket) throws Exception {
    socket.setSoTimeout(30_000);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[64 * 1024];
    String tail = "";
    long total = 0;
    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
      total += n;
      String read = new String(buffer, 0, n, StandardCharsets.UTF_8);
      tail = (tail + read).substring(Math.max(0, tail.length() + read.length() - 4096));
      if (tail.endsWith("\r\n0\r\n\r\n")) {
        return StalledSockets.unchunked(tail);
      }
      assertThat(System.nanoTime())
          .as("a stalled stream still going after %d bytes; it ends with %s", total, tail)
          .isLessThan(deadline);
    }
    return StalledSockets.unchunked(tail);
  }

  /** A change of the healthy client's resource reaches it (within the recorder's 10 s). */
  private void hearsItsChange(SseRecorder healthy) throws Exception {
    healthy.forgetComments();
    RestAssured.given().queryParam("uri", HEALTHY).post(admin("change")).then().statusCode(200);
    assertThat(healthy.next().path("params").path("uri").asText()).isEqualTo(HEALTHY);
  }

  private SseRecorder listen(List<String> uris) throws Exception {
    return SseRecorder.post(
        url(),
        Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
        Mcp.body(
                "healthy",
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", uris)))
            .toString());
  }

  private long liveHeap() throws Exception {
    assertThat(server.isAlive()).as(Files.readString(log)).isTrue();
    return Long.parseLong(RestAssured.get(admin("heap")).asString());
  }

  /** Streams the server ended because their client fell behind. */
  private int ended() {
    return Integer.parseInt(RestAssured.get(admin("ended")).asString());
  }

  private String queues() {
    return RestAssured.get(admin("queues")).asString();
  }

  private String url() {
    return "http://127.0.0.1:" + port + "/mcp";
  }

  private String admin(String what) {
    return "http://127.0.0.1:" + port + "/admin/" + what;
  }
}
