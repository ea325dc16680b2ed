package dev.jaxrsmcp.tools;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tools of {@code @McpResource} GET routes that produce JSON: an {@code outputSchema} from the
 * method's return type when that is an object, and a call's JSON object as {@code
 * structuredContent} with its text beside it, in both eras; checked against the output schema with
 * a JSON Schema validator. Text resources, arrays and {@code Response} routes are unchanged but for
 * the last, whose JSON object is structured without a schema.
 */
class ResourceToolResultsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String ROOM = "{\"name\":\"Room 7\",\"floor\":2,\"doors\":[\"north\"]}";

  /** A room, as the route answers it. */
  public record Room(String name, int floor, List<String> doors) {}

  @Path("/rooms")
  public static class Rooms {
    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @McpResource(uri = "app://rooms/{id}", name = "room")
    public Room room(@PathParam("id") int id) {
      return new Room("Room " + id, 2, List.of("north"));
    }

    @GET
    @Path("/{id}/note")
    @Produces(MediaType.TEXT_PLAIN)
    @McpResource(uri = "app://rooms/{id}/note", name = "note")
    public String note(@PathParam("id") int id) {
      return "{\"quiet\":true}";
    }

    @GET
    @Path("/names")
    @Produces(MediaType.APPLICATION_JSON)
    @McpResource(uri = "app://room-names", name = "names")
    public List<String> names() {
      return List.of("Room 7");
    }

    @GET
    @Path("/free")
    @Produces(MediaType.APPLICATION_JSON)
    @McpResource(uri = "app://rooms-free", name = "free")
    public jakarta.ws.rs.core.Response free() {
      return jakarta.ws.rs.core.Response.ok("{\"free\":3}").build();
    }
  }

  static TestServer server;
  static Mcp mcp;
  static Map<String, JsonNode> tools;

  @BeforeAll
  static void start() throws Exception {
    server =
        TestServer.start(
            new ResourceConfig(Rooms.class)
                .register(McpFeature.builder().name("rooms").version("3.0").build()));
    mcp = new Mcp(server.mcpUrl());
    tools = new TreeMap<>();
    for (JsonNode tool :
        MAPPER
            .readTree(mcp.call("tools/list", Map.of()).then().statusCode(200).extract().asString())
            .at("/result/tools")) {
      tools.put(tool.get("name").asText(), tool);
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Response legacyCall(String tool, Map<String, ?> arguments) {
    String session = new LegacyClient(server.mcpUrl()).start();
    return given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", LegacyClient.VERSION)
        .body(LegacyClient.body(7, "tools/call", Map.of("name", tool, "arguments", arguments)))
        .post(server.mcpUrl());
  }

  private static JsonNode wire(Response response) throws Exception {
    assertThat(response.statusCode()).isEqualTo(200);
    return MAPPER.readTree(response.asString());
  }

  @Test
  void aJsonResourceOfAnObjectTypeDeclaresItsOutputSchema() throws Exception {
    assertThat(tools.get("room").get("outputSchema"))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"type":"object","properties":{
                  "doors":{"type":"array","items":{"type":"string"}},
                  "floor":{"type":"integer"},
                  "name":{"type":"string"}}}
                """));
    assertThat(tools.get("note").has("outputSchema")).isFalse();
    assertThat(tools.get("names").has("outputSchema")).isFalse();
    assertThat(tools.get("free").has("outputSchema")).isFalse();
  }

  @Test
  void aModernCallAnswersStructuredContentThatItsOutputSchemaAccepts() throws Exception {
    JsonNode answer =
        wire(mcp.call("tools/call", Map.of("name", "room", "arguments", Map.of("id", 7))));
    assertThat(answer)
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete",
                 "content":[{"type":"text","text":%s}],
                 "structuredContent":%s,
                 "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"rooms","version":"3.0"}}}}
                """
                    .formatted(MAPPER.writeValueAsString(ROOM), ROOM)));
    var schema =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(
                MAPPER.writeValueAsString(tools.get("room").get("outputSchema")), InputFormat.JSON);
    assertThat(
            schema.validate(
                MAPPER.writeValueAsString(answer.at("/result/structuredContent")),
                InputFormat.JSON))
        .isEmpty();
    assertThat(schema.validate("{\"name\":\"Room 7\",\"floor\":\"two\"}", InputFormat.JSON))
        .isNotEmpty(); // the schema says something
  }

  @Test
  void aLegacyCallAnswersTheSameStructuredContent() throws Exception {
    assertThat(wire(legacyCall("room", Map.of("id", 7))))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":7,"result":{
                 "content":[{"type":"text","text":%s}],"structuredContent":%s}}
                """
                    .formatted(MAPPER.writeValueAsString(ROOM), ROOM)));
  }

  @Test
  void aResponseRouteOfAJsonObjectIsStructuredWithoutASchema() throws Exception {
    assertThat(wire(mcp.call("tools/call", Map.of("name", "free", "arguments", Map.of()))))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete",
                 "content":[{"type":"text","text":"{\\"free\\":3}"}],
                 "structuredContent":{"free":3},
                 "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"rooms","version":"3.0"}}}}
                """));
  }

  @Test
  void textAndJsonArraysStayTextAlone() throws Exception {
    assertThat(
            wire(mcp.call("tools/call", Map.of("name", "note", "arguments", Map.of("id", 7))))
                .at("/result"))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"resultType":"complete","content":[{"type":"text","text":"{\\"quiet\\":true}"}],
                 "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"rooms","version":"3.0"}}}
                """));
    assertThat(
            wire(mcp.call("tools/call", Map.of("name", "names", "arguments", Map.of())))
                .at("/result"))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"resultType":"complete","content":[{"type":"text","text":"[\\"Room 7\\"]"}],
                 "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"rooms","version":"3.0"}}}
                """));
  }

  @Test
  void aResourceReadIsUnchanged() throws Exception {
    assertThat(wire(mcp.read("app://rooms/7")).at("/result/contents"))
        .isEqualTo(
            MAPPER.readTree(
                """
                [{"uri":"app://rooms/7","mimeType":"application/json","text":%s}]
                """
                    .formatted(MAPPER.writeValueAsString(ROOM))));
  }
}
