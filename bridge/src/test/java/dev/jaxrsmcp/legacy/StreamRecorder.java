package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Opens an SSE response (a GET, or a POST that may stream) and records what arrives: each event's
 * data, each comment, and the end of the stream. Assertions wait with generous timeouts and never
 * measure time.
 */
final class StreamRecorder implements AutoCloseable {
  private static final Duration WAIT = Duration.ofSeconds(10);
  static final String END = "<end of stream>";

  private final HttpResponse<InputStream> response;
  private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
  private final Thread reader;

  private StreamRecorder(HttpResponse<InputStream> response) {
    this.response = response;
    this.reader = new Thread(this::read, "sse-recorder");
    reader.setDaemon(true);
    reader.start();
  }

  /** Sends the GET and returns once the response headers arrived (within 10 seconds). */
  static StreamRecorder open(String url, Map<String, String> headers) throws Exception {
    return send(HttpRequest.newBuilder(URI.create(url)).GET(), headers);
  }

  /** POSTs a JSON body, accepting JSON and SSE; returns once the response headers arrived. */
  static StreamRecorder post(String url, Map<String, String> headers, String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream");
    return send(request, headers);
  }

  private static StreamRecorder send(HttpRequest.Builder request, Map<String, String> headers)
      throws Exception {
    request.timeout(Duration.ofSeconds(60));
    headers.forEach(request::header);
    HttpResponse<InputStream> response =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .sendAsync(request.build(), HttpResponse.BodyHandlers.ofInputStream())
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    return new StreamRecorder(response);
  }

  HttpResponse<InputStream> response() {
    return response;
  }

  int status() {
    return response.statusCode();
  }

  String header(String name) {
    return response.headers().firstValue(name).orElse(null);
  }

  /** The data of the next event (comments skipped); fails after 10 seconds. */
  String assertNextEvent() throws InterruptedException {
    while (true) {
      String next = received.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(next).as("an SSE event within %s", WAIT).isNotNull();
      assertThat(next).as("an SSE event, not the end of the stream").isNotEqualTo(END);
      if (!next.startsWith(":")) {
        return next;
      }
    }
  }

  /** Waits (at most 10 seconds) for the server to end the stream; only comments may come first. */
  void assertEnds() throws InterruptedException {
    List<String> before = new ArrayList<>();
    while (true) {
      String next = received.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(next).as("the end of the stream within %s", WAIT).isNotNull();
      if (next.equals(END)) {
        assertThat(before).as("events before the end").allMatch(e -> e.startsWith(":"));
        return;
      }
      before.add(next);
    }
  }

  /**
   * Waits (at most 10 seconds) for the server to end the stream and returns the data of every event
   * that came before the end (comments left out).
   */
  List<String> remainingEvents() throws InterruptedException {
    List<String> events = new ArrayList<>();
    while (true) {
      String next = received.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(next).as("the end of the stream within %s", WAIT).isNotNull();
      if (next.equals(END)) {
        return events;
      }
      if (!next.startsWith(":")) {
        events.add(next);
      }
    }
  }

  /** Nothing but comments arrived so far, and the stream has not ended. */
  void assertNothingYet() {
    List<String> now = new ArrayList<>(received);
    assertThat(now).as("what the stream carried so far").allMatch(e -> e.startsWith(":"));
  }

  private void read() {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      StringBuilder data = new StringBuilder();
      String line;
      while ((line = in.readLine()) != null) {
        if (line.isEmpty()) {
          if (data.length() > 0) {
            received.add(data.toString());
            data.setLength(0);
          }
        } else if (line.startsWith(":")) {
          received.add(line);
        } else if (line.startsWith("data:")) {
          if (data.length() > 0) {
            data.append('\n');
          }
          data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
        }
      }
    } catch (IOException e) {
      // The connection broke: for the recorder, the stream ended.
    } finally {
      received.add(END);
    }
  }

  @Override
  public void close() throws IOException {
    reader.interrupt();
    response.body().close();
  }
}
