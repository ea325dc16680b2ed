package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contract section 11, error redaction: a route or bridge failure carrying a secret (in its
 * exception message, an exception mapper's body, a reason phrase, a header, a redirect target)
 * never shows the secret, an exception class name or a stack trace to the client, in any era or
 * method; bridge failures are logged in full with an incident id and the request id.
 */
class RedactionTest {
  static final String SECRET = "s3cr3t-db-password";

  /** Exceptions of this type are rendered by {@link LeakyMapper} with their message. */
  static final class LeakyException extends RuntimeException {
    LeakyException(String message) {
      super(message);
    }
  }

  /** What a careless application does: the exception message in a 500 body and reason phrase. */
  public static class LeakyMapper implements ExceptionMapper<LeakyException> {
    @Override
    public Response toResponse(LeakyException e) {
      return Response.status(500, "Failed: " + e.getMessage())
          .entity("java.lang.IllegalStateException: " + e.getMessage() + "\n\tat dev.Route.x")
          .header("X-Debug", e.getMessage())
          .type("text/plain")
          .build();
    }
  }

  @Path("/fail")
  public static class Failing {
    @GET
    @Path("/{how}")
    @Produces("text/plain")
    @McpResource(uri = "app://fail/{how}", subscribe = true)
    public Response fail(@PathParam("how") String how) {
      return switch (how) {
        case "throw" -> throw new IllegalStateException("cannot connect with " + SECRET);
        case "mapped" -> throw new LeakyException("cannot connect with " + SECRET);
        case "bad-gateway" ->
            Response.status(502, "Upstream " + SECRET)
                .entity("upstream said " + SECRET)
                .header("X-Debug", SECRET)
                .build();
        case "redirect" ->
            Response.status(302)
                .location(URI.create("https://internal.example.com/" + SECRET))
                .entity(SECRET)
                .build();
        default -> Response.ok("fine").build();
      };
    }

    @GET
    @Path("/long")
    @Produces("text/plain")
    @McpResource(uri = "app://long-fail")
    public StreamingOutput longFail() {
      return out -> {
        throw new IllegalStateException("long read lost " + SECRET);
      };
    }

    @GET
    @Path("/long-mark")
    @Produces("text/plain")
    @McpResource(uri = "app://long-fail-running", longRunning = true)
    public StreamingOutput longRunningFail() {
      return out -> {
        out.write("partial".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        throw new IllegalStateException("long read lost " + SECRET);
      };
    }
  }

  static TestServer server;
  static Mcp mcp;
  static final List<LogRecord> LOGGED = new java.util.concurrent.CopyOnWriteArrayList<>();
  static final Logger BRIDGE_LOG = Logger.getLogger("dev.jaxrsmcp");
  static final Handler CAPTURE =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          LOGGED.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeAll
  static void start() {
    BRIDGE_LOG.addHandler(CAPTURE);
    server =
        TestServer.start(
            new ResourceConfig(Failing.class, LeakyMapper.class)
                .register(
                    McpFeature.builder()
                        .complete(
                            "app://fail/{how}",
                            "how",
                            (prefix, resolved) -> {
                              throw new IllegalArgumentException("completer lost " + SECRET);
                            })
                        .watch(
                            "app://fail/{how}",
                            target -> {
                              throw new IllegalStateException("watcher lost " + SECRET);
                            })
                        .build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
    BRIDGE_LOG.removeHandler(CAPTURE);
  }

  @BeforeEach
  @AfterEach
  void clearLog() {
    LOGGED.clear();
  }

  /** Nothing of the failure reaches the client: no secret, class name or stack frame. */
  static void assertRedacted(String whatTheClientSaw) {
    assertThat(whatTheClientSaw)
        .doesNotContain(SECRET)
        .doesNotContain("Exception")
        .doesNotContain("dev.")
        .doesNotContain("\tat ")
        .doesNotContain("internal.example.com");
  }

  static String everything(io.restassured.response.Response response) {
    return response.headers().toString() + "\n" + response.asString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"throw", "mapped"})
  void routeExceptionIsAStatusLineOnly(String how) {
    io.restassured.response.Response response = mcp.read("app://fail/" + how);

    assertRedacted(everything(response));
    assertThat(response.asString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                + "\"message\":\"500 Internal Server Error\","
                + "\"data\":{\"status\":500,\"uri\":\"app://fail/"
                + how
                + "\"}}}");
  }

  @Test
  void serverErrorStatusKeepsItsStandardReasonOnly() {
    io.restassured.response.Response response = mcp.read("app://fail/bad-gateway");

    assertRedacted(everything(response));
    assertThat(response.jsonPath().getString("error.message")).isEqualTo("502 Bad Gateway");
  }

  @Test
  void redirectTargetIsNotShown() {
    io.restassured.response.Response response = mcp.read("app://fail/redirect");

    assertRedacted(everything(response));
    assertThat(response.jsonPath().getString("error.message"))
        .isEqualTo("302 Found: redirects are not followed");
  }

  @ParameterizedTest
  @ValueSource(strings = {"throw", "mapped", "bad-gateway", "redirect"})
  void toolCallErrorResultIsRedacted(String how) {
    io.restassured.response.Response response =
        mcp.call("tools/call", Map.of("name", "fail", "arguments", Map.of("how", how)));

    assertRedacted(everything(response));
    assertThat(response.jsonPath().getBoolean("result.isError")).isTrue();
  }

  @Test
  void legacyReadIsRedacted() {
    RawHttp.Reply init =
        RawHttp.post(server.port(), "/mcp").json().body(Bodies.initialize()).send();
    RawHttp.Reply reply =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("Mcp-Session-Id", init.header("Mcp-Session-Id"))
            .header("MCP-Protocol-Version", Bodies.LEGACY_VERSION)
            .body(Bodies.legacy(2, "resources/read", Map.of("uri", "app://fail/mapped")))
            .send();

    assertRedacted(reply.headers() + "\n" + reply.text());
    assertThat(reply.json().at("/error/message").textValue())
        .isEqualTo("500 Internal Server Error");
  }

  @Test
  void failureWhileStreamingTheBodyIsRedacted() {
    io.restassured.response.Response response = mcp.read("app://long-fail");

    assertRedacted(everything(response));
    assertThat(response.jsonPath().getInt("error.code")).isEqualTo(-32603);
  }

  @Test
  void longRunningReadFailureIsRedacted() {
    io.restassured.response.Response response =
        mcp.request("resources/read", "app://long-fail-running")
            .accept("application/json")
            .body(Bodies.modern(1, "resources/read", Map.of("uri", "app://long-fail-running")))
            .post(mcp.url());

    assertRedacted(everything(response));
    assertThat(response.jsonPath().getInt("error.code")).isEqualTo(-32603);
  }

  @Test
  void failingWatcherAndFailingPreReadShowNothing() throws Exception {
    try (SseRecorder stream =
        SseRecorder.post(
            server.mcpUrl(),
            Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
            Bodies.modern(
                5,
                "subscriptions/listen",
                Map.of(
                    "notifications",
                    Map.of(
                        "resourceSubscriptions", List.of("app://fail/ok", "app://fail/throw")))))) {
      JsonNode acknowledgement = stream.next();

      assertRedacted(acknowledgement.toString());
      assertThat(acknowledgement.at("/params/notifications/resourceSubscriptions").toString())
          .isEqualTo("[\"app://fail/ok\"]");
    }
  }

  @Test
  void bridgeFailureIsAnIncidentLoggedInFullWithTheRequestId() {
    io.restassured.response.Response response =
        mcp.call(
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/resource", "uri", "app://fail/{how}"),
                "argument", Map.of("name", "how", "value", "t")));

    assertRedacted(everything(response));
    String message = response.jsonPath().getString("error.message");
    assertThat(message).matches("Internal error \\(incident [0-9a-f-]{36}\\)");
    assertThat(response.jsonPath().getInt("error.code")).isEqualTo(-32603);
    assertThat(response.jsonPath().getInt("id")).isEqualTo(1);
    String incident = message.substring("Internal error (incident ".length(), message.length() - 1);
    List<String> logged = new ArrayList<>();
    for (LogRecord record : LOGGED) {
      logged.add(
          record.getMessage()
              + " | "
              + (record.getThrown() == null ? "" : record.getThrown().getMessage()));
    }
    assertThat(logged)
        .anySatisfy(
            line ->
                assertThat(line)
                    .contains("completion/complete")
                    .contains("JSON-RPC id 1")
                    .contains(incident)
                    .contains(SECRET));
  }
}
