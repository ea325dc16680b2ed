package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** GET with a session opens the session's notification stream; DELETE ends the session. */
class LegacyStreamTest {
  @Path("/motd")
  public static class Motd {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://motd", subscribe = true)
    public String motd() {
      return "hello";
    }
  }

  static TestServer server;
  static Legacy legacy;
  static McpFeature feature;

  @BeforeAll
  static void start() {
    feature = McpFeature.builder().watch("app://motd", target -> () -> {}).build();
    server = TestServer.start(new ResourceConfig(Motd.class).register(feature));
    legacy = new Legacy(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Map<String, String> streamHeaders(String session) {
    return Map.of(
        "Accept",
        "text/event-stream",
        "Mcp-Session-Id",
        session,
        "MCP-Protocol-Version",
        Legacy.VERSION);
  }

  @Test
  void getWithSessionOpensAnEventStreamThatStaysOpen() throws Exception {
    String session = legacy.start();
    try (StreamRecorder stream = StreamRecorder.open(legacy.url(), streamHeaders(session))) {
      assertThat(stream.status()).isEqualTo(200);
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      assertThat(stream.header("X-Accel-Buffering")).isEqualTo("no");
      // The session keeps working while its stream is open, and nothing arrives on the stream.
      legacy.call(session, 7, "ping", null).then().statusCode(200);
      stream.assertNothingYet();
      // Still open after that: a change of a resource the session subscribed to arrives on it.
      legacy
          .call(session, 8, "resources/subscribe", Map.of("uri", "app://motd"))
          .then()
          .statusCode(200);
      feature.changes().changed("app://motd");
      assertThat(stream.assertNextEvent())
          .contains("\"method\":\"notifications/resources/updated\"")
          .contains("\"uri\":\"app://motd\"");
    }
  }

  @Test
  void deleteEndsTheSessionAndClosesItsStream() throws Exception {
    String session = legacy.start();
    try (StreamRecorder stream = StreamRecorder.open(legacy.url(), streamHeaders(session))) {
      assertThat(stream.status()).isEqualTo(200);
      legacy.delete(session).then().statusCode(204);
      stream.assertEnds();
    }
    legacy.call(session, 8, "ping", null).then().statusCode(404);
  }

  @Test
  void aSecondGetReplacesTheFirstStream() throws Exception {
    String session = legacy.start();
    try (StreamRecorder first = StreamRecorder.open(legacy.url(), streamHeaders(session));
        StreamRecorder second = StreamRecorder.open(legacy.url(), streamHeaders(session))) {
      assertThat(first.status()).isEqualTo(200);
      assertThat(second.status()).isEqualTo(200);
      first.assertEnds();
      second.assertNothingYet();
      legacy.delete(session).then().statusCode(204);
      second.assertEnds();
    }
  }

  @Test
  void getWithoutSessionIsABadRequest() {
    RestAssured.given()
        .accept("text/event-stream")
        .header("MCP-Protocol-Version", "2025-11-25")
        .get(legacy.url())
        .then()
        .statusCode(400)
        .body(
            equalTo(
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Invalid"
                    + " Request: the Mcp-Session-Id header is required for GET; start a session"
                    + " with initialize (protocol 2025-11-25 and earlier), then open its stream"
                    + " with GET\"}}"));
  }

  @Test
  void getWithUnknownSessionIsNotFound() {
    JsonPath json =
        RestAssured.given()
            .accept("text/event-stream")
            .header("Mcp-Session-Id", "no-such-session")
            .get(legacy.url())
            .then()
            .statusCode(404)
            .contentType("application/json")
            .extract()
            .jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32600);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Session not found: the Mcp-Session-Id names no live session (it ended or expired);"
                + " send initialize without Mcp-Session-Id to start a new one");
  }

  @Test
  void getThatDoesNotAcceptEventStreamIsNotAcceptable() {
    String session = legacy.start();
    JsonPath json =
        RestAssured.given()
            .accept("application/json")
            .header("Mcp-Session-Id", session)
            .get(legacy.url())
            .then()
            .statusCode(406)
            .extract()
            .jsonPath();
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Not Acceptable: GET opens the session's notification stream; its Accept header must"
                + " allow text/event-stream (found 'application/json')");
  }

  @Test
  void getWithAnotherProtocolVersionIsRejected() {
    String session = legacy.start();
    JsonPath json =
        RestAssured.given()
            .accept("text/event-stream")
            .header("Mcp-Session-Id", session)
            .header("MCP-Protocol-Version", "2025-06-18")
            .get(legacy.url())
            .then()
            .statusCode(400)
            .extract()
            .jsonPath();
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Invalid Request: MCP-Protocol-Version header value '2025-06-18' does not match the"
                + " version negotiated for this session, '2025-11-25'");
  }

  @Test
  void deleteWithoutSessionIsNotAllowed() {
    RestAssured.given().delete(legacy.url()).then().statusCode(405).header("Allow", "POST");
  }

  @Test
  void deleteOfUnknownSessionIsNotFound() {
    legacy.delete("no-such-session").then().statusCode(404);
  }
}
