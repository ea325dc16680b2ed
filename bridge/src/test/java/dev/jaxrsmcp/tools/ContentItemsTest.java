package dev.jaxrsmcp.tools;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A route that produces {@link McpTool#CONTENT_ITEMS} answers a tool call with several content
 * items, in both eras; items that are not MCP content make an error result naming the item.
 */
class ContentItemsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final String ITEMS =
      """
      [{"type":"text","text":"Sales are up"},
       {"type":"image","mimeType":"image/png","data":"iVBORw0KGgo="},
       {"type":"resource","resource":{"uri":"app://report/data","mimeType":"application/json",
                                      "text":"{\\"up\\":3}"}}]
      """;

  @Path("/report")
  public static class Report {
    @GET
    @Path("/items")
    @Produces(McpTool.CONTENT_ITEMS)
    @McpTool(name = "report", description = "A report of several items")
    public List<Map<String, Object>> report() {
      return List.of(
          Map.of("type", "text", "text", "Sales are up"),
          Map.of("type", "image", "mimeType", "image/png", "data", "iVBORw0KGgo="),
          Map.of(
              "type",
              "resource",
              "resource",
              Map.of(
                  "uri",
                  "app://report/data",
                  "mimeType",
                  "application/json",
                  "text",
                  "{\"up\":3}")));
    }

    /** The same items from a long-running resource: its tool's result is built from the spool. */
    @GET
    @Path("/long")
    @Produces(McpTool.CONTENT_ITEMS)
    @McpResource(uri = "app://report/long", name = "long_report", longRunning = true)
    public List<Map<String, Object>> longReport() {
      return report();
    }

    @GET
    @Path("/broken")
    @Produces(McpTool.CONTENT_ITEMS)
    @McpTool(name = "broken", description = "Items one of which is not MCP content")
    public String broken() {
      return "[{\"type\":\"text\",\"text\":\"ok\"},{\"type\":\"image\",\"data\":\"x\"}]";
    }
  }

  static TestServer server;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Report.class)
                .register(McpFeature.builder().name("reports").version("2.0").build()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Response modern(String tool) {
    return new Mcp(server.mcpUrl()).call("tools/call", Map.of("name", tool, "arguments", Map.of()));
  }

  private static Response legacy(String tool) {
    String session = new LegacyClient(server.mcpUrl()).start();
    return given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", LegacyClient.VERSION)
        .body(LegacyClient.body(7, "tools/call", Map.of("name", tool, "arguments", Map.of())))
        .post(server.mcpUrl());
  }

  private static void assertWire(Response response, String expected) throws Exception {
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(MAPPER.readTree(response.asString())).isEqualTo(MAPPER.readTree(expected));
  }

  @Test
  void aModernCallGivesEveryItemAsContent() throws Exception {
    assertWire(
        modern("report"),
        """
        {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":%s,
         "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"reports","version":"2.0"}}}}
        """
            .formatted(ITEMS));
  }

  @Test
  void aLegacyCallGivesEveryItemAsContent() throws Exception {
    assertWire(
        legacy("report"),
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":%s}}".formatted(ITEMS));
  }

  @Test
  void aLongRunningResourcesToolGivesTheSameItems() throws Exception {
    assertWire(
        modern("long_report"),
        """
        {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":%s,
         "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"reports","version":"2.0"}}}}
        """
            .formatted(ITEMS));
    assertWire(
        legacy("long_report"),
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":%s}}".formatted(ITEMS));
  }

  @Test
  void anItemThatIsNotMcpContentIsAnErrorResultNamingIt() throws Exception {
    String result =
        """
        "content":[{"type":"text","text":"the route answered application/vnd.mcp.content+json
         that is not a list of MCP content items: item 1 of type 'image' needs the string member
         'mimeType'"}],"isError":true
        """
            .replace("\n ", " ")
            .replace("\n", "");
    assertWire(
        modern("broken"),
        """
        {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete",%s,
         "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"reports","version":"2.0"}}}}
        """
            .formatted(result));
    assertWire(
        legacy("broken"), "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{%s}}".formatted(result));
  }
}
