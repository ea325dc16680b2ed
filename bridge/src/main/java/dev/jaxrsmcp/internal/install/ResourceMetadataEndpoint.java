package dev.jaxrsmcp.internal.install;

import dev.jaxrsmcp.internal.security.ResourceMetadata;
import dev.jaxrsmcp.security.McpProtectedResource;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.glassfish.jersey.process.Inflector;
import org.glassfish.jersey.server.model.Resource;

/**
 * The resources serving the protected-resource metadata document (RFC 9728): at {@code
 * /.well-known/oauth-protected-resource} and at that path followed by the endpoint's path (where
 * RFC 9728 section 3.1 puts it for a resource URL with a path).
 */
final class ResourceMetadataEndpoint {
  private ResourceMetadataEndpoint() {}

  static List<Resource> resources(String endpointPath, McpProtectedResource metadata) {
    ResourceMetadata document = new ResourceMetadata(metadata);
    String base = "/" + ResourceMetadata.WELL_KNOWN;
    return List.of(resource(base, document), resource(base + endpointPath, document));
  }

  private static Resource resource(String path, ResourceMetadata document) {
    Resource.Builder resource = Resource.builder(path);
    resource
        .addMethod(HttpMethod.GET)
        .produces(MediaType.APPLICATION_JSON_TYPE)
        .handledBy(
            // An anonymous class, so Jersey sees that it takes the request context.
            new Inflector<ContainerRequestContext, Response>() {
              @Override
              public Response apply(ContainerRequestContext request) {
                return Response.ok(document.document(), MediaType.APPLICATION_JSON_TYPE)
                    .header("Cache-Control", "max-age=3600")
                    .build();
              }
            });
    return resource.build();
  }
}
