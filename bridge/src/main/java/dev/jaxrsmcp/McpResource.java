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
 * <p>The annotation may also sit on an annotation type, which then acts as a composed annotation:
 *
 * <pre>{@code
 * @Retention(RetentionPolicy.RUNTIME)
 * @Target(ElementType.METHOD)
 * @McpResource(cacheTtlMs = 60_000, cacheScope = "public")
 * public @interface PublicMcpResource {}
 * }</pre>
 *
 * <p>Mistakes fail the application's start with a message naming the rule, the value found and the
 * method; see the annotation reference in the user guide.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface McpResource {

  /**
   * The MCP URI or URI template, for example {@code app://widgets/{id}/state{?fields}}. When empty
   * it is derived from the route: the feature's scheme, {@code ://}, the JAX-RS path with path
   * parameters as {@code {vars}} (regular-expression constraints dropped), then {@code {?a,b}} for
   * the method's {@code @QueryParam}s.
   */
  String uri() default "";

  /** The name shown in listings; the method name when empty. */
  String name() default "";

  /** A human-readable title for listings; none when empty. */
  String title() default "";

  /** What the resource holds; none when empty. */
  String description() default "";

  /**
   * The contents' MIME type; the route's {@code @Produces} when empty, else the response's {@code
   * Content-Type}.
   */
  String mimeType() default "";

  /**
   * How long, in milliseconds, a client may cache reads and listings; {@code -1} takes the
   * feature-wide default.
   */
  long cacheTtlMs() default -1;

  /** {@code "private"} or {@code "public"}; empty takes the feature-wide default. */
  String cacheScope() default "";

  /** Whether clients may subscribe to changes of this resource. */
  boolean subscribe() default false;

  /** Whether reads are spooled and report progress (long-running reads). */
  boolean longRunning() default false;

  /** The most bytes a long-running read returns; {@code -1} takes the feature default (1 MiB). */
  long maxBytes() default -1;

  /** Intended audience annotation ({@code "user"}, {@code "assistant"}); none when empty. */
  String[] audience() default {};

  /** Priority annotation from 0.0 to 1.0; {@code -1} means none. */
  double priority() default -1;

  /**
   * Whether the resource is also offered as an MCP tool, named after {@link #name()}, whose
   * arguments are the template variables; tools can also be turned off feature-wide.
   */
  boolean tool() default true;
}
