package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.LegacyClient;
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
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A legacy {@code DELETE} ends the session's long-running reads with it: each route is cancelled,
 * nothing more is sent for it, and its spool file is deleted. Reads of other sessions go on.
 */
class DeleteCancelsReadsTest {
  static final List<String> seen = new CopyOnWriteArrayList<>();

  @Path("/runs")
  public static class Runs {
    /** Writes and reports progress every 50 ms for up to a minute, until cancelled. */
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource(uri = "app://runs/{name}", longRunning = true)
    public StreamingOutput run(@PathParam("name") String name, @Context McpContext mcp) {
      return out -> {
        for (int i = 1; i <= 1200; i++) {
          try {
            out.write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8));
          } catch (IOException e) {
            seen.add("cancelled " + name);
            return;
          }
          mcp.progress(i);
          ProgressTest.pause(50);
        }
        seen.add("ran to the end " + name);
      };
    }
  }

  private java.nio.file.Path spool;
  private TestServer server;

  @BeforeEach
  void start() throws IOException {
    seen.clear();
    spool = Files.createTempDirectory("delete-cancels");
    server =
        TestServer.start(
            new ResourceConfig(Runs.class)
                .register(
                    McpFeature.builder()
                        .spoolDirectory(spool)
                        .longRunningKeepAlive(Duration.ofMillis(100))
                        .build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private SseRecorder read(String session, int id, String uri) throws Exception {
    return SseRecorder.post(
        server.mcpUrl(),
        Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", LegacyClient.VERSION),
        LegacyClient.body(
                id, "resources/read", Map.of("uri", uri, "_meta", Map.of("progressToken", "p")))
            .toString());
  }

  @Test
  void deleteCancelsEveryReadOfTheSessionAndOnlyThose() throws Exception {
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    String session = legacy.start();
    String other = legacy.start();
    try (SseRecorder first = read(session, 2, "app://runs/first");
        SseRecorder second = read(session, 3, "app://runs/second");
        SseRecorder kept = read(other, 2, "app://runs/kept")) {
      for (SseRecorder stream : List.of(first, second, kept)) {
        assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      }
      assertThat(LongReads.files(spool)).isEqualTo(3);

      legacy.delete(session).then().statusCode(204);

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> seen.containsAll(List.of("cancelled first", "cancelled second")));
      for (SseRecorder stream : List.of(first, second)) {
        Optional<JsonNode> message;
        while ((message = stream.nextOrEnd()).isPresent()) {
          assertThat(message.get().path("method").asText()).isEqualTo("notifications/progress");
        }
      }
      await().atMost(Duration.ofSeconds(10)).until(() -> LongReads.files(spool) == 1);
      assertThat(kept.next().path("method").asText()).isEqualTo("notifications/progress");
      assertThat(seen).doesNotContain("cancelled kept");
    }
  }
}
