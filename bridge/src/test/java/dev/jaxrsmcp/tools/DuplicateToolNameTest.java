package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/** Two tools with the same name fail the application's start, naming both methods. */
class DuplicateToolNameTest {

  @Path("/widgets")
  @Produces("text/plain")
  public static class Widgets {
    @GET
    @Path("/state")
    @McpResource
    public String state() {
      return "";
    }
  }

  @Path("/gadgets")
  @Produces("text/plain")
  public static class Gadgets {
    @GET
    @Path("/state")
    @McpResource
    public String state() {
      return "";
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

  @Test
  void sameResourceNameOnTwoMethodsFailsNamingBoth() {
    assertThatThrownBy(() -> start(McpFeature.builder().build(), Widgets.class, Gadgets.class))
        .isInstanceOf(McpConfigurationException.class)
        .hasMessage(
            """
            Invalid @McpResource declaration:
            two tools have the same name 'state' (found resource name 'state'; the other is the \
            tool of Gadgets.state, resource name 'state'); give one resource another name or set \
            tool = false
                for method Widgets.state""");
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
  void optingOneResourceOutResolvesTheClash() {
    start(McpFeature.builder().build(), Widgets.class, QuietGadgets.class);
  }

  @Test
  void turningToolsOffResolvesTheClash() {
    start(McpFeature.builder().tools(false).build(), Widgets.class, Gadgets.class);
  }
}
