package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotAuthorizedException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calling the tool of a long-running resource is a long-running read too: spooled, with progress,
 * cancelled when the client goes away; its result is a tool result (errors as {@code isError}).
 */
class ToolCallTest {
  static final List<String> seen = new CopyOnWriteArrayList<>();

  @Path("/exports")
  public static class Exports {
    /** {@code lines} lines with progress; {@code 0} runs until the client goes away. */
    @GET
    @Path("/{lines}")
    @Produces("text/plain")
    @McpResource(uri = "app://exports/{lines}", longRunning = true, maxBytes = 64)
    public StreamingOutput export(@PathParam("lines") int lines, @Context McpContext mcp) {
      if (lines == 403) {
        throw new WebApplicationException(403);
      }
      if (lines == 401) {
        throw new NotAuthorizedException("Bearer realm=\"exports\"");
      }
      return out -> {
        for (int i = 1; lines == 0 || i <= lines; i++) {
          try {
            out.write(("row " + i + "\n").getBytes(StandardCharsets.UTF_8));
          } catch (IOException e) {
            seen.add("IOException");
            return;
          }
          mcp.progress(i, lines == 0 ? Double.NaN : lines, "");
          if (lines == 0) {
            ProgressTest.pause(100);
          }
        }
      };
    }

    @GET
    @Path("/archive")
    @Produces("application/zip")
    @McpResource(uri = "app://archive", longRunning = true)
    public byte[] archive() {
      return new byte[] {'P', 'K', 3, 4};
    }
  }

  @TempDir java.nio.file.Path spoolDirectory;
  private TestServer server;

  @BeforeEach
  void start() {
    seen.clear();
    server =
        TestServer.start(
            new ResourceConfig(Exports.class)
                .register(
                    McpFeature.builder()
                        .name("exports")
                        .version("1")
                        .spoolDirectory(spoolDirectory)
                        .longRunningKeepAlive(Duration.ofSeconds(5))
                        .build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aToolCallReportsProgressThenItsResult() throws Exception {
    try (SseRecorder stream = LongReads.streamTool(server, "export", Map.of("lines", 3), "t")) {
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      for (int i = 1; i <= 3; i++) {
        JsonNode progress = stream.next();
        assertThat(progress.path("method").asText()).isEqualTo("notifications/progress");
        assertThat(progress.path("params").path("progressToken").asText()).isEqualTo("t");
        assertThat(progress.path("params").path("progress").asInt()).isEqualTo(i);
      }
      assertThat(stream.next())
          .isEqualTo(
              LongReads.json(
                  "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
                      + "\"content\":[{\"type\":\"text\",\"text\":\"row 1\\nrow 2\\nrow 3\\n\"}],"
                      + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":"
                      + "{\"name\":\"exports\",\"version\":\"1\"}}}}"));
      stream.assertEnds();
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.files(spoolDirectory) == 0);
  }

  @Test
  void aTruncatedToolResultCarriesTheMarker() {
    JsonNode result =
        LongReads.json(LongReads.callTool(server, "export", Map.of("lines", 20))).path("result");
    assertThat(result.path("content").path(0).path("text").asText()).hasSize(64);
    assertThat(result.path("_meta").path("dev.jaxrsmcp/truncated").asBoolean()).isTrue();
  }

  @Test
  void aBlobBecomesAnEmbeddedResource() {
    JsonNode item =
        LongReads.json(LongReads.callTool(server, "archive", Map.of()))
            .path("result")
            .path("content")
            .path(0);
    assertThat(item.path("type").asText()).isEqualTo("resource");
    assertThat(item.path("resource").path("uri").asText()).isEqualTo("app://archive");
    assertThat(item.path("resource").path("mimeType").asText()).isEqualTo("application/zip");
    assertThat(Base64.getDecoder().decode(item.path("resource").path("blob").asText()))
        .containsExactly('P', 'K', 3, 4);
  }

  @Test
  void aRefusalIsAnErrorResult() {
    var response = LongReads.callTool(server, "export", Map.of("lines", 403));
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode result = LongReads.json(response).path("result");
    assertThat(result.path("isError").asBoolean()).isTrue();
    assertThat(result.path("content").path(0).path("text").asText())
        .isEqualTo("403 Forbidden: the route refused the read");
    assertThat(LongReads.files(spoolDirectory)).isZero();
  }

  @Test
  void anUnauthorizedStaysAnHttp401() {
    var response = LongReads.callTool(server, "export", Map.of("lines", 401));
    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"exports\"");
  }

  @Test
  void aClientThatGoesAwayCancelsTheToolsRoute() throws Exception {
    SseRecorder stream = LongReads.streamTool(server, "export", Map.of("lines", 0), "t");
    assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
    stream.close();
    await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("IOException"));
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.files(spoolDirectory) == 0);
  }
}
