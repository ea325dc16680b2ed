package dev.jaxrsmcp.longrunning;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

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
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over plain HTTP the same route works unchanged: its McpContext is inert and nothing is spooled.
 */
class PlainHttpTest {
  @Path("/report")
  public static class Report {
    @GET
    @Path("/{lines}")
    @Produces("text/plain")
    @McpResource(uri = "app://report/{lines}", longRunning = true, maxBytes = 60)
    public StreamingOutput report(@PathParam("lines") int lines, @Context McpContext mcp) {
      return out -> {
        out.write(
            ("mcp read: "
                    + mcp.isMcpRead()
                    + ", cancelled: "
                    + mcp.isCancelled()
                    + ", stage done: "
                    + mcp.cancellation().toCompletableFuture().isDone()
                    + "\n")
                .getBytes(StandardCharsets.UTF_8));
        for (int i = 1; i <= lines; i++) {
          out.write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8));
          mcp.progress(i, lines, "line " + i);
        }
        out.write(("full: " + mcp.isFull() + "\n").getBytes(StandardCharsets.UTF_8));
      };
    }
  }

  @TempDir java.nio.file.Path spoolDirectory;
  private TestServer server;

  @BeforeEach
  void start() {
    server =
        TestServer.start(
            new ResourceConfig(Report.class)
                .register(McpFeature.builder().spoolDirectory(spoolDirectory).build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aPlainGetRunsTheRouteWithAnInertContextAndNoMaxBytes() {
    String body =
        given()
            .get(server.baseUri() + "report/3")
            .then()
            .statusCode(200)
            .contentType("text/plain")
            .extract()
            .asString();
    assertThat(body)
        .isEqualTo(
            "mcp read: false, cancelled: false, stage done: false\n"
                + "line 1\nline 2\nline 3\nfull: false\n");
    assertThat(LongReads.files(spoolDirectory)).isZero();
  }

  @Test
  void theSameRouteReadOverMcpSeesAnMcpContext() {
    String text =
        LongReads.json(LongReads.jsonOnly(server, "app://report/0", null))
            .path("result")
            .path("contents")
            .path(0)
            .path("text")
            .asText();
    assertThat(text).startsWith("mcp read: true, cancelled: false, stage done: false\n");
  }
}
