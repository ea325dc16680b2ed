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
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A client that goes away, and the read timeout, cancel the route: it sees {@code isCancelled()},
 * the {@code cancellation()} stage completes, and its next write fails. Nothing here asserts how
 * fast; each test waits generously for the route to notice.
 */
class CancellationTest {
  /** What the route saw, in order. */
  static final List<String> seen = new CopyOnWriteArrayList<>();

  @Path("/capture")
  public static class Capture {
    /**
     * Runs up to a minute. {@code write}: writes a line, reports progress, pauses, and stops at the
     * first failed write. {@code poll}: writes nothing, stops once {@code isCancelled()}.
     */
    @GET
    @Path("/{mode}")
    @Produces("text/plain")
    @McpResource(uri = "app://capture/{mode}", longRunning = true)
    public StreamingOutput capture(@PathParam("mode") String mode, @Context McpContext mcp) {
      mcp.cancellation().thenRun(() -> seen.add("stage"));
      return out -> {
        for (int i = 1; i <= 600; i++) {
          if (mode.equals("write")) {
            try {
              out.write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
              seen.add("IOException: " + e.getMessage());
              return;
            }
          } else if (mcp.isCancelled()) {
            seen.add("isCancelled");
            return;
          }
          mcp.progress(i);
          ProgressTest.pause(100);
        }
        seen.add("ran to the end");
      };
    }
  }

  private TestServer server;

  @BeforeEach
  void start() {
    seen.clear();
    server =
        TestServer.start(
            new ResourceConfig(Capture.class)
                .register(
                    McpFeature.builder()
                        .longRunningKeepAlive(Duration.ofMillis(100))
                        .longRunningTimeout(Duration.ofSeconds(2))
                        .build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aClientThatGoesAwayFailsTheRoutesNextWrite() throws Exception {
    SseRecorder stream = LongReads.stream(server, "app://capture/write", "p");
    assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
    stream.close();
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> seen.contains("IOException: the MCP read was cancelled"));
    assertThat(seen).contains("stage").doesNotContain("ran to the end");
  }

  @Test
  void aClientThatGoesAwayIsNoticedByKeepAlivesAndSeenAsCancelled() throws Exception {
    SseRecorder stream = LongReads.stream(server, "app://capture/poll", null);
    assertThat(stream.nextComment()).isEqualTo(": keep-alive");
    stream.close();
    // The stage's action runs on the cancelling thread and the route polls on its own: either
    // can come first (docs/long-running.md), so wait for both, then ask that nothing else ran.
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> seen.contains("isCancelled") && seen.contains("stage"));
    assertThat(seen).containsExactlyInAnyOrder("stage", "isCancelled");
  }

  @Test
  void theReadTimeoutAnswersAnErrorAndCancelsTheRoute() {
    var response = LongReads.jsonOnly(server, "app://capture/poll", null);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.contentType()).startsWith("application/json");
    assertThat(LongReads.json(response))
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                    + "\"message\":\"Read timed out after 2000 ms\"}}"));
    await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("isCancelled"));
  }

  @Test
  void theReadTimeoutEndsAStreamWithTheErrorAndFailsTheRoutesNextWrite() throws Exception {
    try (SseRecorder stream = LongReads.stream(server, "app://capture/write", "p")) {
      JsonNode message = stream.next();
      while (message.path("method").asText().equals("notifications/progress")) {
        message = stream.next();
      }
      assertThat(message)
          .isEqualTo(
              LongReads.json(
                  "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                      + "\"message\":\"Read timed out after 2000 ms\"}}"));
      stream.assertEnds();
    }
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> seen.contains("IOException: the MCP read was cancelled"));
  }
}
