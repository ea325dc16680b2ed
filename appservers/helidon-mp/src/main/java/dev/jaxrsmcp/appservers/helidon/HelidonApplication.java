package dev.jaxrsmcp.appservers.helidon;

import dev.jaxrsmcp.appservers.App;
import jakarta.enterprise.context.Dependent;
import jakarta.ws.rs.ApplicationPath;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The application as Helidon MP finds it: a CDI bean in a bean archive that is a JAX-RS
 * application, at {@code /api} (so MCP is at {@code /api/mcp}). {@code @Dependent}, not
 * {@code @ApplicationScoped}: Weld refuses a normal-scoped {@code ResourceConfig} (its final
 * methods cannot be proxied: WELD-001480), and Helidon takes the instance once anyway.
 */
@Dependent
@ApplicationPath("/api")
public class HelidonApplication extends ResourceConfig {
  public HelidonApplication() {
    App.configure(this, false);
  }
}
