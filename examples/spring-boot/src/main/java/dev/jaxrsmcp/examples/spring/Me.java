package dev.jaxrsmcp.examples.spring;

import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Map;

/** The authenticated caller, as Spring Security established it. */
@Path("/api/me")
public class Me {
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @McpResource(uri = "app://me", description = "The authenticated caller's name")
  public Map<String, String> me(@Context SecurityContext security) {
    return Map.of("name", security.getUserPrincipal().getName());
  }
}
