package dev.jaxrsmcp.internal;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.dispatch.DispatchGuard;
import dev.jaxrsmcp.internal.transport.EndpointInstaller;
import jakarta.ws.rs.core.FeatureContext;

/** Wires the bridge into a Jersey application; called by {@link McpFeature#configure}. */
public final class McpRuntime {
  private McpRuntime() {}

  public static void install(McpFeature settings, FeatureContext context) {
    EndpointInstaller installer = new EndpointInstaller(settings);
    context.register(installer);
    context.register(installer.lifecycle());
    context.register(DispatchGuard.class);
  }
}
