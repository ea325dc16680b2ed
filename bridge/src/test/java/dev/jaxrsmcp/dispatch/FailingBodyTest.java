package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import dev.jaxrsmcp.testing.WireRead;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue: a route that fails after writing part of its body must never reach the MCP client as a
 * complete success. Early failures (within what the bridge holds back, or anywhere in a spooled
 * long-running read) answer a clean error; later ones break the response off.
 */
class FailingBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Path("/fail")
  @Produces("text/plain")
  public static class Failing {
    @GET
    @Path("/{bytes}")
    @McpResource(uri = "app://fail/{bytes}")
    public StreamingOutput plain(@PathParam("bytes") int bytes) {
      return body(bytes);
    }

    @GET
    @Path("/long/{bytes}")
    @McpResource(uri = "app://long/{bytes}", longRunning = true, maxBytes = 1 << 20)
    public StreamingOutput spooled(@PathParam("bytes") int bytes) {
      return body(bytes);
    }

    private static StreamingOutput body(int bytes) {
      return out -> {
        byte[] chunk = new byte[1024];
        Arrays.fill(chunk, (byte) 'x');
        for (int written = 0; written < bytes; written += chunk.length) {
          out.write(chunk, 0, Math.min(chunk.length, bytes - written));
          out.flush();
        }
        throw new IllegalStateException("the database went away after " + bytes + " bytes");
      };
    }
  }

  static TestServer server;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Failing.class).register(McpFeature.builder().build()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** The reply's body when it arrived whole, else empty (the response was broken off). */
  private static Optional<String> read(String uri) throws InterruptedException {
    String body = Mcp.body(1, "resources/read", Map.of("uri", uri)).toString();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.mcpUrl()))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", uri)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    try {
      HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      return Optional.of(new String(response.body(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"app://fail/1000", "app://long/1000", "app://long/200000"})
  void aFailureTheBridgeCanStillAnswerIsAnErrorNeverContents(String uri) throws Exception {
    JsonNode reply = JSON.readTree(read(uri).orElseThrow());

    assertThat(reply.has("result")).isFalse();
    assertThat(reply.at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(reply.at("/error/message").asText()).isEqualTo("500 Internal Server Error");
    assertThat(reply.toString()).doesNotContain("database");
  }

  /**
   * Past what the bridge holds back (the route's first 64 KiB while its content's shape is told,
   * then 8 KiB of the message), a failure can no longer become an error message: the response must
   * then end in a way no HTTP client or proxy takes for a complete answer. Read over a raw socket:
   * the status line and headers arrive, then part of the body; the body must not end with a chunked
   * body's last chunk (nor reach its Content-Length), and the server must end the connection rather
   * than leave it hanging (a read timeout fails here: a hang is not "broken off").
   */
  @ParameterizedTest
  @ValueSource(ints = {100_000, 300_000})
  void aFailureAfterPartOfAPlainReadWasSentBreaksTheResponseOff(int bytes) throws Exception {
    WireRead.Response response = WireRead.read(server.port(), "app://fail/" + bytes);

    assertThat(response.head()).startsWith("HTTP/1.1 200");
    assertThat(response.body()).as("part of the body was sent").contains("xxxx");
    assertThat(response.complete())
        .as("a broken-off response is never complete: " + response.head())
        .isFalse();
    assertThat(response.ended()).as("the server ended the connection").isTrue();
  }

  @Test
  void aFailureWithinWhatIsHeldBackIsACompleteCleanError() throws Exception {
    WireRead.Response response = WireRead.read(server.port(), "app://fail/20000");

    assertThat(response.complete()).as("a complete response: " + response.head()).isTrue();
    JsonNode reply = JSON.readTree(response.body());
    assertThat(reply.has("result")).isFalse();
    assertThat(reply.at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(reply.toString()).doesNotContain("xxxx").doesNotContain("database");
  }
}
