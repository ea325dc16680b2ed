package dev.jaxrsmcp.examples.spring;

import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Who a route runs as, also as an MCP task: a task's route runs on a task thread after its {@code
 * tools/call} was answered, and still sees Spring Security's {@code SecurityContextHolder} of the
 * caller that created it (carried by Micrometer's context-propagation, which Spring Security
 * registers with) and the JAX-RS principal.
 */
@Path("/api/whoami")
public class Whoami {
  @GET
  @Path("/{n}")
  @Produces(MediaType.APPLICATION_JSON)
  @McpResource(
      uri = "app://whoami/{n}",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL,
      description = "Who the caller is, as Spring Security and JAX-RS tell it; a task if asked")
  public Map<String, String> whoami(@PathParam("n") String n, @Context SecurityContext security) {
    Authentication holder = SecurityContextHolder.getContext().getAuthentication();
    return new TreeMap<>(
        Map.of(
            "holder",
            holder == null ? "none" : holder.getName(),
            "principal",
            security.getUserPrincipal() == null ? "none" : security.getUserPrincipal().getName()));
  }
}
