package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.jaxrsmcp.testing.Mcp;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 200 MiB long-running read succeeds from a server JVM limited to a 128 MiB heap: the response is
 * spooled to disk and streamed from there, never held whole in memory. The client streams too: it
 * decodes the base64 blob as it arrives, checking every byte, and never holds the message.
 */
class BigReadTest {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @TempDir Path spoolDirectory;

  @Test
  void aReadOf200MiBSucceedsFromAServerWithA128MiBHeap() throws Exception {
    ChildServer server = ChildServer.start(spoolDirectory);
    try {
      Outcome outcome = read(server.mcpUrl);

      assertThat(outcome.status).as(server.log()).isEqualTo(200);
      assertThat(outcome.contentType).startsWith("text/event-stream");
      assertThat(outcome.progress).as("progress every 8 MiB, increasing").hasSize(25);
      assertThat(outcome.progress).isSorted().doesNotHaveDuplicates();
      assertThat(outcome.progress.get(24)).isEqualTo((double) BigReadServer.SIZE);
      assertThat(outcome.mismatch).as("first wrong byte").isEqualTo(-1);
      assertThat(outcome.blobBytes).isEqualTo(BigReadServer.SIZE);
      assertThat(outcome.truncated).isFalse();
      assertThat(outcome.messagesAfterResult).isZero();
      assertThat(outcome.wireBytes)
          .as("the JSON carries the base64 text")
          .isGreaterThan(BigReadServer.SIZE * 4 / 3);

      assertThat(server.process.isAlive()).as("the server survived: %s", server.log()).isTrue();
      assertThat(server.ping()).isEqualTo("pong");
      await().atMost(Duration.ofSeconds(10)).until(() -> LongReads.files(spoolDirectory) == 0);
    } finally {
      server.stop();
    }
  }

