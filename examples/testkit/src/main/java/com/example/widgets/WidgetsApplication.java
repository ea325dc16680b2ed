package com.example.widgets;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.changes.McpWatcher;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

/** The Widgets service: its REST API under {@code /api} and MCP at {@code /mcp}. */
public final class WidgetsApplication {
  private WidgetsApplication() {}

  /** A fresh application with the two sample widgets. */
  public static ResourceConfig create() {
    return new ResourceConfig()
        .registerInstances(new WidgetsResource())
        .register(BearerAuthFilter.class)
        .property(ServerProperties.WADL_FEATURE_DISABLE, true)
        .register(
            McpFeature.builder()
                .name("widgets")
                .version("1.0")
                // WidgetsResource.putState pushes every change through McpChanges.
                .watch("app://widgets/{id}/state", McpWatcher.pushed())
                .build());
  }
}
