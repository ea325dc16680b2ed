package dev.jaxrsmcp.prompts;

import dev.jaxrsmcp.McpPrompt;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The prompt routes of the prompt tests: ordinary JAX-RS routes with {@code @McpPrompt}. */
final class PromptRoutes {
  private PromptRoutes() {}

  /** How a greeting sounds (an enum argument completes from its constants). */
  public enum Mood {
    CHEERFUL,
    CALM,
    CURT
  }

  @Path("/prompts")
  public static class Prompts {
    @GET
    @Path("/greet/{name}")
    @Produces(MediaType.TEXT_PLAIN)
    @McpPrompt(
        name = "greet",
        title = "Greeting",
        description = "Greets someone",
        arguments = @McpPrompt.Argument(name = "name", description = "Who to greet"))
    public String greet(@PathParam("name") String name, @QueryParam("mood") Mood mood) {
      return "Greet " + name + (mood == null ? "" : " in a " + mood + " way") + ".";
    }

    @GET
    @Path("/review")
    @Produces(MediaType.APPLICATION_JSON)
    @McpPrompt(
        name = "review",
        description = "Reviews a snippet",
        arguments = @McpPrompt.Argument(name = "code", description = "The code to review"))
    public String review(@NotNull @QueryParam("code") String code) {
      return "[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"Review: "
          + code
          + "\"}},{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"Looking.\"}},"
          + "{\"role\":\"user\",\"content\":{\"type\":\"image\",\"data\":\"iVBORw0=\","
          + "\"mimeType\":\"image/png\"}}]";
    }

    @GET
    @Path("/picture")
    @Produces("image/png")
    @McpPrompt(name = "picture", description = "A picture to look at")
    public byte[] picture() {
      return new byte[] {(byte) 0x89, 'P', 'N', 'G'};
    }

    @GET
    @Path("/described")
    @Produces(MediaType.APPLICATION_JSON)
    @McpPrompt(name = "described", description = "Messages with their own description")
    public String described() {
      return "{\"description\":\"A described prompt\",\"messages\":[{\"role\":\"user\","
          + "\"content\":{\"type\":\"resource\",\"resource\":{\"uri\":\"app://notes/1\","
          + "\"mimeType\":\"text/plain\",\"text\":\"note\"}}}]}";
    }

    @GET
    @Path("/secret")
    @Produces(MediaType.TEXT_PLAIN)
    @McpPrompt(name = "secret")
    public String secret() {
      return "The secret plan.";
    }

    @GET
    @Path("/broken")
    @Produces(MediaType.APPLICATION_JSON)
    @McpPrompt(name = "broken", description = "Answers a message of no known role")
    public String broken() {
      return "[{\"role\":\"system\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}]";
    }

    @GET
    @Path("/missing")
    @Produces(MediaType.TEXT_PLAIN)
    @McpPrompt(name = "missing", description = "Always 404")
    public Response missing() {
      return Response.status(404).entity("nothing here").build();
    }
  }

  /** The application's auth: the secret prompt is alice's; bob is known but not allowed. */
  public static class SecretAuth implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (!request.getUriInfo().getPath().equals("prompts/secret")) {
        return;
      }
      String authorization = request.getHeaderString("Authorization");
      if (authorization == null) {
        request.abortWith(
            Response.status(401)
                .header("WWW-Authenticate", "Bearer realm=\"prompts\"")
                .entity("who are you?")
                .build());
      } else if (!"Bearer alice".equals(authorization)) {
        request.abortWith(Response.status(403).entity("alice only").build());
      }
    }
  }
}
