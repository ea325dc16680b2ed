package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;
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
        .hasMessageMatching(
            "Invalid @McpResource:\n"
                + "two tools have the same name 'state' \\(found resource name 'state', also the"
                + " tool of (Widgets|Gadgets).state with resource name 'state'\\); give one"
                + " resource another name, or set tool = false on one of them\n"
                + "    for method (Widgets|Gadgets).state")
        .satisfies(
            e -> assertThat(e.getMessage()).contains("Widgets.state").contains("Gadgets.state"));
  }

  @Test
  void namesThatCollideOnceMadeToFitFailNamingBoth() {
    assertThatThrownBy(() -> start(McpFeature.builder().build(), Spaced.class))
        .isInstanceOf(McpConfigurationException.class)
        .hasMessageMatching(
            "Invalid @McpResource:\n"
                + "two tools have the same name 'widget_state' \\(found resource name"
                + " 'widget[ _]state', also the tool of Spaced.(first|second) with resource name"
                + " 'widget[ _]state'\\); give one resource another name, or set tool = false on"
                + " one of them\n"
                + "    for method Spaced.(first|second)")
        .satisfies(
            e -> assertThat(e.getMessage()).contains("Spaced.first").contains("Spaced.second"));
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
