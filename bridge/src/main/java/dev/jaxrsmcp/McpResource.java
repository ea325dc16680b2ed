package dev.jaxrsmcp;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exposes a JAX-RS {@code @GET} resource method as an MCP resource, or as a resource template when
 * its URI has variables. Every MCP read runs the method in-process through the application's own
 * JAX-RS pipeline, so its filters, interceptors and exception mappers apply as for an HTTP client.
 *
 * <pre>{@code
 * @Path("/widgets")
 * public class Widgets {
 *   @GET
 *   @Path("/{id}/state")
 *   @Produces(MediaType.APPLICATION_JSON)
 *   @McpResource(description = "The widget's current state") // uri derived: app://widgets/{id}/state
 *   public WidgetState state(@PathParam("id") long id) { ... }
 * }
 * }</pre>
 *
 * <p>The annotation may also sit on an annotation type, which then acts as a composed annotation: a
 * method carrying it is exposed as if it carried this {@code @McpResource} with the same
 * attributes.
 *
 * <pre>{@code
 * @Retention(RetentionPolicy.RUNTIME)
 * @Target(ElementType.METHOD)
 * @McpResource(cacheTtlMs = 60_000, cacheScope = "public")
 * public @interface PublicMcpResource {}
 * }</pre>
 *
 * <p>Only methods of root resource classes are seen; sub-resource locators are not followed. Every
 * declaration is checked when the application starts, and a mistake (not a {@code @GET} method, a
 * template that does not fit the route, an attribute out of range, two methods with the same URI,
 * ...) fails the start with an {@link McpConfigurationException} naming the rule, the value found
 * and the method. The annotation reference in the user guide ({@code docs/annotations.md}) lists
 * every attribute and every message.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface McpResource {

  /**
   * The MCP URI or URI template, for example {@code app://widgets/{id}/state{?fields}}. When empty
   * it is derived from the route: the feature's scheme, {@code ://}, the JAX-RS path (class
   * {@code @Path} + method {@code @Path}, without the leading '/') with path parameters as {@code
   * {vars}} (regular-expression constraints dropped: {@code {id: \d+}} becomes {@code {id}}), then
   * {@code {?a,b}} for the method's {@code @QueryParam} parameters in parameter order.
   *
   * <p>An explicit template must name every path parameter of the route, no other path variable,
   * and only {@code @QueryParam}s of the method as query variables (a subset is fine).
   */
  String uri() default "";

  /** The name shown in listings; the method name when empty. */
  String name() default "";

  /** A human-readable title for listings; none when empty. */
  String title() default "";

  /**
   * What the resource holds; none when empty. (Javadoc is not available when the application runs,
   * so nothing is taken from it.)
   */
  String description() default "";

  /**
   * The contents' MIME type. When empty: the first concrete type of the route's {@code @Produces}
   * (the method's, else the class's; wildcards skipped), else none in listings and the response's
   * {@code Content-Type} on reads.
   */
  String mimeType() default "";

  /**
   * How long, in milliseconds, a client may cache reads and listings: zero or more; {@code -1} (the
   * default) takes {@link McpFeature#defaultCacheTtlMs()}.
   */
  long cacheTtlMs() default -1;

  /**
   * {@code "private"} or {@code "public"}; empty (the default) takes {@link
   * McpFeature#defaultCacheScope()}, itself {@code private} unless configured.
   */
  String cacheScope() default "";

  /** Whether clients may subscribe to changes of this resource. */
  boolean subscribe() default false;

  /**
   * Whether reads are spooled and report progress (long-running reads). A long-running resource
   * cannot also be subscribable.
   */
  boolean longRunning() default false;

  /**
   * The most bytes a long-running read returns: at least 1; {@code -1} (the default) takes {@link
   * McpFeature#defaultMaxBytes()} (1 MiB unless configured).
   */
  long maxBytes() default -1;

  /** Intended audience annotation: {@code "user"} and/or {@code "assistant"}; none when empty. */
  String[] audience() default {};

  /** Priority annotation from 0.0 to 1.0; {@code -1} (the default) means none. */
  double priority() default -1;

  /**
   * For a template: the path of a collection route of the same application (for example {@code
   * /api/widgets}) whose JSON array lists the template's members. {@code resources/list} then reads
   * it in-process with the caller's credentials and lists one resource per member, and the
   * template's variables complete from it. An item is an object whose fields name the template's
   * variables ({@code {"id": 1, "name": "Thermostat"}}; {@code title} or {@code name} becomes the
   * member's title), or, for a template with one path variable, the value itself ({@code 1}). Empty
   * (the default): no members are listed.
   */
  String listFrom() default "";

  /**
   * For a template with {@link #listFrom()}: which field of a collection item gives which path
   * variable, each {@code "variable=field"} ({@code listFromFields = "personId=id"} reads {@code
   * {personId}} from an item's {@code id}). A variable not named here is read from the field of its
   * own name. Empty (the default): every variable from the field of its name.
   */
  String[] listFromFields() default {};

  /** Icon URLs shown by clients in listings (an {@code icons} entry each). */
  String[] icons() default {};

  /** Extra {@code _meta} entries for listings, each {@code "key=value"}. */
  String[] meta() default {};

  /**
   * Whether the resource is also offered as an MCP tool, named after {@link #name()}, whose
   * arguments are the template variables; tools can also be turned off feature-wide.
   */
  boolean tool() default true;

  /**
   * Whether the resource's tool may run as an MCP task (the tasks extension, {@code
   * io.modelcontextprotocol/tasks}, protocol 2026-07-28): only for a long-running resource. With
   * {@link TaskSupport#OPTIONAL} a {@code tools/call} whose request declares the extension answers
   * at once with a task handle and the route runs in the background; without the extension the call
   * runs as an ordinary long-running read. With {@link TaskSupport#REQUIRED} a modern call without
   * the extension is refused with {@code -32021}. Default {@link TaskSupport#NONE}.
   */
  TaskSupport taskSupport() default TaskSupport.NONE;

  /** How a long-running resource's tool relates to MCP tasks; see {@link #taskSupport()}. */
  enum TaskSupport {
    /** Never a task: every call runs while the client waits. */
    NONE,
    /** A task when the request declares the tasks extension, else an ordinary call. */
    OPTIONAL,
    /** Always a task; modern calls without the extension get {@code -32021}. */
    REQUIRED
  }
}
