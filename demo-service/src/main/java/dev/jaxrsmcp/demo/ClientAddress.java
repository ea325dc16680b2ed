package dev.jaxrsmcp.demo;

import dev.jaxrsmcp.McpFeature;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import org.glassfish.grizzly.http.server.Request;

/**
 * Tells the MCP bridge each client's address (Grizzly's view of the connection), so callers without
 * credentials get a session quota per address instead of one shared quota.
 */
@PreMatching
public final class ClientAddress implements ContainerRequestFilter {
  private final Provider<Request> grizzly;

  @Inject
  public ClientAddress(Provider<Request> grizzly) {
    this.grizzly = grizzly;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    Request connection = grizzly.get(); // none for the bridge's in-process reads
    if (connection != null && connection.getRemoteAddr() != null) {
      request.setProperty(McpFeature.CLIENT_ADDRESS_PROPERTY, connection.getRemoteAddr());
    }
  }
}
