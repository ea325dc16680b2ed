package dev.jaxrsmcp.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Opens an SSE response with a POST and records what arrives: JSON messages from {@code data:}
 * lines, comment lines, and the end of the stream. {@link #next()} waits for the next message under
 * a timeout; {@link #assertExhausted} checks nothing else arrives. Closing disconnects.
 */
public final class SseRecorder implements AutoCloseable {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNode END = MAPPER.createObjectNode().put("end", true);
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
  private final BlockingQueue<String> comments = new LinkedBlockingQueue<>();
  private final HttpResponse<InputStream> response;
  private final Thread reader;

  private SseRecorder(HttpResponse<InputStream> response) {
    this.response = response;
    this.reader = new Thread(this::read, "sse-recorder");
    this.reader.setDaemon(true);
    this.reader.start();
  }

  /** POSTs {@code body} with {@code headers} and starts recording the response stream. */
  public static SseRecorder post(String url, Map<String, String> headers, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofString(body));
    request.header("Content-Type", "application/json");
    request.header("Accept", "application/json, text/event-stream");
    headers.forEach(request::header);
    return new SseRecorder(CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
  }

  /** GETs {@code url} with {@code headers} (a legacy session's notification stream) and records. */
  public static SseRecorder get(String url, Map<String, String> headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET();
    request.header("Accept", "text/event-stream");
    headers.forEach(request::header);
    return new SseRecorder(CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
  }

  public int status() {
    return response.statusCode();
  }

  public String header(String name) {
    return response.headers().firstValue(name).orElse(null);
  }

  private void read() {
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.startsWith("data:")) {
          messages.add(MAPPER.readTree(line.substring(5).trim()));
        } else if (line.startsWith(":")) {
          comments.add(line);
        }
      }
    } catch (IOException e) {
      // Closed by the test or the server.
    } finally {
      messages.add(END);
    }
  }

  /** The next JSON message; fails after 10 seconds without one or at the end of the stream. */
  public JsonNode next() throws InterruptedException {
    JsonNode message = messages.poll(10, TimeUnit.SECONDS);
    assertThat(message).as("a message within 10 s").isNotNull();
    assertThat(message).as("a message before the stream ended").isNotSameAs(END);
    return message;
  }

  /** The next JSON message, or empty once the stream ended; fails after 10 seconds of neither. */
  public java.util.Optional<JsonNode> nextOrEnd() throws InterruptedException {
    JsonNode message = messages.poll(10, TimeUnit.SECONDS);
    assertThat(message).as("a message or the end of the stream within 10 s").isNotNull();
    return message == END ? java.util.Optional.empty() : java.util.Optional.of(message);
  }

  /**
   * The next JSON message, or empty when none arrives within {@code within}; fails at the end of
   * the stream.
   */
  public java.util.Optional<JsonNode> poll(Duration within) throws InterruptedException {
    JsonNode message = messages.poll(within.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(message).as("no end of stream").isNotSameAs(END);
    return java.util.Optional.ofNullable(message);
  }

  /** Waits for the stream to end (the server closed it). */
  public void assertEnds() throws InterruptedException {
    JsonNode message = messages.poll(10, TimeUnit.SECONDS);
    assertThat(message).as("end of stream within 10 s").isSameAs(END);
  }

  /** Checks that no message arrives within {@code millis}. */
  public void assertExhausted(long millis) throws InterruptedException {
    JsonNode message = messages.poll(millis, TimeUnit.MILLISECONDS);
    assertThat(message).as("no further message").isNull();
  }

  /** Forgets the comment lines received so far (so the next one is a fresh keep-alive). */
  public void forgetComments() {
    comments.clear();
  }

  /** Checks that no comment line arrives within {@code millis}. */
  public void assertNoComment(long millis) throws InterruptedException {
    String comment = comments.poll(millis, TimeUnit.MILLISECONDS);
    assertThat(comment).as("no comment").isNull();
  }

  /** The next comment line, or empty when none arrives within {@code within}. */
  public java.util.Optional<String> pollComment(Duration within) throws InterruptedException {
    return java.util.Optional.ofNullable(comments.poll(within.toMillis(), TimeUnit.MILLISECONDS));
  }

  /** Waits for a comment line (a keep-alive). */
  public String nextComment() throws InterruptedException {
    String comment = comments.poll(10, TimeUnit.SECONDS);
    assertThat(comment).as("a comment within 10 s").isNotNull();
    return comment;
  }

  @Override
  public void close() throws IOException {
    response.body().close();
    reader.interrupt();
  }
}
