package dev.jaxrsmcp.longrunning;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long-running reads on a legacy (2025-11-25) session: the same spooling, progress and
 * cancellation, legacy result shapes, and {@code notifications/cancelled} for tool calls too.
 */
class LegacyEraTest {
  private static final String VERSION = "2025-11-25";
  static final List<String> seen = new CopyOnWriteArrayList<>();

  @Path("/feeds")
  public static class Feeds {
    /** {@code lines} lines with progress; {@code 0}: until its writes fail; {@code 404}: none. */
    @GET
    @Path("/{lines}")
    @Produces("text/plain")
    @McpResource(uri = "app://feeds/{lines}", longRunning = true, maxBytes = 16)
    public StreamingOutput feed(@PathParam("lines") int lines, @Context McpContext mcp) {
      if (lines == 404) {
        throw new NotFoundException();
      }
      return out -> {
        for (int i = 1; lines == 0 || i <= lines; i++) {
          try {
            out.write(("item " + i + "\n").getBytes(StandardCharsets.UTF_8));
          } catch (IOException e) {
            seen.add("IOException");
            return;
          }
          mcp.progress(i);
          if (lines == 0) {
            ProgressTest.pause(100);
          }
        }
      };
    }
  }

  @TempDir java.nio.file.Path spoolDirectory;
  private TestServer server;
  private String session;

