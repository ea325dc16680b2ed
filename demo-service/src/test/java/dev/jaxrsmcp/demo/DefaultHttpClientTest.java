package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The JDK {@link HttpClient} with its defaults (HTTP/2 preferred: over plain HTTP every new
 * connection's first request carries {@code Upgrade: h2c}, {@code Connection: Upgrade,
 * HTTP2-Settings} and {@code HTTP2-Settings}) against the running demo. The demo ignores the
 * upgrade and answers in HTTP/1.1, so responses keep their {@code Content-Type} and their framing
 * (chunked, fixed length, SSE) and the connection stays usable. Every client here is new, so every
 * request is an upgrade attempt; each request is bounded (well under the container's 30 s timeout
 * that a hung body would reach).
 */
class DefaultHttpClientTest {
  static final String OWNER = "Bearer demo-token";
  static final Duration BOUND = Duration.ofSeconds(20);
  static final ObjectMapper JSON = new ObjectMapper();

  static DemoServer server;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** A new client with the JDK's defaults: it tries {@code Upgrade: h2c} on its first request. */
  static HttpClient defaultClient() {
    return HttpClient.newHttpClient();
  }

  static HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(server.baseUri().resolve(path))
        .timeout(BOUND)
        .header("Authorization", OWNER);
  }

  @Test
  void theDefaultClientReallyAsksForTheUpgrade() {
    assertThat(defaultClient().version()).isEqualTo(HttpClient.Version.HTTP_2);
  }

  @Test
  void aJsonAnswerKeepsItsContentTypeAndTheConnectionStaysHttp11() throws Exception {
    HttpResponse<String> answer =
        defaultClient()
            .send(
                request("api/widgets/1/state").GET().build(), HttpResponse.BodyHandlers.ofString());

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(JSON.readTree(answer.body()).path("mode").asText()).isEqualTo("heat");
  }

  @Test
  void aStreamedBodyArrivesWholeWithItsType() throws Exception {
    HttpResponse<String> answer =
        defaultClient()
            .send(
                request("api/widgets/1/output?seconds=2").GET().build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
    assertThat(answer.body().lines()).hasSize(2).allMatch(line -> line.startsWith("second "));
  }

  @Test
  void aLargeRequestBodyAndALargeAnswerBothArriveWhole() throws Exception {
    String big = "x".repeat(300_000);
    HttpResponse<String> put =
        defaultClient()
            .send(
                request("api/widgets/2/state/note")
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString("\"" + big + "\""))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(put.statusCode()).isEqualTo(200);
    assertThat(put.headers().firstValue("Content-Type")).hasValue("application/json");

    HttpResponse<String> get =
        defaultClient()
            .send(
                request("api/widgets/2/state").GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(get.statusCode()).isEqualTo(200);
    assertThat(get.headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(JSON.readTree(get.body()).path("note").asText()).isEqualTo(big);
  }

  @Test
  void anMcpEventStreamKeepsItsTypeAndEndsWithTheResult() throws Exception {
    HttpResponse<Stream<String>> answer = readOutputOverMcp(defaultClient(), 2);

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/event-stream"));
    assertThat(answer.headers().firstValue("Transfer-Encoding")).hasValue("chunked");
    List<JsonNode> messages = messages(answer);
    assertThat(result(messages)).startsWith("second 1: ").contains("\nsecond 2: ");
    assertThat(messages)
        .filteredOn(m -> m.path("method").asText().equals("notifications/progress"))
        .hasSize(2);
  }

  @Test
  void manyUpgradeAttemptsAtOnceAllGetTheirStreams() throws Exception {
    int requests = 16; // four such requests froze a demo with two workers per core
    ExecutorService pool = Executors.newFixedThreadPool(requests);
    try {
      List<Future<HttpResponse<Stream<String>>>> answers = new ArrayList<>();
      for (int i = 0; i < requests; i++) {
        answers.add(pool.submit(() -> readOutputOverMcp(defaultClient(), 1)));
      }
      for (Future<HttpResponse<Stream<String>>> answer : answers) {
        HttpResponse<Stream<String>> done = answer.get(60, TimeUnit.SECONDS);
        assertThat(done.headers().firstValue("Content-Type"))
            .hasValueSatisfying(type -> assertThat(type).startsWith("text/event-stream"));
        assertThat(result(messages(done))).startsWith("second 1: ");
      }
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  /** A modern {@code resources/read} of widget 1's output, with progress: an SSE answer. */
  static HttpResponse<Stream<String>> readOutputOverMcp(HttpClient http, int seconds)
      throws Exception {
    String uri = "app://widgets/1/output?seconds=" + seconds;
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{"
            + "\"uri\":\""
            + uri
            + "\",\"_meta\":{\"progressToken\":\"p\","
            + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"jdk\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    return http.send(
        HttpRequest.newBuilder(server.mcpUri())
            .timeout(BOUND)
            .header("Authorization", OWNER)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", uri)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofLines());
  }

  /** Every {@code data:} message of an SSE answer, read to its end. */
  static List<JsonNode> messages(HttpResponse<Stream<String>> answer) {
    List<JsonNode> messages = new ArrayList<>();
    try (Stream<String> lines = answer.body()) {
      lines
          .filter(line -> line.startsWith("data:"))
          .map(line -> parse(line.substring(5)))
          .forEach(messages::add);
    }
    return messages;
  }

  /** The text of the read's result, the last message. */
  static String result(List<JsonNode> messages) {
    assertThat(messages).isNotEmpty();
    JsonNode last = messages.get(messages.size() - 1);
    return last.path("result").path("contents").path(0).path("text").asText();
  }

  private static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new AssertionError("an event that is not JSON: " + json, e);
    }
  }
}
