package dev.jaxrsmcp.internal.endpoint;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import java.util.Optional;
import java.util.function.Supplier;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The bridge's last pre-matching filter: a request that an application's pre-matching filter
 * rewrote onto the MCP endpoint after {@link McpRequestFilter} had looked at it (an alias path,
 * Jersey's {@code UriConnegFilter} taking {@code /mcp.json} to {@code /mcp}) arrives here, so that
 * it is checked (Origin, Host) and its read runs in place like any other; there is no second way to
 * answer a read. A request the first filter saw passes untouched.
 */
@PreMatching
@Priority(Integer.MAX_VALUE)
public final class LateArrivalFilter implements ContainerRequestFilter {
  private final EndpointPath path;
  private final Supplier<Optional<McpEndpoint>> endpoint;

  public LateArrivalFilter(String endpointPath, Supplier<Optional<McpEndpoint>> endpoint) {
    this.path = new EndpointPath(endpointPath);
    this.endpoint = endpoint;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getProperty(McpEndpoint.ARRIVED) != null || !path.matches(request)) {
      return;
    }
    Optional<McpEndpoint> mcp = endpoint.get();
    if (mcp.isEmpty()) {
      return; // not started: the endpoint's resource answers
    }
    mcp.get().arrive((ContainerRequest) request).ifPresent(request::abortWith);
  }
}
