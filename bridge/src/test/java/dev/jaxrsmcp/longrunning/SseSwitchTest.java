package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotAuthorizedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * When the answer becomes an SSE stream: only once there is something to send. Quick answers,
 * errors included, stay plain JSON with their HTTP status.
 */
class SseSwitchTest {
  @Path("/jobs")
  public static class Jobs {
    @GET
    @Path("/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://jobs/{id}", longRunning = true, cacheTtlMs = 5)
    public StreamingOutput job(@PathParam("id") String id, @Context McpContext mcp) {
      switch (id) {
        case "missing":
          throw new NotFoundException();
        case "secret":
          throw new NotAuthorizedException("Bearer realm=\"jobs\"");
        case "forbidden":
          throw new WebApplicationException(
              Response.status(403).type("text/plain").entity("jobs are private").build());
        default:
          break;
      }
      return out -> {
        if (id.equals("slow")) {
          ProgressTest.pause(800);
        }
        out.write(("job " + id).getBytes(StandardCharsets.UTF_8));
      };
    }

    /** Reports progress, then refuses: the refusal can only be a message on the stream. */
    @GET
    @Path("/late-refusal")
    @Produces("text/plain")
    @McpResource(uri = "app://late-refusal", longRunning = true)
    public String lateRefusal(@Context McpContext mcp) {
      mcp.progress(1);
      ProgressTest.pause(200);
      throw new NotAuthorizedException("Bearer realm=\"jobs\"");
    }
  }

  private TestServer server;

  /** Quick answers: a keep-alive far longer than any of these routes takes, even on a slow CI. */
  @BeforeEach
  void start() {
    server = start(Duration.ofSeconds(5));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static TestServer start(Duration keepAlive) {
    return TestServer.start(
        new ResourceConfig(Jobs.class)
            .register(
                McpFeature.builder()
                    .name("jobs")
                    .version("2.0")
                    .longRunningKeepAlive(keepAlive)
                    .build()));
  }

  @Test
  void aQuickResultStaysPlainJson() {
    var response = LongReads.both(server, "app://jobs/7", "p");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.contentType()).startsWith("application/json");
    assertThat(LongReads.json(response))
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
                    + "\"contents\":[{\"uri\":\"app://jobs/7\",\"mimeType\":\"text/plain\","
                    + "\"text\":\"job 7\"}],\"_meta\":{\"io.modelcontextprotocol/serverInfo\":"
                    + "{\"name\":\"jobs\",\"version\":\"2.0\"}},\"ttlMs\":5,"
                    + "\"cacheScope\":\"private\"}}"));
  }

  @Test
  void aSilentSlowReadBecomesAStreamWithKeepAlives() throws Exception {
    try (TestServer fast = start(Duration.ofMillis(100));
        SseRecorder stream = LongReads.stream(fast, "app://jobs/slow", null)) {
      assertThat(stream.status()).isEqualTo(200);
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      assertThat(stream.header("X-Accel-Buffering")).isEqualTo("no");
      assertThat(stream.nextComment()).isEqualTo(": keep-alive");
      JsonNode result = stream.next();
      assertThat(result.path("result").path("contents").path(0).path("text").asText())
          .isEqualTo("job slow");
      stream.assertEnds();
    }
  }

  @Test
  void aQuickNotFoundStaysPlainJson() {
    var response = LongReads.both(server, "app://jobs/missing", "p");
    assertThat(response.contentType()).startsWith("application/json");
    assertThat(LongReads.json(response))
        .isEqualTo(
            LongReads.json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                    + "\"message\":\"Resource not found\","
                    + "\"data\":{\"uri\":\"app://jobs/missing\"}}}"));
  }

  @Test
  void aQuickUnauthorizedStaysAnHttp401WithTheChallenge() {
    var response = LongReads.both(server, "app://jobs/secret", "p");
    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"jobs\"");
    assertThat(response.contentType()).startsWith("application/json");
    JsonNode error = LongReads.json(response).path("error");
    assertThat(error.path("code").asInt()).isEqualTo(-32603);
    assertThat(error.path("message").asText())
        .isEqualTo("401 Unauthorized: authentication required");
  }

  @Test
  void aQuickRefusalQuotesTheRoutesBody() {
    var response = LongReads.both(server, "app://jobs/forbidden", "p");
    assertThat(response.contentType()).startsWith("application/json");
    JsonNode error = LongReads.json(response).path("error");
    assertThat(error.path("code").asInt()).isEqualTo(-32602);
    assertThat(error.path("message").asText()).isEqualTo("403 Forbidden: jobs are private");
    assertThat(error.path("data").path("status").asInt()).isEqualTo(403);
  }

  @Test
  void anUnauthorizedAfterTheStreamStartedIsAnErrorMessageOnIt() throws Exception {
    try (SseRecorder stream = LongReads.stream(server, "app://late-refusal", "p")) {
      assertThat(stream.status()).isEqualTo(200);
      assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      JsonNode error = stream.next();
      assertThat(error.path("id").asInt()).isEqualTo(1);
      assertThat(error.path("error").path("code").asInt()).isEqualTo(-32603);
      assertThat(error.path("error").path("message").asText())
          .isEqualTo("401 Unauthorized: authentication required");
      assertThat(error.path("error").path("data").path("status").asInt()).isEqualTo(401);
      stream.assertEnds();
    }
  }
}
