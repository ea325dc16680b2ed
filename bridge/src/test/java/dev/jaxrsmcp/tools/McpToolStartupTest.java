package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.McpTool;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/** A wrong {@code @McpTool} fails the start, naming the rule, the value and the method. */
class McpToolStartupTest {

  static String failure(Class<?>... resources) {
    ResourceConfig config = new ResourceConfig(resources).register(McpFeature.builder().build());
    Throwable thrown = catchThrowable(() -> new ApplicationHandler(config));
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof McpConfigurationException e) {
        return e.getMessage();
      }
    }
    throw new AssertionError("no McpConfigurationException in the cause chain", thrown);
  }

  @Path("/a")
  public static class NoHttpMethod {
    @GET
    public String get() {
      return "";
    }

    @McpTool
    public String act() {
      return "";
    }
  }

  @Test
  void aMethodWithoutAnHttpMethodFails() {
    assertThat(failure(NoHttpMethod.class))
        .isEqualTo(
            "Invalid @McpTool declaration:\n"
                + "@McpTool requires a resource method with an HTTP method (found no HTTP method"
                + " annotation)\n"
                + "    for method NoHttpMethod.act");
  }

  @Path("/b")
  public static class FormTool {
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @McpTool
    public String submit(@FormParam("color") String color) {
      return color;
    }
  }

  @Test
  void aFormParameterFails() {
    assertThat(failure(FormTool.class))
        .isEqualTo(
            "Invalid @McpTool declaration:\n"
                + "@McpTool takes path, query and header parameters and one JSON entity (found"
                + " @FormParam 'color') (parameter 'color')\n"
                + "    for method FormTool.submit");
  }

  @Path("/c")
  public static class TextBody {
    @POST
    @Consumes(MediaType.TEXT_PLAIN)
    @McpTool
    public String echo(String text) {
      return text;
    }
  }

  @Test
  void aBodyTheMethodDoesNotConsumeAsJsonFails() {
    assertThat(failure(TextBody.class))
        .isEqualTo(
            "Invalid @McpTool declaration:\n"
                + "@McpTool sends the body as application/json, which the method does not consume"
                + " (found @Consumes [text/plain])\n"
                + "    for method TextBody.echo");
  }

  @Path("/d")
  public static class Both {
    @GET
    @McpResource
    @McpTool
    public String state() {
      return "";
    }
  }

  @Test
  void aResourceThatIsAToolAlreadyFails() {
    assertThat(failure(Both.class))
        .isEqualTo(
            "Invalid @McpResource declaration:\n"
                + "@McpTool on an @McpResource method that is a tool already (found @McpResource"
                + " with tool = true); set tool = false on it, or drop @McpTool\n"
                + "    for method Both.state");
  }

  /** A body type whose schema cannot be generated: it refers to itself through a raw type. */
  @Path("/e")
  public static class Clash {
    @POST
    @Path("/one")
    @McpTool(name = "same")
    public String one() {
      return "";
    }

    @POST
    @Path("/two")
    @McpTool(name = "same")
    public String two() {
      return "";
    }
  }

  @Test
  void twoToolsOfOneNameFail() {
    assertThat(failure(Clash.class))
        .startsWith("Invalid @McpTool declaration:\n")
        .contains("two tools have the same name 'same'");
  }

  @Path("/f")
  public static class WrongResource {
    @GET
    @Path("/{key}")
    @McpResource(uri = "app://f/{id}")
    public String read() {
      return "";
    }
  }

  @Test
  void problemsOfBothAnnotationsNameBoth() {
    assertThat(failure(WrongResource.class, FormTool.class))
        .startsWith("Invalid @McpResource and @McpTool declarations (3 problems):\n")
        .contains("    for method WrongResource.read")
        .contains("    for method FormTool.submit");
  }
}
