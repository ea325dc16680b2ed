package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contract section 9, for a client that accepts only {@code application/json}: its long-running
 * read is still one JSON response, and its going away still cancels the route and deletes the spool
 * file. The response is committed as JSON after one keep-alive interval of silence and kept alive
 * with spaces (whitespace before the JSON value), whose failed write tells the read that the client
 * left.
 */
class JsonOnlyDisconnectTest {
  /** What the routes did, in order. */
  static final List<String> seen = new CopyOnWriteArrayList<>();

  @Path("/job")
  public static class Job {
    /**
     * {@code wait}: writes a line, then waits (up to a minute) until cancelled. {@code slow}:
     * writes a line after {@code 1.5 s} and ends.
     */
    @GET
    @Path("/{mode}")
    @Produces("text/plain")
    @McpResource(uri = "app://job/{mode}", longRunning = true)
    public StreamingOutput job(@PathParam("mode") String mode, @Context McpContext mcp) {
      return out -> {
        seen.add("started " + mode);
        if (mode.equals("slow")) {
          ProgressTest.pause(1_500);
          out.write("done\n".getBytes(StandardCharsets.UTF_8));
          return;
        }
        out.write("first\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        for (int i = 0; i < 600; i++) {
          if (mcp.isCancelled()) {
            seen.add("cancelled");
            return;
          }
          ProgressTest.pause(100);
        }
        seen.add("ran to the end");
      };
    }
  }

  @TempDir java.nio.file.Path spoolDirectory;

  private TestServer server;

  @BeforeEach
  void start() {
    seen.clear();
    server =
        TestServer.start(
            new ResourceConfig(Job.class)
                .register(
                    McpFeature.builder()
                        .spoolDirectory(spoolDirectory)
                        // The defaults' keep-alive; a timeout far past every wait below.
                        .longRunningKeepAlive(Duration.ofMillis(500))
                        .longRunningTimeout(Duration.ofMinutes(5))
                        .build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** Sends a JSON-only {@code resources/read} of {@code uri} on a new connection. */
  private Socket jsonOnlyRead(String uri) throws IOException {
    byte[] body = LongReads.body(uri, null).toString().getBytes(StandardCharsets.UTF_8);
    Socket socket = new Socket();
    socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
    socket.setSoTimeout(20_000);
    socket
        .getOutputStream()
        .write(
            ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json\r\nMCP-Protocol-Version: "
                    + Mcp.VERSION
                    + "\r\nMcp-Method: resources/read\r\nMcp-Name: "
                    + uri
                    + "\r\nContent-Length: "
                    + body.length
                    + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().write(body);
    socket.getOutputStream().flush();
    return socket;
  }

  @Test
  void aJsonOnlyClientThatLeavesMidReadCancelsTheRouteAndFreesItsSpool() throws Exception {
    Socket socket = jsonOnlyRead("app://job/wait");
    await().atMost(Duration.ofSeconds(10)).until(() -> seen.contains("started wait"));
    await().atMost(Duration.ofSeconds(10)).until(() -> LongReads.files(spoolDirectory) == 1);

    socket.close();

    await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("cancelled"));
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.files(spoolDirectory) == 0);
    assertThat(seen).containsExactly("started wait", "cancelled");
  }

  @Test
  void aJsonOnlyClientThatStaysGetsOneJsonResponseAfterTheKeepAlives() throws Exception {
    String answer;
    try (Socket socket = jsonOnlyRead("app://job/slow")) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (InputStream in = socket.getInputStream()) {
        in.transferTo(bytes);
      }
      answer = bytes.toString(StandardCharsets.UTF_8);
    }

    int end = answer.indexOf("\r\n\r\n");
    String head = answer.substring(0, end).toLowerCase(Locale.ROOT);
    assertThat(head).startsWith("http/1.1 200 ").contains("\r\ncontent-type: application/json");
    assertThat(head).doesNotContain("text/event-stream");
    String body = dechunk(answer.substring(end + 4));
    // Keep-alive spaces came first (the route took three keep-alive intervals), then the message.
    assertThat(body).startsWith(" ");
    assertThat(body.trim()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":");
    JsonNode message = LongReads.json(body);
    assertThat(message.at("/result/contents/0/text").asText()).isEqualTo("done\n");
    assertThat(seen).containsExactly("started slow");
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.files(spoolDirectory) == 0);
  }

  /** The body of a chunked response. */
  private static String dechunk(String chunked) {
    StringBuilder body = new StringBuilder();
    int at = 0;
    while (true) {
      int line = chunked.indexOf("\r\n", at);
      int size = Integer.parseInt(chunked.substring(at, line).trim(), 16);
      if (size == 0) {
        return body.toString();
      }
      body.append(chunked, line + 2, line + 2 + size);
      at = line + 2 + size + 2;
    }
  }
}
