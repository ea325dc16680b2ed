package dev.jaxrsmcp;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers a JAX-RS resource method as an MCP tool: a route that acts ({@code @POST}, {@code @PUT},
 * {@code @PATCH}, {@code @DELETE}), or a {@code @GET} offered only as a tool. Opt-in per method;
 * nothing becomes a tool without it (a {@link McpResource} is a tool of its own).
 *
 * <pre>{@code
 * @Path("/widgets")
 * public class Widgets {
 *   @PUT
 *   @Path("/{id}/target")
 *   @Consumes(MediaType.APPLICATION_JSON)
 *   @Produces(MediaType.APPLICATION_JSON)
 *   @McpTool(description = "Sets a widget's target temperature")
 *   public WidgetState setTarget(@PathParam("id") long id, @Valid TargetChange change) { ... }
 * }
 * }</pre>
 *
 * <p>The tool's arguments are the method's {@code @PathParam}s (required), {@code @QueryParam}s and
 * {@code @HeaderParam}s, typed from their Java types, and for a method with an entity parameter a
 * {@code body} argument whose JSON Schema (2020-12) is generated from the entity's type as Jackson
 * binds it, Bean Validation constraints included. A {@code tools/call} runs the route in place, as
 * an MCP read does: the MCP request becomes the route's own request, with its HTTP method, the path
 * and query made from the arguments, the caller's own headers and the {@code body} as its JSON
 * entity, so the application's filters, validation, exception mappers and authorization decide; a
 * route that answers an error status gives an error result ({@code isError}). A JSON object the
 * route answers is also the result's {@code structuredContent}, and the tool declares an {@code
 * outputSchema} generated from the method's return type when that is an object. A route that
 * produces {@link #CONTENT_ITEMS} gives several content items (text, images, resources).
 *
 * <p>A header argument (a {@code @HeaderParam} of a string, integer or boolean type) is declared
 * with {@code x-mcp-header} (SEP-2243): a client of revision 2026-07-28 mirrors its value into an
 * {@code Mcp-Param-{name}} HTTP header, which the bridge checks against the argument before the
 * route runs (a missing, malformed or different header is refused with HTTP 400 and {@code
 * -32020}); the route receives the value as its header.
 *
 * <p>The tool's annotations follow HTTP semantics unless set here: {@code GET} is read-only; {@code
 * PUT} and {@code DELETE} are idempotent; {@code DELETE} is destructive; {@code POST} and {@code
 * PATCH} are neither. Checked when the application starts: a method without an HTTP method, or a
 * body type the schema generator cannot describe, fails the start with an {@link
 * McpConfigurationException} naming the rule, the value and the method.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpTool {

  /**
   * The media type of a result of several content items: the route answers a JSON array of MCP
   * content blocks ({@code text}, {@code image}, {@code audio}, {@code resource}, {@code
   * resource_link}), which a {@code tools/call} gives as its {@code content}; an unknown or
   * incomplete item makes an error result naming it (docs/tools.md).
   *
   * <pre>{@code
   * @GET @Path("/report") @Produces(McpTool.CONTENT_ITEMS) @McpTool(name = "report")
   * public List<Map<String, Object>> report() {
   *   return List.of(Map.of("type", "text", "text", "Sales are up"),
   *       Map.of("type", "image", "mimeType", "image/png", "data", chartBase64()));
   * }
   * }</pre>
   */
  String CONTENT_ITEMS = "application/vnd.mcp.content+json";

  /** The tool's name; the method's name when empty (qualified when that is not unique). */
  String name() default "";

  /** A human-readable title; none when empty. */
  String title() default "";

  /** What the tool does; when empty, the HTTP method and route path it runs. */
  String description() default "";

  /**
   * A tool input schema written by hand (JSON Schema 2020-12 the generated one cannot say): the
   * classpath resource holding it, found as {@link Class#getResource} of the resource class finds
   * it; none when empty. The schema is used as written (an object schema), and the call's whole
   * {@code arguments} object is the route's JSON entity: the method takes one entity parameter and
   * nothing else, and the route validates it. A missing or unreadable resource fails the start.
   * Example: {@code @McpTool(inputSchema = "contact.schema.json")} on {@code create(JsonNode c)}.
   */
  String inputSchema() default "";

  /** {@code readOnlyHint}: {@link Hint#DERIVED} (the default) is true for {@code GET} only. */
  Hint readOnly() default Hint.DERIVED;

  /**
   * {@code destructiveHint}: {@link Hint#DERIVED} (the default) is true for {@code DELETE} only.
   */
  Hint destructive() default Hint.DERIVED;

  /**
   * {@code idempotentHint}: {@link Hint#DERIVED} (the default) is true for {@code GET}, {@code PUT}
   * and {@code DELETE}.
   */
  Hint idempotent() default Hint.DERIVED;

  /** {@code openWorldHint}: {@link Hint#DERIVED} (the default) leaves it out. */
  Hint openWorld() default Hint.DERIVED;

  /**
   * A question the user confirms before the route runs ({@code "Delete widget {id}?"}, {@code
   * {name}} replaced by the call's argument of that name); none when empty. The bridge asks by
   * elicitation: an {@code input_required} result in 2026-07-28, an {@code elicitation/create}
   * request on the call's stream in 2025-11-25. Accepted, the route runs; declined or cancelled,
   * the call answers an error result and the route does not run. A client without the {@code
   * elicitation} capability gets {@code -32021} unless {@link #runWithoutElicitation()}.
   *
   * <pre>{@code
   * @DELETE @Path("/{id}") @McpTool(confirm = "Delete widget {id}?")
   * public void delete(@PathParam("id") long id) { ... }
   * }</pre>
   */
  String confirm() default "";

  /**
   * Whether the route runs unconfirmed for a client without the {@code elicitation} capability
   * (default false: such a call fails with {@code -32021}). Only meaningful with {@link
   * #confirm()}.
   */
  boolean runWithoutElicitation() default false;

  /** One tool annotation: derived from the HTTP method, or set. */
  enum Hint {
    /** As the route's HTTP method says (see each attribute). */
    DERIVED,
    TRUE,
    FALSE
  }
}
