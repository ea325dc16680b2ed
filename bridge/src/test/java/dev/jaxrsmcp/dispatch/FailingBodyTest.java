package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
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
   * Past what the bridge holds back, a failure can no longer become an error message: the response
   * must then end in a way no HTTP client or proxy takes for a complete answer. Read over a raw
   * socket: the status line and headers arrive, then the body, which must not end with a chunked
   * body's last chunk (or reach a Content-Length), and the server must end the connection rather
   * than leave it hanging (a read timeout fails here: a hang is not "broken off").
   */
  @ParameterizedTest
  @ValueSource(ints = {20_000, 300_000})
  void aFailureAfterPartOfAPlainReadWasSentBreaksTheResponseOff(int bytes) throws Exception {
    String uri = "app://fail/" + bytes;
    byte[] body =
        Mcp.body(1, "resources/read", Map.of("uri", uri))
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
                  + server.port()
                  + "\r\nContent-Type: application/json\r\nAccept: application/json"
                  + "\r\nMCP-Protocol-Version: "
                  + Mcp.VERSION
                  + "\r\nMcp-Method: resources/read\r\nMcp-Name: "
                  + uri
                  + "\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[64 * 1024];
      try {
        int n;
        while ((n = in.read(buffer)) >= 0) {
          received.write(buffer, 0, n);
          if (received.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n0\r\n\r\n")) {
            break; // a complete chunked body: judged below (the connection may be kept alive)
          }
        }
      } catch (SocketTimeoutException e) {
        throw new AssertionError("the server neither finished nor ended the connection", e);
      } catch (SocketException e) {
        // reset by the server: broken off
      }
      String response = received.toString(StandardCharsets.ISO_8859_1);
      assertThat(response).startsWith("HTTP/1.1 200");
      String head = response.substring(0, response.indexOf("\r\n\r\n"));
      String rest = response.substring(head.length() + 4);
      assertThat(rest).as("part of the body was sent").contains("xxxx");
      if (head.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding: chunked")) {
        assertThat(rest)
            .as("a broken-off chunked body has no last chunk")
            .doesNotEndWith("\r\n0\r\n\r\n");
      } else {
        java.util.regex.Matcher length =
            java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        assertThat(length.find())
            .as("a response with neither chunks nor a length: " + head)
            .isTrue();
        assertThat((long) rest.length())
            .as("a broken-off body is shorter than its Content-Length")
            .isLessThan(Long.parseLong(length.group(1)));
      }
    }
  }
}
