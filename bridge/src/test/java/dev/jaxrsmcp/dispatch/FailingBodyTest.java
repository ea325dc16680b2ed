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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
    RawResponse response = rawRead("app://fail/" + bytes);

    assertThat(response.head()).startsWith("HTTP/1.1 200");
    assertThat(response.body()).as("part of the body was sent").contains("xxxx");
    assertThat(response.complete())
        .as("a broken-off response is never complete: " + response.head())
        .isFalse();
    assertThat(response.ended()).as("the server ended the connection").isTrue();
  }

  @Test
  void aFailureWithinWhatIsHeldBackIsACompleteCleanError() throws Exception {
    RawResponse response = rawRead("app://fail/20000");

    assertThat(response.complete()).as("a complete response: " + response.head()).isTrue();
    JsonNode reply = JSON.readTree(response.body());
    assertThat(reply.has("result")).isFalse();
    assertThat(reply.at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(reply.toString()).doesNotContain("xxxx").doesNotContain("database");
  }

  /**
   * A response as it arrived on the wire: its head, its body (chunks decoded), whether it was
   * complete by its own framing (the last chunk, or its Content-Length reached) and whether the
   * server ended the connection (end of stream or reset) before the next request.
   */
  private record RawResponse(String head, String body, boolean complete, boolean ended) {}

  private static RawResponse rawRead(String uri) throws IOException {
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
      boolean ended = false;
      try {
        int n;
        while (!complete(received.toString(StandardCharsets.ISO_8859_1))) {
          n = in.read(buffer);
          if (n < 0) {
            ended = true;
            break;
          }
          received.write(buffer, 0, n);
        }
      } catch (SocketTimeoutException e) {
        throw new AssertionError(
            "the server neither finished nor ended the connection; received "
                + received.size()
                + " bytes",
            e);
      } catch (SocketException e) {
        ended = true; // reset by the server
      }
      String response = received.toString(StandardCharsets.ISO_8859_1);
      int headEnd = response.indexOf("\r\n\r\n");
      if (headEnd < 0) {
        return new RawResponse(response, "", false, ended);
      }
      String head = response.substring(0, headEnd);
      String rest = response.substring(headEnd + 4);
      String decoded = chunked(head) ? dechunk(rest) : rest;
      return new RawResponse(
          head,
          new String(decoded.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8),
          complete(response),
          ended);
    }
  }

  /** Whether {@code response} is whole by its own framing. */
  private static boolean complete(String response) {
    int headEnd = response.indexOf("\r\n\r\n");
    if (headEnd < 0) {
      return false;
    }
    String head = response.substring(0, headEnd);
    String rest = response.substring(headEnd + 4);
    if (chunked(head)) {
      return rest.equals("0\r\n\r\n") || rest.endsWith("\r\n0\r\n\r\n");
    }
    Matcher length = CONTENT_LENGTH.matcher(head);
    return length.find() && rest.length() >= Long.parseLong(length.group(1));
  }

  private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length: *(\\d+)$");

  private static boolean chunked(String head) {
    return head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked");
  }

  /** The data of the chunks that arrived whole. */
  private static String dechunk(String chunks) {
    StringBuilder data = new StringBuilder();
    int at = 0;
    while (true) {
      int lineEnd = chunks.indexOf("\r\n", at);
      if (lineEnd < 0) {
        return data.toString();
      }
      int size = Integer.parseInt(chunks.substring(at, lineEnd).trim(), 16);
      int dataStart = lineEnd + 2;
      if (size == 0 || dataStart + size > chunks.length()) {
        return data.append(chunks, dataStart, Math.min(chunks.length(), dataStart + size))
            .toString();
      }
      data.append(chunks, dataStart, dataStart + size);
      at = dataStart + size + 2;
    }
  }
}
