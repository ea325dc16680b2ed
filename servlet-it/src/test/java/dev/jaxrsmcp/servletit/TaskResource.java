package dev.jaxrsmcp.servletit;

import dev.jaxrsmcp.McpResource;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/**
 * Task-capable routes (contract section 15): what the route of a task sees of its caller, on the
 * task's thread, long after the servlet filter's request ended.
 */
@Path("/tasks")
@Produces(MediaType.TEXT_PLAIN)
public final class TaskResource {
  private final IdentityHolder holder;

  TaskResource(IdentityHolder holder) {
    this.holder = holder;
  }

  @GET
  @Path("/whoami/{n}")
  @McpResource(
      uri = "app://tasks/whoami/{n}",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL,
      description = "Who the task's route runs as")
  public String whoami(@PathParam("n") String n, @Context SecurityContext security) {
    return "holder="
        + holder.name()
        + " principal="
        + (security.getUserPrincipal() == null ? "none" : security.getUserPrincipal().getName())
        + " thread="
        + Thread.currentThread().getName().replaceAll("[0-9]", "");
  }

  @GET
  @Path("/admin/{n}")
  @RolesAllowed("admin")
  @McpResource(
      uri = "app://tasks/admin/{n}",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL,
      description = "Admins only, as a task")
  public String adminTask(@PathParam("n") String n) {
    return "admin report " + n + " for " + holder.name();
  }
}
