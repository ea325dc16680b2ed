package dev.jaxrsmcp.appservers;

import dev.jaxrsmcp.McpResource;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/**
 * The routes of deployments on a servlet container: what the servlet filter ({@link HolderFilter})
 * left in the request and in its thread-local, read through {@code @Context HttpServletRequest}.
 */
@Path("/servlet")
@Produces(MediaType.TEXT_PLAIN)
public final class ServletRoutes {
  @GET
  @Path("/request")
  @McpResource(uri = "app://servlet/request", description = "The servlet request's view")
  public String request(@Context HttpServletRequest request, @Context SecurityContext security) {
    return request.getAttribute(HolderFilter.ATTRIBUTE) + " principal=" + Routes.name(security);
  }

  @GET
  @Path("/holder")
  @McpResource(uri = "app://servlet/holder", description = "The servlet filter's thread-local")
  public String holder() {
    return "holder=" + Holder.name();
  }
}
