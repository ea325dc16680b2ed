package dev.jaxrsmcp.context;

/**
 * Carries thread-local state of the request that creates an MCP task to the thread its route runs
 * on, for state that Micrometer's context-propagation library does not already carry. A task's
 * route runs after its {@code tools/call} was answered, on a task thread: what the application's
 * servlet filters or JAX-RS filters put in thread-locals for the creating request (a security
 * context, a tenant, the logging MDC) is not there unless it is carried.
 *
 * <p>The bridge carries, in this order: every {@code ThreadLocalAccessor} registered with
 * context-propagation's {@code ContextRegistry} when {@code io.micrometer:context-propagation} is
 * on the classpath (Spring Security registers its {@code SecurityContextHolder} there, so tasks run
 * as their creator under Spring Security with no code), then every carrier given to {@link
 * dev.jaxrsmcp.McpFeature.Builder#contextCarrier}. Capture runs on the creating request's thread
 * after the application's filters accepted the caller; restore runs on the task thread before the
 * route, and the returned scope is closed after it, on the same thread.
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .contextCarrier(() -> {
 *       String tenant = Tenant.current();            // on the request's thread
 *       return () -> {
 *         String before = Tenant.current();           // on the task's thread
 *         Tenant.set(tenant);
 *         return () -> Tenant.set(before);
 *       };
 *     })
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface McpContextCarrier {

  /** On the creating request's thread: what the task's thread will need. */
  Captured capture();

  /** State captured from one request. */
  @FunctionalInterface
  interface Captured {
    /** On the task's thread, before its route runs; the scope is closed after the route. */
    Scope restore();
  }

  /** Undoes a {@link Captured#restore()}; must not throw. */
  @FunctionalInterface
  interface Scope extends AutoCloseable {
    @Override
    void close();
  }
}
