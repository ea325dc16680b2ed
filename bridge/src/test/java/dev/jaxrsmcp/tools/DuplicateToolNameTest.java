package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.Map;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/**
 * Tool names are unique by default: a method name that two tools would share is qualified by the
 * class ({@code Widgets_state}), and when that is not enough, derived from the URI template. An
 * explicit {@code name} wins, and two equal explicit names still fail the start, naming both
 * methods.
 */
class DuplicateToolNameTest {

  @Path("/widgets")
  @Produces("text/plain")
  public static class Widgets {
    @GET
    @Path("/state")
    @McpResource
    public String state() {
      return "widget";
    }
  }

  @Path("/gadgets")
  @Produces("text/plain")
  public static class Gadgets {
    @GET
    @Path("/state")
    @McpResource
    public String state() {
      return "gadget";
    }
  }

  @Path("/gizmos")
  @Produces("text/plain")
  public static class Gizmos {
    @GET
    @Path("/state")
    @McpResource(name = "state")
    public String current() {
      return "gizmo";
    }

    @GET
    @Path("/{id}/state")
    @McpResource
    public String state(@PathParam("id") String id) {
      return "gizmo " + id;
    }

    @GET
    @Path("/{id}/state/old")
    @McpResource
    public String state(@PathParam("id") long id) {
      return "old gizmo " + id;
    }
  }

  @Path("/gadgets")
  @Produces("text/plain")
  public static class QuietGadgets {
    @GET
    @Path("/state")
    @McpResource(tool = false)
    public String state() {
      return "";
    }
  }

  @Path("/named")
  @Produces("text/plain")
  public static class Named {
    @GET
    @Path("/a")
    @McpResource(name = "state")
    public String first() {
      return "";
    }
  }

  @Path("/spaced")
  @Produces("text/plain")
  public static class Spaced {
    @GET
    @Path("/a")
    @McpResource(name = "widget state")
    public String first() {
      return "";
    }

    @GET
    @Path("/b")
    @McpResource(name = "widget_state")
    public String second() {
      return "";
    }
  }

  private static void start(McpFeature feature, Class<?>... resources) {
    new ApplicationHandler(new ResourceConfig(resources).register(feature));
  }

  private static String tool(String name, String description) {
    return "{\"name\":\""
        + name
        + "\",\"description\":\""
        + description
        + "\",\"inputSchema\":{\"type\":\"object\",\"additionalProperties\":false},"
        + "\"annotations\":{\"readOnlyHint\":true}}";
  }

  @Test
  void aMethodNameTwoToolsShareIsQualifiedByTheClass() {
    try (TestServer server =
        TestServer.start(
            new ResourceConfig(Widgets.class, Gadgets.class)
                .register(McpFeature.builder().build()))) {
      Mcp mcp = new Mcp(server.mcpUrl());

      String list = mcp.call("tools/list", Map.of()).asString();
      String call =
          mcp.call("tools/call", Map.of("name", "Widgets_state", "arguments", Map.of())).asString();

      assertThat(list)
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\"tools\":["
                  + tool("Gadgets_state", "Reads app://gadgets/state")
                  + ","
                  + tool("Widgets_state", "Reads app://widgets/state")
                  + "],\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"jaxrs-mcp\","
                  + "\"version\":\"0.0.0\"}},\"ttlMs\":0,\"cacheScope\":\"private\"}}");
      assertThat(call)
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
                  + "\"content\":[{\"type\":\"text\",\"text\":\"widget\"}],"
                  + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"jaxrs-mcp\","
                  + "\"version\":\"0.0.0\"}}}}");
    }
  }

  @Test
  void anExplicitNameWinsAndOverloadsAreNamedAfterTheirTemplates() {
    try (TestServer server =
        TestServer.start(new ResourceConfig(Gizmos.class).register(McpFeature.builder().build()))) {
      String list = new Mcp(server.mcpUrl()).call("tools/list", Map.of()).asString();

      assertThat(list)
          .contains("\"name\":\"state\",\"description\":\"Reads app://gizmos/state\"")
          .contains(
              "\"name\":\"gizmos_id_state\",\"description\":\"Reads app://gizmos/{id}/state\"")
          .contains(
              "\"name\":\"gizmos_id_state_old\",\"description\":\"Reads"
                  + " app://gizmos/{id}/state/old\"");
    }
  }

  @Test
  void twoEqualExplicitNamesFailNamingBoth() {
    assertThatThrownBy(() -> start(McpFeature.builder().build(), Gizmos.class, Named.class))
        .isInstanceOf(McpConfigurationException.class)
        .hasMessage(
            """
            Invalid @McpResource declaration:
            two tools have the same name 'state' (found resource name 'state'; the other is the \
            tool of Gizmos.current, resource name 'state'); give one resource another name or set \
            tool = false
                for method Named.first""");
  }

  @Test
  void namesThatCollideOnceMadeToFitFailNamingBoth() {
    assertThatThrownBy(() -> start(McpFeature.builder().build(), Spaced.class))
        .isInstanceOf(McpConfigurationException.class)
        .hasMessage(
            """
            Invalid @McpResource declaration:
            two tools have the same name 'widget_state' (found resource name 'widget_state'; the \
            other is the tool of Spaced.first, resource name 'widget state'); give one resource \
            another name or set tool = false
                for method Spaced.second""");
  }

  @Test
  void aToolAloneWithItsMethodNameKeepsIt() {
    try (TestServer server =
        TestServer.start(
            new ResourceConfig(Widgets.class, QuietGadgets.class)
                .register(McpFeature.builder().build()))) {
      String list = new Mcp(server.mcpUrl()).call("tools/list", Map.of()).asString();

      assertThat(list).contains("\"tools\":[" + tool("state", "Reads app://widgets/state") + "]");
    }
  }
}
