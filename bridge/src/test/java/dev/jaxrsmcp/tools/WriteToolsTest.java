package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code @McpTool} routes in the modern era: a call runs the route's own method in place, with the
 * caller's headers, its header arguments and its JSON body; the application's validation and auth
 * decide; a JSON object is also {@code structuredContent}.
 */
class WriteToolsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Map<String, Object> BODY =
      Map.of(
          "name",
          "Porch",
          "comfort",
          Map.of("low", 18, "high", 22),
          "schedule",
          List.of(Map.of("low", 16, "high", 20)),
          "mode",
          "ECO");

  /** A resource beside a route that deletes it: a read must never become the DELETE. */
  @Path("/rooms")
  public static class Rooms {
    static final Set<Long> ROOMS = ConcurrentHashMap.newKeySet();

    @GET
    @Path("/{id}")
    @Produces(MediaType.TEXT_PLAIN)
    @McpResource(tool = false)
    public String room(@PathParam("id") long id) {
      return ROOMS.contains(id) ? "room " + id : "no room " + id;
    }

    @DELETE
    @Path("/{id}")
    public void remove(@PathParam("id") long id) {
      ROOMS.remove(id);
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(
                    WriteRoutes.Widgets.class,
                    Rooms.class,
                    WriteRoutes.RoleFilter.class,
                    WriteRoutes.ForcedMethod.class)
                .property(ServerProperties.BV_SEND_ERROR_IN_RESPONSE, true)
                .register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void clear() {
    WriteRoutes.STORE.clear();
  }

  static Response call(String tool, Map<String, ?> arguments, String authorization) {
    return call(tool, arguments, authorization, Map.of());
  }

  static Response call(
      String tool, Map<String, ?> arguments, String authorization, Map<String, String> headers) {
    var request = mcp.request("tools/call", tool).headers(headers);
    if (authorization != null) {
      request = request.header("Authorization", authorization);
    }
    return request
        .body(Mcp.body(1, "tools/call", Map.of("name", tool, "arguments", arguments)).toString())
        .post(mcp.url());
  }

  static JsonPath result(Response response) {
    JsonPath json = response.then().statusCode(200).extract().jsonPath();
    assertThat(json.getMap("error")).isNull();
    return json;
  }

  private static long created(String name) {
    JsonPath json =
        result(
            call(
                "create",
                Map.of("body", Map.of("name", name, "comfort", Map.of("low", 18, "high", 22))),
                "Bearer admin"));
    return json.getLong("result.structuredContent.id");
  }

  @Test
  void postWithANestedBodyRunsTheRouteAndAnswersItsJsonAsStructuredContent() throws Exception {
    JsonPath json =
        result(
            call(
                "create",
                Map.of("body", BODY, "X-Note", "from MCP"),
                "Bearer admin",
                Map.of("Mcp-Param-X-Note", "from MCP")));
    Map<String, Object> result = json.getMap("result");
    assertThat(result).doesNotContainKey("isError");
    Map<String, Object> structured = json.getMap("result.structuredContent");
    assertThat(structured)
        .containsEntry("name", "Porch")
        .containsEntry("note", "from MCP")
        .containsEntry("target", 18.0f);
    assertThat(json.getString("result.content[0].type")).isEqualTo("text");
    JsonNode text = MAPPER.readTree(json.getString("result.content[0].text"));
    assertThat(text).isEqualTo(MAPPER.readTree(json.prettify()).at("/result/structuredContent"));
    long id = json.getLong("result.structuredContent.id");
    assertThat(WriteRoutes.STORE.get(id).comfort()).isEqualTo(new WriteRoutes.Band(18, 22));
  }

  @Test
  void bodyTheBeanValidationRefusesIsA400ErrorResultAndNothingIsCreated() {
    JsonPath json =
        result(
            call(
                "create",
                Map.of("body", Map.of("name", "", "comfort", Map.of("low", 2, "high", 22))),
                "Bearer admin"));
    assertThat(json.getBoolean("result.isError")).isTrue();
    assertThat(json.getString("result.content[0].text")).startsWith("400 Bad Request");
    assertThat(json.getMap("result")).doesNotContainKey("structuredContent");
    assertThat(WriteRoutes.STORE).isEmpty();
  }

  @Test
  void callTheApplicationsAuthRefusesIsA403ErrorResultAndNothingIsCreated() {
    JsonPath json = result(call("create", Map.of("body", BODY), "Bearer viewer"));
    assertThat(json.getBoolean("result.isError")).isTrue();
    assertThat(json.getString("result.content[0].text"))
        .isEqualTo("403 Forbidden: writes need the admin role");
    assertThat(WriteRoutes.STORE).isEmpty();
  }

  @Test
  void deleteRunsForTheCallerTheApplicationAllowsOnly() {
    long id = created("Hall");
    JsonPath refused = result(call("delete_widget", Map.of("id", id), "Bearer viewer"));
    assertThat(refused.getBoolean("result.isError")).isTrue();
    assertThat(refused.getString("result.content[0].text"))
        .isEqualTo("403 Forbidden: writes need the admin role");
    assertThat(WriteRoutes.STORE).containsKey(id);

    JsonPath deleted = result(call("delete_widget", Map.of("id", id), "Bearer admin"));
    assertThat(deleted.getMap("result")).doesNotContainKey("isError");
    assertThat(deleted.getString("result.content[0].text")).isEmpty();
    assertThat(WriteRoutes.STORE).doesNotContainKey(id);

    JsonPath again = result(call("delete_widget", Map.of("id", id), "Bearer admin"));
    assertThat(again.getBoolean("result.isError")).isTrue();
    assertThat(again.getString("result.content[0].text")).startsWith("404 Not Found");
  }

  @Test
  void putReplacesTheTargetAndAnswersTheWidget() {
    long id = created("Attic");
    JsonPath json =
        result(
            call("set_target", Map.of("id", id, "body", Map.of("celsius", 21.5)), "Bearer admin"));
    assertThat(json.getFloat("result.structuredContent.target")).isEqualTo(21.5f);
    assertThat(WriteRoutes.STORE.get(id).target()).isEqualTo(21.5);

    JsonPath tooHot =
        result(call("set_target", Map.of("id", id, "body", Map.of("celsius", 99)), "Bearer admin"));
    assertThat(tooHot.getBoolean("result.isError")).isTrue();
    assertThat(tooHot.getString("result.content[0].text")).startsWith("400 Bad Request");
    assertThat(WriteRoutes.STORE.get(id).target()).isEqualTo(21.5);
  }

  @Test
  void aTextRouteAnswersTextWithoutStructuredContent() {
    long id = created("Shed");
    JsonPath json = result(call("touch", Map.of("id", id), "Bearer admin"));
    assertThat(json.getString("result.content[0].text")).isEqualTo("touched " + id);
    assertThat(json.getMap("result")).doesNotContainKey("structuredContent");
  }

  @Test
  void theBodyIsRequiredAndUnknownArgumentsAreRefusedBeforeTheRouteRuns() {
    JsonPath missing =
        call("create", Map.of(), "Bearer admin").then().statusCode(200).extract().jsonPath();
    assertThat(missing.getInt("error.code")).isEqualTo(-32602);
    assertThat(missing.getString("error.message"))
        .isEqualTo("Invalid params: argument 'body' of tool 'create' is required");
    JsonPath unknown =
        call("create", Map.of("body", BODY, "color", "red"), "Bearer admin")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(unknown.getString("error.message"))
        .isEqualTo(
            "Invalid params: tool 'create' has no argument 'color' (its arguments: [X-Note,"
                + " body])");
    assertThat(WriteRoutes.STORE).isEmpty();
  }

  @Test
  void aCallRunsOnlyItsOwnMethodWhateverTheApplicationsFiltersDo() {
    long id = created("Cellar");
    // The application's pre-matching filter turns the POST into the DELETE of the same path.
    JsonPath json =
        result(call("touch", Map.of("id", id), "Bearer admin", Map.of("X-Force-Method", "DELETE")));
    assertThat(json.getBoolean("result.isError")).isTrue();
    assertThat(json.getString("result.content[0].text")).startsWith("404 Not Found");
    assertThat(WriteRoutes.STORE).containsKey(id);
  }

  @Test
  void aResourceReadNeverRunsAnotherMethodWhateverTheApplicationsFiltersDo() {
    Rooms.ROOMS.add(4L);
    JsonPath json =
        mcp.request("resources/read", "app://rooms/4")
            .header("X-Force-Method", "DELETE")
            .body(Mcp.body(1, "resources/read", Map.of("uri", "app://rooms/4")).toString())
            .post(mcp.url())
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getString("error.message")).isEqualTo("Resource not found");
    assertThat(Rooms.ROOMS).contains(4L);
    assertThat(
            mcp.read("app://rooms/4")
                .then()
                .extract()
                .jsonPath()
                .getString("result.contents[0].text"))
        .isEqualTo("room 4");
  }

  @Test
  void aReadOnlyToolRunsAsAGetAndNeverAsAnotherMethod() {
    long id = created("Loft");
    JsonPath peek = result(call("peek", Map.of("id", id), null));
    assertThat(peek.getString("result.structuredContent.name")).isEqualTo("Loft");
    JsonPath forced =
        result(call("peek", Map.of("id", id), "Bearer admin", Map.of("X-Force-Method", "DELETE")));
    assertThat(forced.getBoolean("result.isError")).isTrue();
    assertThat(WriteRoutes.STORE).containsKey(id);
  }
}
