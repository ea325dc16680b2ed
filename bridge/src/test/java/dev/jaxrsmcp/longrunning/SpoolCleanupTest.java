package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spool file of a long-running read exists while the read runs and is gone afterwards, however
 * it ended: sent (plain or streamed), a quick error, a route failing half-way, a client going away,
 * the read timeout, shutdown.
 */
class SpoolCleanupTest {
  /** Completed by a test to let {@code held} routes finish. */
  static volatile CompletableFuture<Void> release = new CompletableFuture<>();

  static final List<String> seen = new CopyOnWriteArrayList<>();

  @Path("/work")
  public static class Work {
    /**
     * {@code held}: writes a line, reports progress, then waits for the test (or cancellation) and
     * writes another. {@code quick}: one line. {@code missing}: 404. {@code broken}: a line, then
     * an exception.
     */
    @GET
    @Path("/{mode}")
    @Produces("text/plain")
    @McpResource(uri = "app://work/{mode}", longRunning = true)
    public StreamingOutput work(@PathParam("mode") String mode, @Context McpContext mcp) {
      if (mode.equals("missing")) {
        throw new NotFoundException();
      }
      return out -> {
        out.write("first\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        mcp.progress(1);
        if (mode.equals("broken")) {
          throw new IllegalStateException("the route broke half-way");
        }
        if (mode.equals("held")) {
          CompletableFuture.anyOf(release, mcp.cancellation().toCompletableFuture())
              .orTimeout(60, TimeUnit.SECONDS)
              .exceptionally(e -> null)
              .join();
          seen.add(mcp.isCancelled() ? "cancelled" : "released");
          out.write("second\n".getBytes(StandardCharsets.UTF_8));
        }
      };
    }
  }

  @TempDir java.nio.file.Path spoolDirectory;
  private TestServer server;

  @BeforeEach
  void start() {
    release = new CompletableFuture<>();
    seen.clear();
    server =
        TestServer.start(
            new ResourceConfig(Work.class)
                .register(
                    McpFeature.builder()
                        .spoolDirectory(spoolDirectory)
                        .longRunningKeepAlive(Duration.ofMillis(100))
                        .longRunningTimeout(Duration.ofSeconds(3))
                        .build()));
  }

  @AfterEach
  void stop() {
    release.complete(null);
    server.close();
  }

  @Test
  void theFileExistsWhileTheReadRunsAndGoesOnceTheStreamedResultIsSent() throws Exception {
    try (SseRecorder stream = LongReads.stream(server, "app://work/held", "p")) {
      assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      assertThat(LongReads.files(spoolDirectory)).isEqualTo(1);
      release.complete(null);
      assertThat(stream.next().path("result").path("contents").path(0).path("text").asText())
          .isEqualTo("first\nsecond\n");
      stream.assertEnds();
    }
    awaitNoFiles();
  }

  @Test
  void goneAfterAPlainResult() {
    var response = LongReads.jsonOnly(server, "app://work/quick", null);
    assertThat(
            LongReads.json(response).path("result").path("contents").path(0).path("text").asText())
        .isEqualTo("first\n");
    awaitNoFiles();
  }

  @Test
  void goneAfterAQuickError() {
    var response = LongReads.jsonOnly(server, "app://work/missing", null);
    assertThat(LongReads.json(response).path("error").path("message").asText())
        .isEqualTo("Resource not found");
    assertThat(LongReads.files(spoolDirectory)).isZero();
  }

  @Test
  void aRouteFailingHalfWayEndsTheStreamWithAnErrorAndLeavesNoFile() throws Exception {
    try (SseRecorder stream = LongReads.stream(server, "app://work/broken", "p")) {
      assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      assertThat(stream.next())
          .isEqualTo(
              LongReads.json(
                  "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                      + "\"message\":\"500 Internal Server Error\","
                      + "\"data\":{\"status\":500,\"uri\":\"app://work/broken\"}}}"));
      stream.assertEnds();
    }
    awaitNoFiles();
  }

  @Test
  void goneAfterTheClientWentAway() throws Exception {
    SseRecorder stream = LongReads.stream(server, "app://work/held", "p");
    stream.next();
    assertThat(LongReads.files(spoolDirectory)).isEqualTo(1);
    stream.close();
    awaitNoFiles();
    await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("cancelled"));
  }

  @Test
  void goneAfterTheReadTimedOut() {
    var response = LongReads.jsonOnly(server, "app://work/held", null);
    assertThat(LongReads.json(response).path("error").path("message").asText())
        .isEqualTo("Read timed out after 3000 ms");
    awaitNoFiles();
    await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("cancelled"));
  }

  @Test
  void goneAfterShutdownAndTheRouteIsCancelled() throws Exception {
    SseRecorder stream = LongReads.stream(server, "app://work/held", "p");
    stream.next();
    assertThat(LongReads.files(spoolDirectory)).isEqualTo(1);
    server.close();
    awaitNoFiles();
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.empty(spoolDirectory));
    await().atMost(Duration.ofSeconds(5)).until(() -> seen.contains("cancelled"));
    stream.close();
  }

  private void awaitNoFiles() {
    await().atMost(Duration.ofSeconds(5)).until(() -> LongReads.files(spoolDirectory) == 0);
  }
}
