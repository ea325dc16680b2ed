package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

class LongRunningSmokeTest {
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
          try {
            Thread.sleep(100);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
      };
    }
  }

  @Test
  void progressThenResultOverSse() throws Exception {
    try (TestServer server =
        TestServer.start(new ResourceConfig(Slow.class).register(McpFeature.builder().build()))) {
      var body = Mcp.body(1, "resources/read", Map.of("uri", "app://slow/5"));
      ((com.fasterxml.jackson.databind.node.ObjectNode) body.get("params").get("_meta"))
          .put("progressToken", "p1");
      try (SseRecorder stream =
          SseRecorder.post(
              server.mcpUrl(),
              Map.of(
                  "MCP-Protocol-Version", Mcp.VERSION,
                  "Mcp-Method", "resources/read",
                  "Mcp-Name", "app://slow/5"),
              body.toString())) {
        assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
        for (int i = 1; i <= 5; i++) {
          JsonNode progress = stream.next();
          assertThat(progress.path("method").asText()).isEqualTo("notifications/progress");
          assertThat(progress.path("params").path("progress").asInt()).isEqualTo(i);
        }
        JsonNode result = stream.next();
        assertThat(result.path("result").path("contents").path(0).path("text").asText())
            .isEqualTo("line 1\nline 2\nline 3\nline 4\nline 5\n");
        stream.assertEnds();
      }
    }
  }
}
