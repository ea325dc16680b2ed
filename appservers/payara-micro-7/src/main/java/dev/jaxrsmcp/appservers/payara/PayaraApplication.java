package dev.jaxrsmcp.appservers.payara;

import dev.jaxrsmcp.appservers.App;
import jakarta.ws.rs.ApplicationPath;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The application, found by Payara's Jersey by its {@code @ApplicationPath}: MCP at /app/api/mcp.
 */
@ApplicationPath("/api")
public class PayaraApplication extends ResourceConfig {
  public PayaraApplication() {
    App.configure(this, true);
  }
}
