package dev.jaxrsmcp.demo;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.security.McpProtectedResource;
import dev.jaxrsmcp.tasks.McpTaskStore;
import dev.jaxrsmcp.tasks.McpTasks;
import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.glassfish.hk2.utilities.binding.AbstractBinder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature;

/**
 * Builds the demo's Jersey application: the REST API under {@code /api} and MCP at {@code /mcp}.
 * While it runs, widget 3's temperature changes every two seconds ({@link SensorTicker}) and every
 * state change is pushed to MCP subscribers ({@link StateChangeNotifier}).
 */
public final class DemoApplication {
  /** The name and version MCP clients see in {@code serverInfo}. */
  public static final String NAME = "widgets-demo";

  public static final String VERSION = "0.1.0";

  private DemoApplication() {}

  /** The application over a fresh store holding the sample widgets 1, 2 and 3. */
  public static ResourceConfig create() {
    return create(WidgetStore.withSampleWidgets(), McpChangeBus.local());
  }

  /**
   * The application over the given store, carrying changes to and from other instances over {@code
   * bus} ({@link McpChangeBus#local()} for a single instance).
   */
  public static ResourceConfig create(WidgetStore store, McpChangeBus bus) {
    return create(store, bus, McpTaskStore.inMemory());
  }

  /**
   * The application over the given store, carrying changes to and from other instances over {@code
   * bus} and keeping MCP tasks in {@code tasks} (a Redis store shares them with the other
   * instances, so {@code tasks/get} and {@code tasks/cancel} work on any of them).
   */
  public static ResourceConfig create(WidgetStore store, McpChangeBus bus, McpTaskStore tasks) {
    return create(store, bus, tasks, UnaryOperator.identity());
  }

  /**
   * As {@link #create(WidgetStore, McpChangeBus, McpTaskStore)}, with {@code settings} applied to
   * the demo's MCP settings last (the benchmark raises the limits for unauthenticated callers its
   * ten thousand listens would otherwise meet).
   */
  public static ResourceConfig create(
      WidgetStore store,
      McpChangeBus bus,
      McpTaskStore tasks,
      UnaryOperator<McpFeature.Builder> settings) {
    return application(store, settings.apply(mcp(bus, tasks)).build(), Optional.empty());
  }

  /**
   * As {@link #create(WidgetStore, McpChangeBus, McpTaskStore)}, served at {@code baseUri} (for
   * example {@code http://127.0.0.1:8080/}) with OAuth metadata: the MCP endpoint publishes its
   * protected-resource document (RFC 9728) naming the demo's own authorization server ({@link
   * DemoAuthorizationServer}), so OAuth-capable clients that meet a 401 get a token on their own.
   */
  public static ResourceConfig create(
      WidgetStore store, McpChangeBus bus, McpTaskStore tasks, URI baseUri) {
    McpFeature mcp =
        mcp(bus, tasks)
            .protectedResource(
                McpProtectedResource.builder(baseUri.resolve("mcp"))
                    .authorizationServer(DemoAuthorizationServer.issuerOf(baseUri))
                    .resourceName("Widgets demo")
                    .build())
            .build();
    return application(
        store, mcp, Optional.of(new DemoAuthorizationServer(baseUri, Clock.systemUTC())));
  }

  private static McpFeature.Builder mcp(McpChangeBus bus, McpTaskStore tasks) {
    McpFeature.Builder mcp =
        McpFeature.builder()
            .name(NAME)
            .version(VERSION)
            .instructions(
                "Widgets demo. Read app://widgets for the list of widgets, then"
                    + " app://widgets/{id}/state for one widget's state.")
            .changeBus(bus)
            .tasks(McpTasks.builder().store(tasks).build())
            // A long read holds a worker while its route runs: at most half of the demo's workers.
            .maxConcurrentLongReads(ContainerSettings.LONG_READS)
            // StateChangeNotifier pushes every store change through McpChanges: no watchers.
            .watch("app://widgets/{id}/state", McpWatcher.pushed())
            .watch("app://widgets/{id}/state/{key}", McpWatcher.pushed());
    return mcp;
  }

  private static ResourceConfig application(
      WidgetStore store, McpFeature mcp, Optional<DemoAuthorizationServer> oauth) {
    ResourceConfig app = new ResourceConfig();
    oauth.ifPresent(
        server ->
            app.register(DemoAuthorizationServer.class) // its state: the one instance bound here
                .register(
                    new AbstractBinder() {
                      @Override
                      protected void configure() {
                        bind(server).to(DemoAuthorizationServer.class);
                      }
                    }));
    return app.register(WidgetsResource.class)
        .register(MotdResource.class)
        .register(
            new AbstractBinder() {
              @Override
              protected void configure() {
                bind(store).to(WidgetStore.class);
              }
            })
        .register(BearerAuthFilter.class)
        .register(RolesAllowedDynamicFeature.class)
        .register(JacksonJsonProvider.class)
        // Errors without a body stay empty instead of becoming the container's HTML error page.
        .property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true)
        .property(ServerProperties.WADL_FEATURE_DISABLE, true)
        .register(mcp)
        .register(new StateChangeNotifier(store, mcp.changes()))
        .register(new SensorTicker(store, Clock.systemUTC()));
  }
}
