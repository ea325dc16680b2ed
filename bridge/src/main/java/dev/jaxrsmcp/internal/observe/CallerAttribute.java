package dev.jaxrsmcp.internal.observe;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;

/**
 * Records the caller of an MCP request ({@link RequestAttributes#CALLER}) once the application's
 * filters and the route ran, also when a filter refused it (a refused request's response passes
 * through here too), so the access log says who was refused.
 */
@Priority(Priorities.USER)
public final class CallerAttribute implements ContainerResponseFilter {
  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (RequestAttributes.recorded(request)) {
      RequestAttributes.caller(request);
    }
  }
}
