package dev.jaxrsmcp.examples.dropwizard;

import dev.jaxrsmcp.McpResource;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The audit log, for admins only. */
@Path("/api/admin/audit")
public class Audit {
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  @McpResource(uri = "app://admin/audit", description = "Who changed what (admins only)")
  public List<String> audit() {
    return List.of("alice approved report 1", "bob opened report 2");
  }
}
