package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Sessions on POST: required after initialize, 404 once ended, notifications, ping, setLevel. */
class LegacySessionTest {
  @Path("/motd")
  public static class Motd {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://motd")
    public String motd() {
      return "hello";
    }
  }

  static TestServer server;
  static Legacy legacy;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Motd.class).register(McpFeature.builder().build()));
    legacy = new Legacy(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void requestWithoutSessionIsBadRequest() {
    JsonPath json =
        legacy
            .post()
            .header("MCP-Protocol-Version", Legacy.VERSION)
            .body(Legacy.body(9, "resources/list", null))
            .post(legacy.url())
            .then()
            .statusCode(400)
            .contentType("application/json")
            .extract()
            .jsonPath();
    assertThat(json.getInt("id")).isEqualTo(9);
    assertThat(json.getInt("error.code")).isEqualTo(-32600);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Invalid Request: the Mcp-Session-Id header is required for 'resources/list'; start a"
                + " session with initialize (protocol 2025-11-25 and earlier) or send _meta"
                + " 'io.modelcontextprotocol/protocolVersion' (protocol 2026-07-28)");
  }

  @Test
  void notificationWithoutSessionIsBadRequest() {
    legacy
        .post()
        .body(Legacy.body(null, "notifications/initialized", null))
        .post(legacy.url())
        .then()
        .statusCode(400);
  }

  @Test
  void requestWithUnknownSessionIsNotFound() {
    JsonPath json =
        legacy.call("not-a-session", 2, "ping", null).then().statusCode(404).extract().jsonPath();
    assertThat(json.getInt("id")).isEqualTo(2);
    assertThat(json.getInt("error.code")).isEqualTo(-32600);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Session not found: the Mcp-Session-Id names no live session (it ended or expired);"
                + " send initialize without Mcp-Session-Id to start a new one");
  }

  @Test
  void endedSessionIsNotFound() {
    String session = legacy.start();
    legacy
        .call(session, 1, "ping", null)
        .then()
        .statusCode(200)
        .body(org.hamcrest.Matchers.equalTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"));
    legacy.delete(session).then().statusCode(204);
    legacy.call(session, 2, "ping", null).then().statusCode(404);
    legacy
        .on(session)
        .body(Legacy.body(null, "notifications/initialized", null))
        .post(legacy.url())
        .then()
        .statusCode(404);
    legacy.delete(session).then().statusCode(404);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "notifications/initialized",
        "notifications/cancelled",
        "notifications/roots/list_changed",
        "notifications/something-new"
      })
  void notificationsAreAccepted(String method) {
    String session = legacy.start();
    Response response =
        legacy
            .on(session)
            .body(Legacy.body(null, method, Map.of("requestId", 1)))
            .post(legacy.url());
    response.then().statusCode(202);
    assertThat(response.asByteArray()).isEmpty();
  }

  @Test
  void aClientResponseIsAccepted() {
    String session = legacy.start();
    legacy
        .on(session)
        .body("{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{}}")
        .post(legacy.url())
        .then()
        .statusCode(202);
    legacy
        .on(session)
        .body("{\"jsonrpc\":\"2.0\",\"id\":\"s-2\",\"error\":{\"code\":-1,\"message\":\"no\"}}")
        .post(legacy.url())
        .then()
        .statusCode(202);
  }

  @Test
  void aClientResponseOnAnUnknownSessionIsNotFound() {
    legacy
        .on("not-a-session")
        .body("{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{}}")
        .post(legacy.url())
        .then()
        .statusCode(404);
  }

  @Test
  void pingAnswersExactlyAnEmptyObject() {
    String session = legacy.start();
    String body =
        legacy.call(session, "p-1", "ping", null).then().statusCode(200).extract().asString();
    assertThat(body).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"p-1\",\"result\":{}}");
  }

  @Test
  void setLevelAnswersExactlyAnEmptyObject() {
    String session = legacy.start();
    String body =
        legacy
            .call(session, 3, "logging/setLevel", Map.of("level", "info"))
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(body).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}");
  }

  @Test
  void setLevelWithAnUnknownLevelIsInvalidParams() {
    String session = legacy.start();
    JsonPath json =
        legacy
            .call(session, 3, "logging/setLevel", Map.of("level", "loud"))
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32602);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Invalid params: 'level' must be one of debug, info, notice, warning, error, critical,"
                + " alert, emergency (found \"loud\") for method logging/setLevel");
  }

  @Test
  void unknownMethodIsMethodNotFound() {
    String session = legacy.start();
    JsonPath json =
        legacy.call(session, 4, "prompts/list", null).then().statusCode(200).extract().jsonPath();
    assertThat(json.getInt("id")).isEqualTo(4);
    assertThat(json.getInt("error.code")).isEqualTo(-32601);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Method not found: 'prompts/list' is not a method of this server (protocol"
                + " 2025-11-25)");
  }

  @Test
  void aMissingVersionHeaderMeansTheNegotiatedVersion() {
    String session = legacy.start();
    legacy
        .post()
        .header("Mcp-Session-Id", session)
        .body(Legacy.body(5, "ping", null))
        .post(legacy.url())
        .then()
        .statusCode(200)
        .body(org.hamcrest.Matchers.equalTo("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"2025-06-18", "2026-07-28", "garbage"})
  void aVersionHeaderOtherThanTheNegotiatedOneIsBadRequest(String header) {
    String session = legacy.start();
    JsonPath json =
        legacy
            .post()
            .header("Mcp-Session-Id", session)
            .header("MCP-Protocol-Version", header)
            .body(Legacy.body(6, "ping", null))
            .post(legacy.url())
            .then()
            .statusCode(400)
            .extract()
            .jsonPath();
    assertThat(json.getInt("id")).isEqualTo(6);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Invalid Request: MCP-Protocol-Version header value '"
                + header
                + "' does not match the version negotiated for this session, '2025-11-25'");
  }

  @Test
  void requestsBeforeTheInitializedNotificationAreServed() {
    String session = legacy.initialize(Legacy.VERSION).header("Mcp-Session-Id");
    legacy
        .call(session, 1, "ping", null)
        .then()
        .statusCode(200)
        .body(org.hamcrest.Matchers.equalTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"));
  }
}
