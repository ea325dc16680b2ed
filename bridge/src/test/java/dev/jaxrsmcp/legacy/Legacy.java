package dev.jaxrsmcp.legacy;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;

/** Builds legacy-era (2025-11-25 and earlier) MCP requests: initialize, then a session. */
final class Legacy {
  static final String VERSION = "2025-11-25";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String url;

  Legacy(String url) {
    this.url = url;
  }

  String url() {
    return url;
  }

  /** A JSON-RPC message without any modern _meta; {@code id == null} makes a notification. */
  static String body(Object id, String method, Map<String, ?> params) {
    ObjectNode body = MAPPER.createObjectNode().put("jsonrpc", "2.0");
    if (id instanceof Integer i) {
      body.put("id", i);
    } else if (id != null) {
      body.put("id", id.toString());
    }
    body.put("method", method);
    if (params != null) {
      body.set("params", MAPPER.valueToTree(params));
    }
    return body.toString();
  }

  static Map<String, Object> initializeParams(String version) {
    return Map.of(
        "protocolVersion",
        version,
        "capabilities",
        Map.of(),
        "clientInfo",
        Map.of("name", "legacy-test", "version", "1.0"));
  }

  /** A POST as a standard client sends it, without session or version headers. */
  RequestSpecification post() {
    return given().contentType("application/json").accept("application/json, text/event-stream");
  }

  /** A POST on a session, with the negotiated version header. */
  RequestSpecification on(String session) {
    return post().header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION);
  }

  Response initialize(String version) {
    return post().body(body(1, "initialize", initializeParams(version))).post(url);
  }

  /** initialize (2025-11-25) and notifications/initialized; returns the session id. */
  String start() {
    Response init = initialize(VERSION);
    init.then().statusCode(200);
    String session = init.header("Mcp-Session-Id");
    assertThat(session).isNotBlank();
    on(session)
        .body(body(null, "notifications/initialized", null))
        .post(url)
        .then()
        .statusCode(202);
    return session;
  }

  Response call(String session, Object id, String method, Map<String, ?> params) {
    return on(session).body(body(id, method, params)).post(url);
  }

  Response delete(String session) {
    return given()
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", VERSION)
        .delete(url);
  }
}
