package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Progress notifications: the client's token, increasing values only, in order, before the end. */
class ProgressTest {
  /** Reports the comma-separated values of {@code steps} as progress (total 5), one line each. */
  @Path("/steps")
  public static class Steps {
    @GET
    @Path("/{steps}/{pauseMs}")
    @Produces("text/plain")
    @McpResource(uri = "app://steps/{steps}/{pauseMs}", longRunning = true)
    public StreamingOutput steps(
        @PathParam("steps") String steps,
        @PathParam("pauseMs") long pauseMs,
        @Context McpContext mcp) {
      return out -> {
        for (String step : steps.split(",")) {
          double value = Double.parseDouble(step);
          out.write(("step " + step + "\n").getBytes(StandardCharsets.UTF_8));
          out.flush();
          mcp.progress(value, 5, "step " + step);
          pause(pauseMs);
        }
      };
    }
  }

  private TestServer server;

  @BeforeEach
  void start() {
    server =
        TestServer.start(
            new ResourceConfig(Steps.class)
                .register(
                    McpFeature.builder().longRunningKeepAlive(Duration.ofMillis(100)).build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void progressArrivesInOrderWithTheTokenThenTheResult() throws Exception {
    try (SseRecorder stream = LongReads.stream(server, "app://steps/1,2,3.5,5/0", "p-1")) {
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      assertThat(stream.next())
          .isEqualTo(
              LongReads.json(
                  "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                      + "{\"progressToken\":\"p-1\",\"progress\":1,\"total\":5,"
                      + "\"message\":\"step 1\"}}"));
      assertThat(stream.next().path("params").path("progress").asDouble()).isEqualTo(2);
      assertThat(stream.next().path("params").path("progress").asDouble()).isEqualTo(3.5);
      assertThat(stream.next().path("params").path("progress").asDouble()).isEqualTo(5);
      JsonNode result = stream.next();
      assertThat(result.path("id").asInt()).isEqualTo(1);
      assertThat(result.path("result").path("contents").path(0).path("text").asText())
          .isEqualTo("step 1\nstep 2\nstep 3.5\nstep 5\n");
      stream.assertEnds();
    }
  }

  @Test
  void progressThatDoesNotIncreaseIsNotSent() throws Exception {
    try (SseRecorder stream = LongReads.stream(server, "app://steps/1,2,2,1.5,3,0,5/0", "p-2")) {
      for (double expected : new double[] {1, 2, 3, 5}) {
        JsonNode progress = stream.next();
        assertThat(progress.path("method").asText()).isEqualTo("notifications/progress");
        assertThat(progress.path("params").path("progress").asDouble()).isEqualTo(expected);
      }
      assertThat(stream.next().path("result").path("contents").path(0).path("text").asText())
          .isEqualTo("step 1\nstep 2\nstep 2\nstep 1.5\nstep 3\nstep 0\nstep 5\n");
      stream.assertEnds();
    }
  }

  @Test
  void anIntegerTokenIsEchoedAsAnInteger() throws Exception {
    try (SseRecorder stream = LongReads.stream(server, "app://steps/1/0", 7)) {
      JsonNode progress = stream.next();
      assertThat(progress.path("params").path("progressToken").isInt()).isTrue();
      assertThat(progress.path("params").path("progressToken").asInt()).isEqualTo(7);
      assertThat(stream.next().has("result")).isTrue();
    }
  }

  @Test
  void withoutATokenTheStreamCarriesNoProgress() throws Exception {
    // 3 steps of 300 ms with keep-alives every 100 ms: the response becomes a stream regardless.
    try (SseRecorder stream = LongReads.stream(server, "app://steps/1,2,3/300", null)) {
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      assertThat(stream.nextComment()).isEqualTo(": keep-alive");
      JsonNode only = stream.next();
      assertThat(only.has("result")).as("the first message is the result: %s", only).isTrue();
      stream.assertEnds();
    }
  }

  @Test
  void aTokenOfAnotherKindThanStringOrIntegerIsIgnored() throws Exception {
    String uri = "app://steps/1,2,3/300";
    var body = LongReads.body(uri, null);
    ((com.fasterxml.jackson.databind.node.ObjectNode) body.get("params").get("_meta"))
        .putObject("progressToken");
    try (SseRecorder stream =
        SseRecorder.post(
            server.mcpUrl(),
            java.util.Map.of(
                "MCP-Protocol-Version",
                dev.jaxrsmcp.testing.Mcp.VERSION,
                "Mcp-Method",
                "resources/read",
                "Mcp-Name",
                uri),
            body.toString())) {
      JsonNode only = stream.next();
      assertThat(only.has("result")).as("the first message is the result: %s", only).isTrue();
    }
  }

  @Test
  void aClientThatDoesNotAcceptEventStreamsGetsOnlyTheResult() {
    var response = LongReads.jsonOnly(server, "app://steps/1,2,3/100", "p-3");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.contentType()).startsWith("application/json");
    JsonNode message = LongReads.json(response);
    assertThat(message.path("result").path("contents").path(0).path("text").asText())
        .isEqualTo("step 1\nstep 2\nstep 3\n");
  }

  static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
