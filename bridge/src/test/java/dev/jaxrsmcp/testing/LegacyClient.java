package dev.jaxrsmcp.testing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.HashMap;
import java.util.Map;

/**
 * A legacy-era (2025-11-25) client for tests in any module: {@code initialize}, requests on the
 * session, its GET notification stream, and {@code DELETE}. An authorization, when given, is sent
 * with every request.
 */
public final class LegacyClient {
  public static final String VERSION = "2025-11-25";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String url;
  private final String authorization;

  public LegacyClient(String url) {
    this(url, null);
  }

  public LegacyClient(String url, String authorization) {
    this.url = url;
    this.authorization = authorization;
  }

  /** A JSON-RPC message without modern _meta; {@code id == null} makes a notification. */
  public static String body(Object id, String method, Map<String, ?> params) {
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

  private RequestSpecification post() {
    RequestSpecification spec =
        given().contentType("application/json").accept("application/json, text/event-stream");
    return authorization == null ? spec : spec.header("Authorization", authorization);
  }

  /** {@code initialize} and {@code notifications/initialized}; returns the session id. */
  public String start() {
    return start(Map.of());
  }

  /** {@link #start()} declaring these client {@code capabilities}. */
  public String start(Map<String, ?> capabilities) {
    Response init =
        post()
            .body(
                body(
                    1,
                    "initialize",
                    Map.of(
                        "protocolVersion",
                        VERSION,
                        "capabilities",
                        capabilities,
                        "clientInfo",
                        Map.of("name", "legacy-test", "version", "1.0"))))
            .post(url);
    init.then().statusCode(200);
    String session = init.header("Mcp-Session-Id");
    assertThat(session).isNotBlank();
    call(session, null, "notifications/initialized", null).then().statusCode(202);
    return session;
  }

  /** The initialize result's capabilities, from a fresh session. */
  public Map<String, Object> capabilities() {
    return post()
        .body(body(1, "initialize", Map.of("protocolVersion", VERSION, "capabilities", Map.of())))
        .post(url)
        .then()
        .statusCode(200)
        .extract()
        .jsonPath()
        .getMap("result.capabilities");
  }

  /** A request (or, with {@code id == null}, a notification) on {@code session}. */
  public Response call(String session, Object id, String method, Map<String, ?> params) {
    return post()
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", VERSION)
        .body(body(id, method, params))
        .post(url);
  }

  /** {@code resources/subscribe} for {@code uri}. */
  public Response subscribe(String session, String uri) {
    return call(session, 2, "resources/subscribe", Map.of("uri", uri));
  }

  /** {@code resources/unsubscribe} for {@code uri}. */
  public Response unsubscribe(String session, String uri) {
    return call(session, 3, "resources/unsubscribe", Map.of("uri", uri));
  }

  /** Opens the session's GET notification stream. */
  public SseRecorder stream(String session) throws Exception {
    Map<String, String> headers = new HashMap<>();
    headers.put("Mcp-Session-Id", session);
    headers.put("MCP-Protocol-Version", VERSION);
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    return SseRecorder.get(url, headers);
  }

  /** Ends the session. */
  public Response delete(String session) {
    RequestSpecification spec =
        given().header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION);
    return (authorization == null ? spec : spec.header("Authorization", authorization)).delete(url);
  }
}
