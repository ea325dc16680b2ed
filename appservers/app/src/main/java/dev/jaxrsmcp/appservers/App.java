package dev.jaxrsmcp.appservers;

import dev.jaxrsmcp.McpFeature;
import java.time.Duration;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature;

/**
 * The application as each deployment's {@code @ApplicationPath("/api")} {@link ResourceConfig}
 * builds it: the routes, the bearer filters, {@code RolesAllowedDynamicFeature} and the MCP feature
 * (at {@code /api/mcp}).
 */
public final class App {
  /** Keep-alives of listens, short so that a test sees a listen stay open within seconds. */
  public static final Duration KEEP_ALIVE = Duration.ofSeconds(1);

  private App() {}

  /**
   * Registers the application on {@code config}; {@code servlet}: the container is a servlet
   * container, so the routes that read the servlet request are there too.
   */
  public static ResourceConfig configure(ResourceConfig config, boolean servlet) {
    config
        .register(Routes.class)
        .register(BearerAuthFilter.class)
        .register(BearerChallengeFilter.class)
        .register(RolesAllowedDynamicFeature.class)
        .register(
            McpFeature.builder().name("appservers").version("1.0").keepAlive(KEEP_ALIVE).build());
    if (servlet) {
      config.register(ServletRoutes.class);
    }
    return config;
  }
}
