package dev.jaxrsmcp.internal.install;

import dev.jaxrsmcp.internal.endpoint.EndpointPath;
import dev.jaxrsmcp.internal.security.ResourceMetadata;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * Names the protected-resource metadata in every 401 of the MCP endpoint: the endpoint's own (a
 * route's 401 passed on) and one from an application filter that refuses the MCP request itself.
 * Other paths are left alone.
 */
public final class ResourceMetadataChallenge implements ContainerResponseFilter {
  private final EndpointPath endpoint;
  private final ResourceMetadata metadata;

  public ResourceMetadataChallenge(String endpointPath, ResourceMetadata metadata) {
    this.endpoint = new EndpointPath(endpointPath);
    this.metadata = metadata;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (response.getStatus() != 401 || !endpoint.matches(request)) {
      return;
    }
    List<String> given = response.getStringHeaders().get("WWW-Authenticate");
    List<Object> challenges =
        new ArrayList<>(metadata.challenges(given == null ? List.of() : given));
    response.getHeaders().put("WWW-Authenticate", challenges);
  }
}
