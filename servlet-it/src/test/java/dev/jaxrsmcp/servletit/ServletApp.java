package dev.jaxrsmcp.servletit;

import dev.jaxrsmcp.McpFeature;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature;

/**
 * The application under test, as it is deployed in a servlet container: Jersey's {@code
 * ServletContainer} mapped at {@code /api/*} (so MCP is at {@code /api/mcp}), behind {@link
 * BearerServletFilter}.
 */
final class ServletApp implements AutoCloseable {
  static final String MAPPING = "/api/*";

  final IdentityHolder holder;
  final BearerServletFilter filter;
  private final ExecutorService async;
  private final List<Class<?>> routes;
  private final UnaryOperator<McpFeature.Builder> settings;
  private volatile McpFeature feature;

  /**
   * @param routes resource classes registered beside the application's own, for one test
   */
  ServletApp(IdentityHolder.Mode mode, Class<?>... routes) {
    this(mode, UnaryOperator.identity(), routes);
  }

  /**
   * @param settings changes the MCP feature's settings, for one test
   * @param routes resource classes registered beside the application's own, for one test
   */
  ServletApp(
      IdentityHolder.Mode mode, UnaryOperator<McpFeature.Builder> settings, Class<?>... routes) {
    this.settings = settings;
    this.routes = List.of(routes);
    this.holder = new IdentityHolder(mode);
    this.filter = new BearerServletFilter(holder);
    // Threads that inherit nothing, whatever the holder's mode: the routes hand them values.
    this.async =
        Executors.newFixedThreadPool(
            2, task -> new Thread(null, task, "servlet-it-async", 0, false));
  }

  /** The MCP feature of the last {@link #resourceConfig()}: the deployed application's. */
  McpFeature feature() {
    return feature;
  }

  ResourceConfig resourceConfig() {
    feature = mcpFeature();
    return new ResourceConfig()
        .registerClasses(routes.toArray(Class<?>[]::new))
        .register(new IdentityResource(holder, async))
        .register(new TaskResource(holder))
        .register(RolesAllowedDynamicFeature.class)
        .register(BearerChallengeFilter.class)
        .register(feature);
  }

  private McpFeature mcpFeature() {
    return settings
        .apply(McpFeature.builder())
        .name("servlet-it")
        .version("1.0")
        // The holder is the servlet filter's thread-local: a task's route gets its
        // creator's user on the task's thread (as Spring Security's holder is carried
        // by context-propagation).
        .contextCarrier(
            () -> {
              Optional<User> user = holder.get();
              return () -> {
                Optional<User> before = holder.get();
                user.ifPresentOrElse(holder::set, holder::clear);
                return () -> before.ifPresentOrElse(holder::set, holder::clear);
              };
            })
        .build();
  }

  @Override
  public void close() {
    async.shutdownNow();
  }
}
