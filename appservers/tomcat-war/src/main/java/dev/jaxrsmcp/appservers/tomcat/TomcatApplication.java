package dev.jaxrsmcp.appservers.tomcat;

import dev.jaxrsmcp.appservers.App;
import jakarta.ws.rs.ApplicationPath;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The application, deployed by Jersey's {@code ServletContainerInitializer} from its {@code
 * ApplicationPath} (no web.xml): a servlet at {@code /api/*}, async supported, so MCP is at {@code
 * /<context>/api/mcp}.
 */
@ApplicationPath("/api")
public class TomcatApplication extends ResourceConfig {
  public TomcatApplication() {
    App.configure(this, true);
  }
}
