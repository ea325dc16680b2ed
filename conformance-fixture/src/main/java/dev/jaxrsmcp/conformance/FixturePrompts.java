package dev.jaxrsmcp.conformance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpPrompt;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.context.McpContext.Answer;
import dev.jaxrsmcp.context.McpContext.Question;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The prompts the suite gets ({@code prompts-*}, {@code completion-complete}), each an ordinary
 * {@code GET} route: text for one user message, a JSON list of MCP prompt messages for the others.
 * One asks the user first through {@link McpContext} ({@code
 * input-required-result-non-tool-request}).
 */
@Path("/prompts")
public class FixturePrompts {
  private static final ObjectMapper JSON = new ObjectMapper();

  @GET
  @Path("/simple")
  @Produces(MediaType.TEXT_PLAIN)
  @McpPrompt(name = "test_simple_prompt", description = "A simple prompt without arguments")
  public String simple() {
    return "This is a simple prompt for testing.";
  }

  @GET
  @Path("/with-arguments/{arg1}/{arg2}")
  @Produces(MediaType.TEXT_PLAIN)
  @McpPrompt(
      name = "test_prompt_with_arguments",
      description = "A prompt with two required arguments",
      arguments = {
        @McpPrompt.Argument(name = "arg1", description = "First test argument"),
        @McpPrompt.Argument(name = "arg2", description = "Second test argument")
      })
  public String withArguments(@PathParam("arg1") String arg1, @PathParam("arg2") String arg2) {
    return "Prompt with arguments: arg1='" + arg1 + "', arg2='" + arg2 + "'";
  }

  @GET
  @Path("/with-embedded-resource")
  @Produces(MediaType.APPLICATION_JSON)
  @McpPrompt(
      name = "test_prompt_with_embedded_resource",
      description = "A prompt that embeds a resource",
      arguments =
          @McpPrompt.Argument(name = "resourceUri", description = "URI of the resource to embed"))
  public String withEmbeddedResource(@NotNull @QueryParam("resourceUri") String resourceUri) {
    ArrayNode messages = JSON.createArrayNode();
    ObjectNode resource = message(messages).putObject("content").put("type", "resource");
    resource
        .putObject("resource")
        .put("uri", resourceUri)
        .put("mimeType", "text/plain")
        .put("text", "Embedded resource content for testing.");
    text(messages, "Please process the embedded resource above.");
    return messages.toString();
  }

  @GET
  @Path("/with-image")
  @Produces(MediaType.APPLICATION_JSON)
  @McpPrompt(name = "test_prompt_with_image", description = "A prompt with an image")
  public String withImage() {
    ArrayNode messages = JSON.createArrayNode();
    message(messages)
        .putObject("content")
        .put("type", "image")
        .put("data", Base64.getEncoder().encodeToString(Media.png()))
        .put("mimeType", "image/png");
    text(messages, "Please analyze the image above.");
    return messages.toString();
  }

  @GET
  @Path("/input-required")
  @Produces(MediaType.TEXT_PLAIN)
  @McpPrompt(
      name = "test_input_required_result_prompt",
      description = "A prompt that asks the user for its context first")
  public String inputRequired(@Context McpContext mcp) {
    Answer answer =
        mcp.ask(
                Question.elicit(
                    "user_context",
                    "What context should the prompt use?",
                    Map.of(
                        "type",
                        "object",
                        "properties",
                        Map.of("context", Map.of("type", "string")),
                        "required",
                        List.of("context"))))
            .get("user_context");
    if (!answer.accepted()) {
      return "Answer without any particular context (the user chose " + answer.action() + ").";
    }
    return "Answer with this context in mind: " + answer.content().get("context");
  }

  private static ObjectNode message(ArrayNode messages) {
    return messages.addObject().put("role", "user");
  }

  private static void text(ArrayNode messages, String text) {
    message(messages).putObject("content").put("type", "text").put("text", text);
  }
}
