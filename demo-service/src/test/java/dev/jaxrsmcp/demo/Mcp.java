package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;

/**
 * Builds modern-era (2026-07-28) MCP requests with the headers the transport requires. A copy of
 * the bridge's test helper {@code dev.jaxrsmcp.testing.Mcp}, which other modules cannot see.
 */
public final class Mcp {
  public static final String VERSION = "2026-07-28";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String url;

  public Mcp(String url) {
    this.url = url;
  }

  /** A request body with the modern _meta and the given params. */
  public static ObjectNode body(Object id, String method, Map<String, ?> params) {
    ObjectNode body = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("method", method);
    if (id instanceof Integer i) {
      body.put("id", i);
    } else if (id != null) {
      body.put("id", id.toString());
    }
    ObjectNode p = MAPPER.valueToTree(params);
    ObjectNode meta = p.putObject("_meta");
    meta.put("io.modelcontextprotocol/protocolVersion", VERSION);
    meta.putObject("io.modelcontextprotocol/clientInfo").put("name", "test").put("version", "1");
    meta.putObject("io.modelcontextprotocol/clientCapabilities");
    body.set("params", p);
    return body;
  }

  /** A request with MCP-Protocol-Version, Mcp-Method and (when given) Mcp-Name headers. */
  public RequestSpecification request(String method, String name) {
    RequestSpecification spec =
        given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .header("MCP-Protocol-Version", VERSION)
            .header("Mcp-Method", method);
    return name == null ? spec : spec.header("Mcp-Name", name);
  }

  public Response call(String method, Map<String, ?> params) {
    Object name = params.get("uri") != null ? params.get("uri") : params.get("name");
    return request(method, name == null ? null : name.toString())
        .body(body(1, method, params).toString())
        .post(url);
  }

  public Response read(String uri) {
    return call("resources/read", Map.of("uri", uri));
  }

  public Response read(String uri, String authorization) {
    return request("resources/read", uri)
        .header("Authorization", authorization)
        .body(body(1, "resources/read", Map.of("uri", uri)).toString())
        .post(url);
  }

  public String url() {
    return url;
  }
}
