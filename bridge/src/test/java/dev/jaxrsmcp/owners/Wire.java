package dev.jaxrsmcp.owners;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TaskClient;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/** MCP requests of both eras, sent with a {@link Who}'s credentials, over real HTTP. */
final class Wire {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String url;

  Wire(String url) {
    this.url = url;
  }

  private RequestSpecification as(Who who) {
    RequestSpecification spec =
        given().contentType("application/json").accept("application/json, text/event-stream");
    who.headers().forEach(spec::header);
    return spec;
  }

  /** A modern request (2026-07-28) with the routing headers; {@code name} is Mcp-Name. */
  Response modern(Who who, String method, String name, ObjectNode body) {
    RequestSpecification spec =
        as(who).header("MCP-Protocol-Version", Mcp.VERSION).header("Mcp-Method", method);
    if (name != null) {
      spec.header("Mcp-Name", name);
    }
    return spec.body(body.toString()).post(url);
  }

  Response read(Who who, String uri) {
    return modern(who, "resources/read", uri, Mcp.body(1, "resources/read", Map.of("uri", uri)));
  }

  Response toolCall(Who who, String tool, Map<String, ?> arguments) {
    return modern(
        who,
        "tools/call",
        tool,
        Mcp.body(1, "tools/call", Map.of("name", tool, "arguments", arguments)));
  }

  /** A {@code tools/call} declaring the tasks extension. */
  JsonNode taskCall(Who who, String tool, Map<String, ?> arguments) {
    ObjectNode body =
        withExtension(Mcp.body(1, "tools/call", Map.of("name", tool, "arguments", arguments)));
    return json(modern(who, "tools/call", tool, body));
  }

  JsonNode task(Who who, String method, String taskId) {
    ObjectNode body = withExtension(Mcp.body(1, method, Map.of("taskId", taskId)));
    return json(modern(who, method, taskId, body));
  }

  /** The task's status, or {@code error <code>}. */
  String status(Who who, String taskId) {
    JsonNode answer = task(who, "tasks/get", taskId);
    return answer.has("error")
        ? "error " + answer.path("error").path("code").asInt()
        : answer.path("result").path("status").asText();
  }

  private static ObjectNode withExtension(ObjectNode body) {
    ((ObjectNode) body.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities"))
        .putObject("extensions")
        .putObject(TaskClient.EXTENSION);
    return body;
  }

  /** {@code initialize} and {@code notifications/initialized}; the session id. */
  String initialize(Who who) {
    Response init = initializeOnly(who, Map.of());
    assertThat(init.statusCode()).as("initialize of %s: %s", who, init.asString()).isEqualTo(200);
    String session = init.header("Mcp-Session-Id");
    assertThat(legacy(who, session, null, "notifications/initialized", null).statusCode())
        .isEqualTo(202);
    return session;
  }

  /** Only {@code initialize}, with these capabilities. */
  Response initializeOnly(Who who, Map<String, ?> capabilities) {
    return as(who)
        .body(
            LegacyClient.body(
                1,
                "initialize",
                Map.of(
                    "protocolVersion",
                    LegacyClient.VERSION,
                    "capabilities",
                    capabilities,
                    "clientInfo",
                    Map.of("name", "owners-test", "version", "1.0"))))
        .post(url);
  }

  /** A request (or, with a null id, a notification) on a legacy session. */
  Response legacy(Who who, String session, Object id, String method, Map<String, ?> params) {
    return as(who)
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", LegacyClient.VERSION)
        .body(LegacyClient.body(id, method, params))
        .post(url);
  }

  Response delete(Who who, String session) {
    RequestSpecification spec =
        given()
            .header("Mcp-Session-Id", session)
            .header("MCP-Protocol-Version", LegacyClient.VERSION);
    who.headers().forEach(spec::header);
    return spec.delete(url);
  }

  /** A long read on a legacy session, as a stream of events. */
  SseRecorder legacyStream(Who who, String session, Object id, String method, Map<String, ?> params)
      throws Exception {
    Map<String, String> headers = new HashMap<>(who.headers());
    headers.put("Mcp-Session-Id", session);
    headers.put("MCP-Protocol-Version", LegacyClient.VERSION);
    return SseRecorder.post(url, headers, LegacyClient.body(id, method, params));
  }

  /** A modern listen, as a stream of events. */
  SseRecorder listen(Who who, Object id, Map<String, ?> notifications) throws Exception {
    Map<String, String> headers = new HashMap<>(who.headers());
    headers.put("MCP-Protocol-Version", Mcp.VERSION);
    headers.put("Mcp-Method", "subscriptions/listen");
    ObjectNode body =
        Mcp.body(null, "subscriptions/listen", Map.of("notifications", notifications));
    body.set("id", MAPPER.valueToTree(id));
    return SseRecorder.post(url, headers, body.toString());
  }

  static JsonNode json(Response response) {
    try {
      return MAPPER.readTree(response.asString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
