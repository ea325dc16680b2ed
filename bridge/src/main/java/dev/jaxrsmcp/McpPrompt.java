package dev.jaxrsmcp;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers a JAX-RS {@code @GET} resource method as an MCP prompt ({@code prompts/list}, {@code
 * prompts/get}). Opt-in per method.
 *
 * <pre>{@code
 * @Path("/widgets")
 * public class Widgets {
 *   @GET
 *   @Path("/{id}/summary-prompt")
 *   @Produces(MediaType.TEXT_PLAIN)
 *   @McpPrompt(
 *       name = "summarize_widget",
 *       description = "Asks for a summary of one widget",
 *       arguments = @McpPrompt.Argument(name = "id", description = "The widget's id"))
 *   public String summarize(@PathParam("id") long id, @QueryParam("tone") String tone) {
 *     return "Summarize widget " + id + " in a " + (tone == null ? "neutral" : tone) + " tone.";
 *   }
 * }
 * }</pre>
 *
 * <p>The prompt's arguments are the method's {@code @PathParam}s (required) and
 * {@code @QueryParam}s (required when annotated {@code @NotNull}, optional otherwise), in that
 * order, described by {@link #arguments()}. A {@code prompts/get} runs the route in place, as an
 * MCP read does: the MCP request becomes the route's own {@code GET}, with the path and query made
 * from the arguments and the caller's own headers, so the application's filters and authorization
 * decide, and an error status answers the JSON-RPC error a {@code resources/read} would give.
 *
 * <p>What the route answers becomes the prompt's messages:
 *
 * <ul>
 *   <li>text ({@code text/*}): one {@code user} message with that text;
 *   <li>JSON ({@code application/json}): a list of MCP {@code PromptMessage}s, each {@code {"role":
 *       "user" | "assistant", "content": {...}}} whose content is any MCP content block ({@code
 *       text}, {@code image}, {@code audio}, {@code resource_link}, an embedded {@code resource}),
 *       or an object {@code {"description": ..., "messages": [...]}}; a JSON string is one {@code
 *       user} text message;
 *   <li>an image or audio type: one {@code user} message with that image or audio (base64); any
 *       other type: one {@code user} message embedding the body as a resource.
 * </ul>
 *
 * <p>Arguments complete ({@code completion/complete} with a {@code ref/prompt}) from a completer
 * registered with {@link McpFeature.Builder#completePrompt}, else, for an enum parameter, from its
 * constants. Checked when the application starts: a method that is not a {@code @GET}, a duplicate
 * prompt name, an argument description naming no parameter, or a parameter a prompt cannot fill (an
 * entity, a form or matrix parameter) fails the start with an {@link McpConfigurationException}
 * naming the rule, the value and the method.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpPrompt {

  /** The prompt's name, unique among the prompts; the method's name when empty. */
  String name() default "";

  /** A human-readable title; none when empty. */
  String title() default "";

  /** What the prompt is for; when empty, the route path it runs. */
  String description() default "";

  /** Descriptions of the prompt's arguments, by parameter name; arguments not named have none. */
  Argument[] arguments() default {};

  /** Describes one argument: a {@code @PathParam} or {@code @QueryParam} of the method. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target({})
  @interface Argument {
    /** The parameter's JAX-RS name ({@code @PathParam("id")}: {@code id}). */
    String name();

    /** A human-readable title; none when empty. */
    String title() default "";

    /** What the argument is; none when empty. */
    String description() default "";
  }
}
