package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Long-running reads on a legacy session: progress over SSE, and notifications/cancelled. */
class LegacyLongRunningTest {
  static final CountDownLatch routeSawCancel = new CountDownLatch(1);

  @Path("/slow")
  public static class Slow {
    @GET
    @Path("/{n}")
    @Produces("text/plain")
    @McpResource(uri = "app://slow/{n}", longRunning = true)
    public StreamingOutput slow(@PathParam("n") int n, @Context McpContext mcp) {
      return out -> {
        for (int i = 1; i <= n; i++) {
          out.write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8));
          out.flush();
          mcp.progress(i, n, "line " + i);
        }
      };
    }

    /** Reports progress until it is cancelled. */
    @GET
    @Path("/forever")
    @Produces("text/plain")
    @McpResource(uri = "app://forever", longRunning = true)
    public StreamingOutput forever(@Context McpContext mcp) {
      return out -> {
        int i = 0;
        while (!mcp.isCancelled()) {
          mcp.progress(++i);
          try {
            Thread.sleep(50);
          } catch (InterruptedException e) {
            break;
          }
        }
        routeSawCancel.countDown();
      };
    }
  }

  static final ObjectMapper MAPPER = new ObjectMapper();
  static TestServer server;
  static Legacy legacy;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Slow.class).register(McpFeature.builder().build()));
    legacy = new Legacy(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static String readWithProgress(int id, String uri) {
    return Legacy.body(
        id, "resources/read", Map.of("uri", uri, "_meta", Map.of("progressToken", "p-" + id)));
  }

  @Test
  void progressThenALegacyResultOverSse() throws Exception {
    String session = legacy.start();
    try (StreamRecorder stream =
        StreamRecorder.post(
            legacy.url(),
            Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", Legacy.VERSION),
            readWithProgress(1, "app://slow/3"))) {
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      for (int i = 1; i <= 3; i++) {
        JsonNode progress = MAPPER.readTree(stream.assertNextEvent());
        assertThat(progress.path("method").asText()).isEqualTo("notifications/progress");
        assertThat(progress.path("params").path("progressToken").asText()).isEqualTo("p-1");
      }
      JsonNode result = MAPPER.readTree(stream.assertNextEvent());
      assertThat(result.path("id").asInt()).isEqualTo(1);
      assertThat(result.path("result").fieldNames()).toIterable().containsExactly("contents");
      assertThat(result.path("result").path("contents").path(0).path("text").asText())
          .isEqualTo("line 1\nline 2\nline 3\n");
      stream.assertEnds();
    }
  }

  @Test
  void cancelledNotificationStopsTheRead() throws Exception {
    String session = legacy.start();
    try (StreamRecorder stream =
        StreamRecorder.post(
            legacy.url(),
            Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", Legacy.VERSION),
            readWithProgress(42, "app://forever"))) {
      assertThat(MAPPER.readTree(stream.assertNextEvent()).path("method").asText())
          .isEqualTo("notifications/progress");
      legacy
          .on(session)
          .body(
              Legacy.body(
                  null, "notifications/cancelled", Map.of("requestId", 42, "reason", "enough")))
          .post(legacy.url())
          .then()
          .statusCode(202);
      assertThat(routeSawCancel.await(10, TimeUnit.SECONDS))
          .as("the route saw the cancellation")
          .isTrue();
      // The stream ends with no response for the cancelled request, only progress before it.
      for (String event : stream.remainingEvents()) {
        assertThat(MAPPER.readTree(event).path("method").asText())
            .isEqualTo("notifications/progress");
      }
    }
  }
}
