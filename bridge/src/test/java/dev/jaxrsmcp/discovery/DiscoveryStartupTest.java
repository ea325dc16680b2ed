package dev.jaxrsmcp.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

class DiscoveryStartupTest {
  @Path("/w")
  public static class Widgets {
    @GET
    @Path("{id}")
    @McpResource(uri = "app://w/{id}")
    public String widget(@PathParam("id") String id) {
      return id;
    }
  }

  @Path("/bad")
  public static class BadListFrom {
    @GET
    @Path("{id}")
    @McpResource(uri = "app://bad/{id}", listFrom = "bad/{x}")
    public String relative(@PathParam("id") String id) {
      return id;
    }

    @GET
    @McpResource(uri = "app://bad", listFrom = "/bad")
    public String exact() {
      return "";
    }
  }

  private static String failure(ResourceConfig config) {
    Throwable thrown = catchThrowable(() -> new ApplicationHandler(config));
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof McpConfigurationException e) {
        return e.getMessage();
      }
    }
    throw new AssertionError("no McpConfigurationException", thrown);
  }

  @Test
  void completerForAnUnknownTemplateFailsTheStart() {
    String message =
        failure(
            new ResourceConfig(Widgets.class)
                .register(
                    McpFeature.builder()
                        .complete("app://nope/{id}", "id", McpCompleter.of("1"))
                        .build()));
    assertThat(message)
        .isEqualTo(
            "Invalid @McpResource declaration:\n"
                + "a completer is registered for 'app://nope/{id}', which is not the URI template"
                + " of any @McpResource");
  }

  @Test
  void completerForAnUnknownVariableFailsTheStart() {
    String message =
        failure(
            new ResourceConfig(Widgets.class)
                .register(
                    McpFeature.builder()
                        .complete("app://w/{id}", "key", McpCompleter.of("1"))
                        .build()));
    assertThat(message)
        .isEqualTo(
            "Invalid @McpResource declaration:\n"
                + "a completer is registered for variable 'key' of 'app://w/{id}', which has no"
                + " such variable (found [id] and query [])");
  }

  @Test
  void listFromMustBeAnAbsolutePathOnATemplate() {
    String message =
        failure(new ResourceConfig(BadListFrom.class).register(McpFeature.builder().build()));
    assertThat(message)
        .contains(
            "listFrom must be the path of a collection route, starting with '/' and without"
                + " variables (found 'bad/{x}')\n    for method BadListFrom.relative")
        .contains(
            "listFrom lists the members of a template, but this URI has no variables (found"
                + " 'app://bad')\n    for method BadListFrom.exact");
  }
}
