package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * On Tomcat and Jetty, streams whose clients go away while the bridge's writer threads are telling
 * them of changes, and new streams that arrive in that same moment, round after round: every new
 * stream is answered on its own connection and told of a change. In each era: modern listens (each
 * acknowledged first), and legacy sessions' {@code GET} streams (each session subscribed before its
 * stream opens; the sessions of clients gone make room for new ones as the least recently used).
 *
 * <p>Tomcat runs with {@code processorCache="0"} here, as docs/deployment.md advises for servers
 * with long-lived streams: with its default cache, on Tomcat 11 (11.0.27 and 11.0.29) and Tomcat
 * 10.1 (10.1.48, the Jersey 3.1 line), the next connection served by the request processor of a
 * connection that failed under a writer thread sometimes fails too. Its response head fails with
 * "Broken pipe", and its listen is answered by an empty {@code 200} or not at all: the listens'
 * test failed so within a few of its 30 rounds, run after run, on both; the legacy streams' test
 * failed in two runs of two on Tomcat 11, where an {@code initialize} or {@code
 * resources/subscribe} got no answer at all (a plain request, not a stream), and in three of five
 * on 10.1, where a {@code GET} stream was an empty {@code 200}. A bare Jersey {@code ChunkedOutput}
 * resource on Tomcat shows the same without jaxrs-mcp (1 or 2 of 640 new streams); without the
 * cache, neither does.
 */
class ServletClientTurnoverTest {
  static final String BUSY = "app://turnover/busy";
  static final int STREAMS = 16;
  static final int ROUNDS = 30;

  @Path("/turnover")
  public static class Turnover {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://turnover/{id}", subscribe = true)
    public String turnover(@PathParam("id") String id) {
      return "{}";
    }
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void newListensAreAnsweredWhileOthersGoAway(ServletServer.Kind kind) throws Exception {
    turnover(kind, "listens", Stream::listen);
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void newLegacyStreamsAreAnsweredWhileOthersGoAway(ServletServer.Kind kind) throws Exception {
    turnover(kind, "legacy streams", Stream::legacy);
  }

  /** How a round opens one of its streams. */
  private interface Opener {
    Stream open(ServletServer server, String name) throws Exception;
  }

  private static void turnover(ServletServer.Kind kind, String what, Opener opener)
      throws Exception {
    try (ServletApp app =
            new ServletApp(
                IdentityHolder.Mode.PLAIN,
                builder ->
                    builder
                        .debounce(Duration.ZERO)
                        .keepAlive(Duration.ofMillis(50))
                        .watch("app://turnover/{id}", t -> () -> {}),
                Turnover.class);
        ServletServer server = start(kind, app)) {
      McpFeature feature = app.feature();
      AtomicBoolean changing = new AtomicBoolean(true);
      AtomicLong changes = new AtomicLong();
      List<Thread> changers = new ArrayList<>();
      for (int i = 0; i < 2; i++) { // thousands of changes a second: the writer threads stay busy
        Thread changer =
            new Thread(
                () -> {
                  while (changing.get()) {
                    feature.changes().changed(BUSY);
                    changes.incrementAndGet();
                    LockSupport.parkNanos(200_000);
                  }
                },
                "turnover-changer-" + i);
        changer.setDaemon(true);
        changer.start();
        changers.add(changer);
      }
      List<Stream> open = new ArrayList<>();
      try {
        for (int round = 0; round < ROUNDS; round++) {
          List<Stream> next = new ArrayList<>();
          for (int i = 0; i < STREAMS; i++) {
            next.add(opener.open(server, round + "/" + i));
            if (i == STREAMS / 2) {
              closeAll(open); // the last round's clients go away while this round's arrive
            }
          }
          for (Stream stream : next) {
            stream.awaitToldOfAChange();
          }
          open = next;
        }
      } finally {
        closeAll(open);
        changing.set(false);
        for (Thread changer : changers) {
          changer.join(10_000);
        }
      }
      System.out.println(
          kind + ": " + ROUNDS * STREAMS + " " + what + " answered, " + changes + " changes");
    }
  }

  /** Tomcat with {@code processorCache="0"} (see above); Jetty as it comes. */
  private static ServletServer start(ServletServer.Kind kind, ServletApp app) throws Exception {
    return kind == ServletServer.Kind.TOMCAT
        ? TomcatServer.start(app, "127.0.0.1", Map.of("processorCache", "0"))
        : kind.start(app);
  }

  private static void closeAll(List<Stream> streams) throws IOException {
    for (Stream stream : streams) {
      stream.socket.close();
    }
    streams.clear();
  }

  /**
   * A stream told of changes to {@link #BUSY} over a raw socket, read on a thread of its own: a
   * modern listen (acknowledged first) or a legacy session's {@code GET} stream.
   */
  private static final class Stream {
    private final Socket socket;
    private final String name;
    private final CountDownLatch acknowledged;
    private final CountDownLatch told = new CountDownLatch(1);
    private final StringBuffer head = new StringBuffer();

    private Stream(Socket socket, String name, boolean acknowledges) {
      this.socket = socket;
      this.name = name;
      this.acknowledged = new CountDownLatch(acknowledges ? 1 : 0);
    }

    /** A listen; its status line must be a 200 (no status, an early end, fail the test). */
    static Stream listen(ServletServer server, String name) throws IOException {
      return started(new Stream(StalledStreams.listen(server, List.of(BUSY)), name, true));
    }

    /**
     * A legacy session subscribed to {@link #BUSY}, then its {@code GET} stream; the stream's
     * status line must be a 200.
     */
    static Stream legacy(ServletServer server, String name) throws Exception {
      String session = StalledStreams.initialize(server);
      StalledStreams.subscribe(server, session, BUSY);
      return started(new Stream(StalledStreams.legacyStream(server, session), name, false));
    }

    private static Stream started(Stream stream) {
      Thread reader = new Thread(stream::read, "turnover-stream-" + stream.name);
      reader.setDaemon(true);
      reader.start();
      return stream;
    }

    private void read() {
      byte[] buffer = new byte[16 * 1024];
      String tail = "";
      try {
        socket.setSoTimeout(0);
        InputStream in = socket.getInputStream();
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          String read = new String(buffer, 0, n, StandardCharsets.UTF_8);
          if (head.length() < 2048) {
            head.append(read, 0, Math.min(read.length(), 2048));
          }
          String text = tail + read;
          if (text.contains("notifications/subscriptions/acknowledged")) {
            acknowledged.countDown();
          }
          if (acknowledged.getCount() == 0 && text.contains("\"uri\":\"" + BUSY + "\"")) {
            told.countDown();
          }
          tail = text.substring(Math.max(0, text.length() - 256));
        }
        head.append("<end of stream>");
      } catch (IOException e) {
        head.append("<").append(e).append(">"); // closed by the test, or reset by the server
      }
    }

    private String seen() {
      return head.toString().replace("\r", "\\r").replace("\n", "\\n");
    }

    void awaitToldOfAChange() throws InterruptedException {
      assertThat(acknowledged.await(30, TimeUnit.SECONDS))
          .as("listen %s acknowledged; after its status line it read: %s", name, seen())
          .isTrue();
      assertThat(told.await(30, TimeUnit.SECONDS))
          .as("stream %s told of a change; after its status line it read: %s", name, seen())
          .isTrue();
    }
  }
}
