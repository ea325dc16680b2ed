package dev.jaxrsmcp.internal.endpoint;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import java.util.Optional;
import java.util.function.Supplier;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The bridge's first filter: pre-matching, before every other filter of the application (the way
 * Jersey's own {@code HttpMethodOverrideFilter} and {@code UriConnegFilter} rewrite method and
 * URI). For requests to the MCP endpoint it checks Origin and Host (contract sections 5 and 11),
 * reads and parses the body, and rewrites a read that targets one route into that route's {@code
 * GET} (section 7); other paths pass untouched.
 */
@PreMatching
@Priority(Integer.MIN_VALUE)
public final class McpRequestFilter implements ContainerRequestFilter {
  private final EndpointPath path;
  private final Supplier<Optional<McpEndpoint>> endpoint;

  public McpRequestFilter(String endpointPath, Supplier<Optional<McpEndpoint>> endpoint) {
    this.path = new EndpointPath(endpointPath);
    this.endpoint = endpoint;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (!path.matches(request)) {
      return;
    }
    Optional<McpEndpoint> mcp = endpoint.get();
    if (mcp.isEmpty()) {
      return; // not started: the endpoint's resource answers
    }
    mcp.get().arrive((ContainerRequest) request).ifPresent(request::abortWith);
  }
}
