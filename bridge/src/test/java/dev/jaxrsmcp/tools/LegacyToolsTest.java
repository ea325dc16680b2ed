package dev.jaxrsmcp.tools;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/** Tools in the legacy era (2025-11-25 sessions): same tools, legacy result shapes. */
class LegacyToolsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String VERSION = "2025-11-25";

  @Path("/widgets")
  @Produces("text/plain")
  public static class Widgets {
    @GET
    @Path("/{id}")
    @McpResource(name = "widget", description = "One widget.")
    public String widget(@PathParam("id") int id) {
      if (id == 500) {
        throw new IllegalStateException("boom");
      }
      return "widget " + id;
    }
  }

  /** Token "reader" may read; no token is refused with a challenge. */
  @Provider
  public static class BearerAuth implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (request.getUriInfo().getPath().startsWith("widgets")
          && !"Bearer reader".equals(request.getHeaderString("Authorization"))) {
        request.abortWith(
            jakarta.ws.rs.core.Response.status(401)
                .header("WWW-Authenticate", "Bearer realm=\"widgets\"")
                .build());
      }
    }
  }

  private static TestServer start(McpFeature feature) {
    return TestServer.start(new ResourceConfig(Widgets.class, BearerAuth.class).register(feature));
  }

  private static String body(int id, String method, Map<String, ?> params) {
    ObjectNode body = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id);
    body.put("method", method);
    if (params != null) {
      body.set("params", MAPPER.valueToTree(params));
    }
    return body.toString();
  }

  /** With the credentials of the calls that follow: a session is bound to them. */
  private static Response initialize(TestServer server) {
    return initialize(server, "Bearer reader");
  }

  private static Response initialize(TestServer server, String authorization) {
    RequestSpecification request =
        given().contentType("application/json").accept("application/json, text/event-stream");
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return request
        .body(
            body(
                1,
                "initialize",
                Map.of(
                    "protocolVersion",
                    VERSION,
                    "capabilities",
                    Map.of(),
                    "clientInfo",
                    Map.of("name", "legacy-tools-test", "version", "1"))))
        .post(server.mcpUrl());
  }

  private static String session(TestServer server) {
    return session(server, "Bearer reader");
  }

  private static String session(TestServer server, String authorization) {
    Response init = initialize(server, authorization);
    init.then().statusCode(200);
    String session = init.header("Mcp-Session-Id");
    assertThat(session).isNotBlank();
    return session;
  }

  private static Response call(
      TestServer server, String session, String method, Map<String, ?> params) {
    return given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", VERSION)
        .header("Authorization", "Bearer reader")
        .body(body(2, method, params))
        .post(server.mcpUrl());
  }

  @Test
  void initializeAdvertisesTools() {
    try (TestServer server = start(McpFeature.builder().build())) {
      JsonPath json = initialize(server).then().statusCode(200).extract().jsonPath();
      assertThat(json.getMap("result.capabilities")).containsEntry("tools", Map.of());
    }
  }

  @Test
  void listHasTheSameToolsWithoutModernDecoration() {
    try (TestServer server = start(McpFeature.builder().build())) {
      JsonPath json =
          call(server, session(server), "tools/list", null)
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertThat(json.getMap("result")).containsOnlyKeys("tools");
      assertThat(json.getList("result.tools.name")).containsExactly("widget");
      assertThat(json.getString("result.tools[0].description"))
          .isEqualTo("One widget.\n\nReads app://widgets/{id}");
      assertThat(json.getMap("result.tools[0].inputSchema"))
          .containsEntry("required", List.of("id"));
    }
  }

  @Test
  void callReadsTheRouteWithTheSessionsCredentials() {
    try (TestServer server = start(McpFeature.builder().build())) {
      JsonPath json =
          call(
                  server,
                  session(server),
                  "tools/call",
                  Map.of("name", "widget", "arguments", Map.of("id", 7)))
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertThat(json.getMap("result"))
          .isEqualTo(Map.of("content", List.of(Map.of("type", "text", "text", "widget 7"))));
    }
  }

  @Test
  void routeErrorIsAnErrorResult() {
    try (TestServer server = start(McpFeature.builder().build())) {
      JsonPath json =
          call(
                  server,
                  session(server),
                  "tools/call",
                  Map.of("name", "widget", "arguments", Map.of("id", 500)))
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertThat(json.getMap("result"))
          .isEqualTo(
              Map.of(
                  "isError",
                  true,
                  "content",
                  List.of(Map.of("type", "text", "text", "500 Internal Server Error"))));
    }
  }

  @Test
  void callWithoutCredentialsAnswersHttp401() {
    try (TestServer server = start(McpFeature.builder().build())) {
      JsonPath json =
          given()
              .contentType("application/json")
              .accept("application/json, text/event-stream")
              .header("Mcp-Session-Id", session(server, null))
              .header("MCP-Protocol-Version", VERSION)
              .body(body(2, "tools/call", Map.of("name", "widget", "arguments", Map.of("id", 7))))
              .post(server.mcpUrl())
              .then()
              .statusCode(401)
              .header("WWW-Authenticate", "Bearer realm=\"widgets\"")
              .extract()
              .jsonPath();
      assertThat(json.getInt("error.code")).isEqualTo(-32603);
      assertThat(json.getInt("id")).isEqualTo(2);
    }
  }

  @Test
  void wrongArgumentIsInvalidParams() {
    try (TestServer server = start(McpFeature.builder().build())) {
      JsonPath json =
          call(
                  server,
                  session(server),
                  "tools/call",
                  Map.of("name", "widget", "arguments", Map.of("id", "seven")))
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertThat(json.getInt("error.code")).isEqualTo(-32602);
      assertThat(json.getString("error.message"))
          .isEqualTo(
              "Invalid params: argument 'id' of tool 'widget' must be an integer from"
                  + " -2147483648 to 2147483647 (found \"seven\")");
    }
  }

  @Test
  void unknownToolIsInvalidParams() {
    try (TestServer server = start(McpFeature.builder().build())) {
      JsonPath json =
          call(server, session(server), "tools/call", Map.of("name", "nope"))
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertThat(json.getInt("error.code")).isEqualTo(-32602);
      assertThat(json.getString("error.message")).isEqualTo("Unknown tool: nope");
    }
  }

  @Test
  void toolsTurnedOffAreNeitherAdvertisedNorAnswered() {
    try (TestServer server = start(McpFeature.builder().tools(false).build())) {
      JsonPath init = initialize(server).then().statusCode(200).extract().jsonPath();
      assertThat(init.getMap("result.capabilities")).doesNotContainKey("tools");
      JsonPath list = call(server, session(server), "tools/list", null).then().extract().jsonPath();
      assertThat(list.getInt("error.code")).isEqualTo(-32601);
    }
  }
}
