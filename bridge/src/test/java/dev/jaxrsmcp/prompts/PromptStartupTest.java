package dev.jaxrsmcp.prompts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpPrompt;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/** A wrong {@code @McpPrompt} fails the start, naming the rule, the value and the method. */
class PromptStartupTest {

  static String failure(McpFeature feature, Class<?>... resources) {
    ResourceConfig config = new ResourceConfig(resources).register(feature);
    Throwable thrown = catchThrowable(() -> new ApplicationHandler(config));
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof McpConfigurationException e) {
        return e.getMessage();
      }
    }
    throw new AssertionError("no McpConfigurationException in the cause chain", thrown);
  }

  static String failure(Class<?>... resources) {
    return failure(McpFeature.builder().build(), resources);
  }

  @Path("/a")
  public static class OnAPost {
    @POST
    @McpPrompt
    public String ask() {
      return "";
    }
  }

  @Test
  void aPromptOnAPostFails() {
    assertThat(failure(OnAPost.class))
        .isEqualTo(
            "Invalid @McpResource declaration:\n"
                + "@McpPrompt requires a @GET resource method (found @POST)\n"
                + "    for method OnAPost.ask");
  }

  @Path("/b")
  public static class TwoOfAName {
    @GET
    @Path("/one")
    @McpPrompt(name = "same")
    public String one() {
      return "";
    }

    @GET
    @Path("/two")
    @McpPrompt(name = "same")
    public String two() {
      return "";
    }
  }

  @Test
  void twoPromptsOfOneNameFail() {
    assertThat(failure(TwoOfAName.class))
        .isEqualTo(
            "Invalid @McpResource declaration:\n"
                + "two methods have the same prompt name (found 'same', also on TwoOfAName.one)\n"
                + "    for method TwoOfAName.two");
  }

  @Path("/c")
  public static class DescribesNothing {
    @GET
    @Path("/{id}")
    @McpPrompt(arguments = @McpPrompt.Argument(name = "key", description = "no such"))
    public String ask(@PathParam("id") String id) {
      return "";
    }
  }

  @Test
  void anArgumentDescriptionThatNamesNoParameterFails() {
    assertThat(failure(DescribesNothing.class))
        .isEqualTo(
            "Invalid @McpResource declaration:\n"
                + "@McpPrompt describes argument 'key', which is not a path or query parameter"
                + " of the method (found [id])\n"
                + "    for method DescribesNothing.ask");
  }

  @Path("/d")
  public static class FormPrompt {
    @GET
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @McpPrompt
    public String ask(@FormParam("topic") String topic) {
      return "";
    }
  }

  @Test
  void aParameterNoArgumentFillsFails() {
    assertThat(failure(FormPrompt.class))
        .isEqualTo(
            "Invalid @McpResource declaration:\n"
                + "@McpPrompt takes path and query parameters, which its arguments fill (found"
                + " @FormParam 'topic') (parameter 'topic')\n"
                + "    for method FormPrompt.ask");
  }

  @Path("/e")
  public static class NoHttpMethod {
    @GET
    public String get() {
      return "";
    }

    @McpPrompt
    public String ask() {
      return "";
    }
  }

  @Test
  void aMethodWithoutAnHttpMethodFails() {
    assertThat(failure(NoHttpMethod.class))
        .isEqualTo(
            "Invalid @McpResource declaration:\n"
                + "@McpPrompt requires a @GET resource method (found no HTTP method annotation)\n"
                + "    for method NoHttpMethod.ask");
  }

  @Path("/f")
  public static class Fine {
    @GET
    @Path("/{id}")
    @McpPrompt(name = "fine")
    public String ask(@PathParam("id") String id) {
      return "";
    }
  }

  @Test
  void aCompleterForAnUnknownPromptOrArgumentFails() {
    McpFeature feature =
        McpFeature.builder()
            .completePrompt("nope", "id", McpCompleter.of("1"))
            .completePrompt("fine", "key", McpCompleter.of("1"))
            .build();
    assertThat(failure(feature, Fine.class))
        .isEqualTo(
            "Invalid @McpResource declarations (2 problems):\n"
                + "a completer is registered for prompt 'nope', which is not the name of any"
                + " @McpPrompt\n"
                + "a completer is registered for argument 'key' of prompt 'fine', which has no"
                + " such argument (found [id])");
  }
}
