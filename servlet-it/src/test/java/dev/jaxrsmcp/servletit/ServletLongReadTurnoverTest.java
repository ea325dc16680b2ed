package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * On Tomcat and Jetty, long-running reads whose clients go away while the bridge writes their
 * keep-alives, others that end and write their result in that same moment, and new ones that arrive
 * meanwhile, round after round. Every new read is answered on its own connection (its event
 * stream's first keep-alive), and every read whose client stayed gets its whole result and the end
 * of its response.
 *
 * <p>The companion of {@link ServletClientTurnoverTest} for the third kind of long-lived response,
 * under the same Tomcat setting ({@code processorCache="0"}, as docs/deployment.md advises for
 * servers with long-lived streams). Unlike that test's, this one has not shown Tomcat's hazard:
 * without the setting it passed in three runs of three on Tomcat 11 and two of two on Tomcat 10.1.
 * So it guards long reads under turnover; it is not evidence that they need the setting.
 */
class ServletLongReadTurnoverTest {
  static final int READS = 16;
  static final int ROUNDS = 20;

  /** A result long enough to take more than one write: 8 KiB of text. */
  static final String FILL = "x".repeat(8 * 1024);

  /** The routes' gates, by read; a read's route ends when its gate opens. */
  static final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();

  @Path("/turnover-long")
  public static class LongTurnover {
    @GET
    @Path("/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://turnover-long/{id}", longRunning = true)
    public String read(@PathParam("id") String id) throws InterruptedException {
      // Interrupted when the bridge cancels a read whose client went away.
      if (!gate(id).await(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never opened the gate of " + id);
      }
      return "done " + id + " " + FILL;
    }
  }

  static CountDownLatch gate(String id) {
    return gates.computeIfAbsent(id, i -> new CountDownLatch(1));
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void newLongReadsAreAnsweredWhileOthersGoAwayOrEnd(ServletServer.Kind kind) throws Exception {
    gates.clear();
    try (ServletApp app =
            new ServletApp(
                IdentityHolder.Mode.PLAIN,
                builder ->
                    builder
                        .longRunningKeepAlive(Duration.ofMillis(50))
                        .maxConcurrentLongReads(4 * READS)
                        .maxQueuedLongReads(4 * READS),
                LongTurnover.class);
        ServletServer server = start(kind, app)) {
      List<LongRead> open = new ArrayList<>();
      int ended = 0;
      try {
        for (int round = 0; round < ROUNDS; round++) {
          List<LongRead> next = new ArrayList<>();
          List<LongRead> staying = new ArrayList<>();
          for (int i = 0; i < READS; i++) {
            next.add(LongRead.start(server, round + "-" + i));
            if (i == READS / 2) {
              // the last round: half its clients go away, the other half's routes end
              for (int j = 0; j < open.size(); j++) {
                LongRead read = open.get(j);
                if (j % 2 == 0) {
                  read.socket.close();
                } else {
                  staying.add(read);
                }
                gate(read.id).countDown();
              }
            }
          }
          for (LongRead read : next) {
            read.awaitKeepAlive();
          }
          for (LongRead read : staying) {
            read.awaitResult();
            ended++;
          }
          open = next;
        }
        for (LongRead read : open) {
          gate(read.id).countDown();
        }
        for (LongRead read : open) {
          read.awaitResult();
          ended++;
        }
      } finally {
        for (LongRead read : open) {
          read.socket.close();
        }
        gates.values().forEach(CountDownLatch::countDown);
      }
      System.out.println(
          kind + ": " + ROUNDS * READS + " long reads answered, " + ended + " whole results");
    }
  }

  /** Tomcat with {@code processorCache="0"} (see above); Jetty as it comes. */
  private static ServletServer start(ServletServer.Kind kind, ServletApp app) throws Exception {
    return kind == ServletServer.Kind.TOMCAT
        ? TomcatServer.start(app, "127.0.0.1", Map.of("processorCache", "0"))
        : kind.start(app);
  }

  /** A long-running read over a raw socket, read on a thread of its own. */
  private static final class LongRead {
    private final Socket socket;
    private final String id;
    private final CountDownLatch keptAlive = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final StringBuffer text = new StringBuffer();

    private LongRead(Socket socket, String id) {
      this.socket = socket;
      this.id = id;
    }

    /** Its status line must be a 200 (no status, an early end, fail the test). */
    static LongRead start(ServletServer server, String id) throws IOException {
      LongRead read = new LongRead(StalledStreams.read(server, "app://turnover-long/" + id), id);
      Thread reader = new Thread(read::read, "long-turnover-" + id);
      reader.setDaemon(true);
      reader.start();
      return read;
    }

    private void read() {
      byte[] buffer = new byte[16 * 1024];
      try {
        socket.setSoTimeout(0);
        InputStream in = socket.getInputStream();
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          text.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
          if (text.indexOf(": keep-alive") >= 0) {
            keptAlive.countDown();
          }
          if (text.length() >= 5 && text.lastIndexOf("\r\n0\r\n\r\n") == text.length() - 7) {
            break; // the last chunk: the server ended the response
          }
        }
      } catch (IOException e) {
        text.append("<").append(e).append(">"); // closed by the test, or reset by the server
      } finally {
        ended.countDown();
      }
    }

    private String seen() {
      String all = text.toString().replace(FILL, "<8 KiB>");
      return all.substring(Math.max(0, all.length() - 2048))
          .replace("\r", "\\r")
          .replace("\n", "\\n");
    }

    void awaitKeepAlive() throws InterruptedException {
      assertThat(keptAlive.await(30, TimeUnit.SECONDS))
          .as("read %s kept alive; after its status line it read: %s", id, seen())
          .isTrue();
    }

    /** Its result is the last event, whole, and the response ends with its last chunk. */
    void awaitResult() throws InterruptedException {
      assertThat(ended.await(30, TimeUnit.SECONDS))
          .as("read %s ended; after its status line it read: %s", id, seen())
          .isTrue();
      assertThat(text.toString())
          .as("read %s's response, after its status line", id)
          .contains("Content-Type: text/event-stream")
          .endsWith("\r\n0\r\n\r\n");
      String body = StalledStreams.unchunked(text.toString());
      assertThat(body.substring(body.lastIndexOf("data: ")))
          .as("read %s's last event", id)
          .startsWith("data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":")
          .contains("\"text\":\"done " + id + " " + FILL + "\"");
    }
  }
}
