package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

class ToolListingTest {

  @Path("/widgets")
  public static class Widgets {
    @GET
    @Path("/{id}/state")
    @Produces("application/json")
    @McpResource(title = "Widget state", description = "The widget's current state.")
    public String state(@PathParam("id") long id) {
      return "{}";
    }

    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://motd")
    public String motd() {
      return "hello";
    }

    @GET
    @Path("/hidden")
    @Produces("text/plain")
    @McpResource(tool = false)
    public String hidden() {
      return "resource only";
    }

    @GET
    @Path("/odd")
    @Produces("text/plain")
    @McpResource(name = "Widget list (v2)/all")
    public String odd() {
      return "odd";
    }

    @GET
    @Path("/long")
    @Produces("text/plain")
    @McpResource(
        name =
            "a123456789b123456789c123456789d123456789e123456789f123456789g123456789"
                + "h123456789i123456789j123456789k123456789l123456789m123456789")
    public String longName() {
      return "long";
    }
  }

  @Path("/exports")
  public static class Exports {
    @GET
    @Produces("text/plain")
    @McpResource(longRunning = true)
    public String export() {
      return "a long export";
    }
  }

  @Path("/hidden-only")
  public static class HiddenOnly {
    @GET
    @Produces("text/plain")
    @McpResource(tool = false)
    public String hidden() {
      return "resource only";
    }
  }

  private static TestServer start(Class<?> resource, McpFeature feature) {
    return TestServer.start(new ResourceConfig(resource).register(feature));
  }

  @Test
  void listsOneToolPerResourceSortedByNameWithCacheHints() {
    McpFeature feature =
        McpFeature.builder().defaultCacheTtlMs(5000).defaultCacheScope("public").build();
    try (TestServer server = start(Widgets.class, feature)) {
      JsonPath json =
          new ToolCalls(server.mcpUrl()).list().then().statusCode(200).extract().jsonPath();
      List<String> names = json.getList("result.tools.name");
      assertThat(names)
          .containsExactly(
              "Widget_list_v2_all",
              "a123456789b123456789c123456789d123456789e123456789f123456789g123456789"
                  + "h123456789i123456789j123456789k123456789l123456789m1234567",
              "motd",
              "state");
      assertThat(json.getInt("result.ttlMs")).isEqualTo(5000);
      assertThat(json.getString("result.cacheScope")).isEqualTo("public");
      assertThat(json.getString("result.resultType")).isEqualTo("complete");
    }
  }

  @Test
  void listingIsTheSameOnEveryRequest() {
    try (TestServer server = start(Widgets.class, McpFeature.builder().build())) {
      ToolCalls tools = new ToolCalls(server.mcpUrl());
      String first = tools.list().then().extract().jsonPath().getString("result.tools");
      for (int i = 0; i < 3; i++) {
        assertThat(tools.list().then().extract().jsonPath().getString("result.tools"))
            .isEqualTo(first);
      }
    }
  }

  @Test
  void toolCarriesTitleDescriptionWithTheUriAndReadOnlyHint() {
    try (TestServer server = start(Widgets.class, McpFeature.builder().build())) {
      JsonPath json = new ToolCalls(server.mcpUrl()).list().then().extract().jsonPath();
      Map<String, Object> state = json.getMap("result.tools.find { it.name == 'state' }");
      assertThat(state)
          .containsEntry("name", "state")
          .containsEntry("title", "Widget state")
          .containsEntry(
              "description", "The widget's current state.\n\nReads app://widgets/{id}/state")
          .containsEntry("annotations", Map.of("readOnlyHint", true));
      Map<String, Object> motd = json.getMap("result.tools.find { it.name == 'motd' }");
      assertThat(motd).containsEntry("description", "Reads app://motd").doesNotContainKey("title");
    }
  }

  @Test
  void discoverAdvertisesToolsWhenAnyToolIsOffered() {
    try (TestServer server = start(Widgets.class, McpFeature.builder().build())) {
      JsonPath json =
          new Mcp(server.mcpUrl()).call("server/discover", Map.of()).then().extract().jsonPath();
      assertThat(json.getMap("result.capabilities")).containsEntry("tools", Map.of());
    }
  }

  @Test
  void featureSwitchTurnsEveryToolOff() {
    try (TestServer server = start(Widgets.class, McpFeature.builder().tools(false).build())) {
      Mcp mcp = new Mcp(server.mcpUrl());
      JsonPath discover = mcp.call("server/discover", Map.of()).then().extract().jsonPath();
      assertThat(discover.getMap("result.capabilities")).containsOnlyKeys("resources");
      JsonPath list =
          new ToolCalls(server.mcpUrl()).list().then().statusCode(404).extract().jsonPath();
      assertThat(list.getInt("error.code")).isEqualTo(-32601);
      new ToolCalls(server.mcpUrl())
          .call("motd", Map.of())
          .then()
          .statusCode(404)
          .extract()
          .jsonPath();
    }
  }

  @Test
  void noToolsCapabilityWhenEveryResourceOptsOut() {
    try (TestServer server = start(HiddenOnly.class, McpFeature.builder().build())) {
      JsonPath discover =
          new Mcp(server.mcpUrl()).call("server/discover", Map.of()).then().extract().jsonPath();
      assertThat(discover.getMap("result.capabilities")).containsOnlyKeys("resources");
      new ToolCalls(server.mcpUrl()).list().then().statusCode(404);
    }
  }

  @Test
  void resourceThatOptsOutIsStillReadable() {
    try (TestServer server = start(Widgets.class, McpFeature.builder().build())) {
      JsonPath read =
          new Mcp(server.mcpUrl())
              .read("app://widgets/hidden")
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertThat(read.getString("result.contents[0].text")).isEqualTo("resource only");
      JsonPath call =
          new ToolCalls(server.mcpUrl()).call("hidden", Map.of()).then().extract().jsonPath();
      assertThat(call.getString("error.message")).isEqualTo("Unknown tool: hidden");
    }
  }

  @Test
  void longRunningResourceIsOfferedAsATool() {
    try (TestServer server = start(Exports.class, McpFeature.builder().build())) {
      JsonPath discover =
          new Mcp(server.mcpUrl()).call("server/discover", Map.of()).then().extract().jsonPath();
      // logging: a long-running route may send log messages (McpContext.log).
      assertThat(discover.getMap("result.capabilities"))
          .containsOnlyKeys("resources", "tools", "logging");
      JsonPath list = new ToolCalls(server.mcpUrl()).list().then().extract().jsonPath();
      assertThat(list.getList("result.tools.name")).containsExactly("export");
    }
  }
}