  /** Posts the read and walks the SSE stream: progress values, the blob decoded on the fly. */
  private static Outcome read(String url) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofMinutes(2))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", "app://big")
            .POST(
                HttpRequest.BodyPublishers.ofString(LongReads.body("app://big", "big").toString()))
            .build();
    HttpResponse<InputStream> response =
        CLIENT.send(request, HttpResponse.BodyHandlers.ofInputStream());
    Outcome outcome = new Outcome();
    outcome.status = response.statusCode();
    outcome.contentType = response.headers().firstValue("Content-Type").orElse("");
    try (SseBytes sse = new SseBytes(response.body())) {
      InputStream data;
      while ((data = sse.nextData()) != null) {
        if (outcome.blobBytes >= 0) {
          outcome.messagesAfterResult++;
        }
        walk(data, outcome);
      }
      outcome.wireBytes = sse.total;
    }
    return outcome;
  }

  /** Reads one JSON message token by token; the blob is decoded straight into a checker. */
  private static void walk(InputStream message, Outcome outcome) throws IOException {
    try (JsonParser json = new JsonFactory().createParser(message)) {
      JsonToken token;
      while ((token = json.nextToken()) != null) {
        if (token != JsonToken.FIELD_NAME) {
          continue;
        }
        String field = json.currentName();
        json.nextToken();
        switch (field) {
          case "progress" -> outcome.progress.add(json.getDoubleValue());
          case "blob" -> {
            Checker checker = new Checker();
            json.readBinaryValue(checker);
            outcome.blobBytes = checker.count;
            outcome.mismatch = checker.mismatch;
          }
          case "dev.jaxrsmcp/truncated" -> outcome.truncated = json.getBooleanValue();
          case "error" -> throw new AssertionError("the read failed: " + json.readValueAsTree());
          default -> {
            // Other fields are not looked at.
          }
        }
      }
    }
  }

  private static final class Outcome {
    int status;
    String contentType;
    final List<Double> progress = new ArrayList<>();
    long blobBytes = -1;
    long mismatch = -1;
    boolean truncated;
    int messagesAfterResult;
    long wireBytes;
  }

  /** Counts decoded bytes and remembers the first that differs from the server's pattern. */
  private static final class Checker extends OutputStream {
    long count;
    long mismatch = -1;

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      for (int i = 0; i < length; i++) {
        if (mismatch < 0 && bytes[offset + i] != BigReadServer.expected(count)) {
          mismatch = count;
        }
        count++;
      }
    }
  }

  /**
   * Splits an SSE byte stream into the payloads of its {@code data:} lines, each served as a stream
   * that ends at the line's end, so a line of any length passes through a fixed buffer.
   */
  private static final class SseBytes implements AutoCloseable {
    private final InputStream in;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;
    long total;

    SseBytes(InputStream in) {
      this.in = in;
    }

    /** The next {@code data:} payload, or null at the end of the stream. */
    InputStream nextData() throws IOException {
      while (true) {
        byte[] prefix = new byte[6];
        int read = 0;
        int b;
        while (read < prefix.length && (b = next()) != -1 && b != '\n') {
          prefix[read++] = (byte) b;
        }
        if (read == 0 && peekEnd()) {
          return null;
        }
        String start = new String(prefix, 0, read, StandardCharsets.US_ASCII);
        if (start.startsWith("data: ") && read == 6) {
          return new LineStream();
        }
        if (read == prefix.length) {
          skipLine(); // a comment or a field we do not use
        }
      }
    }

    private boolean peekEnd() throws IOException {
      return position >= limit && !fill();
    }

    private void skipLine() throws IOException {
      int b;
      while ((b = next()) != -1 && b != '\n') {
        // skipped
      }
    }

    private int next() throws IOException {
      if (position >= limit && !fill()) {
        return -1;
      }
      return buffer[position++] & 0xff;
    }

    private boolean fill() throws IOException {
      int n = in.read(buffer, 0, buffer.length);
      if (n <= 0) {
        return false;
      }
      total += n;
      position = 0;
      limit = n;
      return true;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }

    /** The rest of the current line, without its newline. */
    private final class LineStream extends InputStream {
      private boolean ended;

      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] into, int offset, int length) throws IOException {
        if (ended || length == 0) {
          return ended ? -1 : 0;
        }
        if (position >= limit && !fill()) {
          ended = true;
          return -1;
        }
        int n = 0;
        while (n < length && position < limit) {
          byte b = buffer[position++];
          if (b == '\n') {
            ended = true;
            break;
          }
          into[offset + n++] = b;
        }
        return n == 0 && ended ? -1 : n;
      }
    }
  }

  /** The server JVM: {@code java -Xmx128m -cp <this class path> BigReadServer <spool>}. */
  private static final class ChildServer {
    final Process process;
    final String mcpUrl;
    private final Deque<String> lastLines;

    private ChildServer(Process process, String mcpUrl, Deque<String> lastLines) {
      this.process = process;
      this.mcpUrl = mcpUrl;
      this.lastLines = lastLines;
    }

    static ChildServer start(Path spool) throws Exception {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process process =
          new ProcessBuilder(
                  java,
                  "-Xmx128m",
                  "-XX:+ExitOnOutOfMemoryError",
                  "-cp",
                  System.getProperty("java.class.path"),
                  BigReadServer.class.getName(),
                  spool.toString())
              .redirectErrorStream(true)
              .start();
      Deque<String> lastLines = new ArrayDeque<>();
      CompletableFuture<String> ready = new CompletableFuture<>();
      Thread drain =
          new Thread(
              () -> {
                try (BufferedReader lines =
                    new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                  String line;
                  while ((line = lines.readLine()) != null) {
                    if (line.startsWith("READY ")) {
                      ready.complete(line.substring(6).trim());
                    }
                    synchronized (lastLines) {
                      lastLines.addLast(line);
                      if (lastLines.size() > 40) {
                        lastLines.removeFirst();
                      }
                    }
                  }
                } catch (IOException e) {
                  // The process ended.
                } finally {
                  ready.completeExceptionally(new IllegalStateException("server exited"));
                }
              },
              "big-read-server-output");
      drain.setDaemon(true);
      drain.start();
      try {
        return new ChildServer(process, ready.get(60, TimeUnit.SECONDS), lastLines);
      } catch (Exception e) {
        process.destroyForcibly();
        throw new AssertionError("the server did not start: " + String.join("\n", lastLines), e);
      }
    }

    String ping() throws Exception {
      String url = mcpUrl.substring(0, mcpUrl.length() - "mcp".length()) + "ping";
      return CLIENT
          .send(
              HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
              HttpResponse.BodyHandlers.ofString())
          .body();
    }

    String log() {
      synchronized (lastLines) {
        return "server output:\n" + String.join("\n", lastLines);
      }
    }

    void stop() throws InterruptedException {
      try {
        process.getOutputStream().close();
      } catch (IOException e) {
        // Already gone.
      }
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }
}