  @BeforeEach
  void start() {
    seen.clear();
    server =
        TestServer.start(
            new ResourceConfig(Feeds.class)
                .register(
                    McpFeature.builder()
                        .spoolDirectory(spoolDirectory)
                        .longRunningKeepAlive(Duration.ofSeconds(5))
                        .build()));
    session = initialize();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aTruncatedLegacyResultHasTheMarkerAndNoModernFields() {
    JsonNode message = LongReads.json(post(read(1, "app://feeds/5", null)));
    assertThat(message)
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"contents\":[{\"uri\":"
                    + "\"app://feeds/5\",\"mimeType\":\"text/plain\","
                    + "\"text\":\"item 1\\nitem 2\\nit\"}],"
                    + "\"_meta\":{\"dev.jaxrsmcp/truncated\":true}}}"));
  }

  @Test
  void aQuickNotFoundIsPlainJsonWithTheLegacyCode() {
    Response response = post(read(1, "app://feeds/404", "p"));
    assertThat(response.contentType()).startsWith("application/json");
    assertThat(LongReads.json(response))
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32002,"
                    + "\"message\":\"Resource not found\","
                    + "\"data\":{\"uri\":\"app://feeds/404\"}}}"));
  }

  @Test
  void aClientThatGoesAwayCancelsTheRoute() throws Exception {
    SseRecorder stream = stream(read(7, "app://feeds/0", "p"));
    assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
    stream.close();
    await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("IOException"));
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.files(spoolDirectory) == 0);
  }

  @Test
  void notificationsCancelledStopsAToolCall() throws Exception {
    ObjectNode call = message(9, "tools/call");
    ((ObjectNode) call.get("params")).put("name", "feed").putObject("arguments").put("lines", 0);
    ((ObjectNode) call.get("params")).putObject("_meta").put("progressToken", "t");
    try (SseRecorder stream = stream(call)) {
      assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      ObjectNode cancelled = message(null, "notifications/cancelled");
      ((ObjectNode) cancelled.get("params")).put("requestId", 9).put("reason", "enough");
      assertThat(post(cancelled).statusCode()).isEqualTo(202);
      await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("IOException"));
      // Nothing answers the cancelled request: the stream ends after progress only.
      java.util.Optional<JsonNode> message;
      while ((message = stream.nextOrEnd()).isPresent()) {
        assertThat(message.get().path("method").asText()).isEqualTo("notifications/progress");
      }
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.files(spoolDirectory) == 0);
  }

  @Test
  void aJsonOnlyReadCancelledAfterItsKeepAlivesStartedEndsWithOneJsonError() throws Exception {
    // Keep-alives every 100 ms: the JSON-only response is committed (spaces) before the cancel.
    server.close();
    server =
        TestServer.start(
            new ResourceConfig(Feeds.class)
                .register(
                    McpFeature.builder()
                        .spoolDirectory(spoolDirectory)
                        .longRunningKeepAlive(Duration.ofMillis(100))
                        .build()));
    session = initialize();
    byte[] body = read(12, "app://feeds/0", null).toString().getBytes(StandardCharsets.UTF_8);
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(20_000);
      socket
          .getOutputStream()
          .write(
              ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      + "Accept: application/json\r\nMcp-Session-Id: "
                      + session
                      + "\r\nMCP-Protocol-Version: "
                      + VERSION
                      + "\r\nContent-Length: "
                      + body.length
                      + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().write(body);
      java.io.InputStream in = socket.getInputStream();
      java.io.ByteArrayOutputStream head = new java.io.ByteArrayOutputStream();
      while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
        int b = in.read(); // the head arrives when the first keep-alive commits the response
        assertThat(b).as("head so far: %s", head).isNotNegative();
        head.write(b);
      }
      assertThat(head.toString(StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT))
          .startsWith("http/1.1 200 ")
          .contains("content-type: application/json");

      ObjectNode cancelled = message(null, "notifications/cancelled");
      ((ObjectNode) cancelled.get("params")).put("requestId", 12);
      assertThat(post(cancelled).statusCode()).isEqualTo(202);

      String rest = new String(in.readAllBytes(), StandardCharsets.UTF_8); // chunks until closed
      StringBuilder json = new StringBuilder();
      for (String line : rest.split("\r\n")) {
        if (!line.matches("[0-9a-fA-F]+")) {
          json.append(line); // chunk data (the chunk sizes are hexadecimal lines)
        }
      }
      assertThat(LongReads.json(json.toString()))
          .isEqualTo(
              LongReads.json(
                  "{\"jsonrpc\":\"2.0\",\"id\":12,\"error\":{\"code\":-32603,"
                      + "\"message\":\"Read cancelled\"}}"));
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("IOException"));
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.files(spoolDirectory) == 0);
  }

  @Test
  void notificationsCancelledOfAnotherSessionCancelsNothing() throws Exception {
    String other = initialize();
    try (SseRecorder stream = stream(read(11, "app://feeds/0", "p"))) {
      assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      ObjectNode cancelled = message(null, "notifications/cancelled");
      ((ObjectNode) cancelled.get("params")).put("requestId", 11);
      assertThat(on(other).body(cancelled.toString()).post(server.mcpUrl()).statusCode())
          .isEqualTo(202);
      // Still running: progress keeps coming after the other session's notification.
      for (int i = 0; i < 3; i++) {
        assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      }
      assertThat(seen).isEmpty();
    }
  }

  private String initialize() {
    ObjectNode init = message(1, "initialize");
    ((ObjectNode) init.get("params"))
        .put("protocolVersion", VERSION)
        .putObject("clientInfo")
        .put("name", "legacy-test")
        .put("version", "1");
    ((ObjectNode) init.get("params")).putObject("capabilities");
    Response response =
        given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .body(init.toString())
            .post(server.mcpUrl());
    String id = response.header("Mcp-Session-Id");
    assertThat(id).as(response.asString()).isNotBlank();
    assertThat(
            on(id)
                .body(message(null, "notifications/initialized").toString())
                .post(server.mcpUrl())
                .statusCode())
        .isEqualTo(202);
    return id;
  }

  private static ObjectNode message(Integer id, String method) {
    ObjectNode message = LongReads.JSON.createObjectNode().put("jsonrpc", "2.0");
    if (id != null) {
      message.put("id", id);
    }
    message.put("method", method);
    message.putObject("params");
    return message;
  }

  private static ObjectNode read(int id, String uri, String token) {
    ObjectNode read = message(id, "resources/read");
    ((ObjectNode) read.get("params")).put("uri", uri);
    if (token != null) {
      ((ObjectNode) read.get("params")).putObject("_meta").put("progressToken", token);
    }
    return read;
  }

  private io.restassured.specification.RequestSpecification on(String id) {
    return given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("Mcp-Session-Id", id)
        .header("MCP-Protocol-Version", VERSION);
  }

  private Response post(ObjectNode message) {
    return on(session).body(message.toString()).post(server.mcpUrl());
  }

  private SseRecorder stream(ObjectNode message) throws Exception {
    return SseRecorder.post(
        server.mcpUrl(),
        Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", VERSION),
        message.toString());
  }
}
