package dev.jaxrsmcp.examples.dropwizard;

import dev.jaxrsmcp.McpResource;
import io.dropwizard.auth.Auth;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** The authenticated caller, as Dropwizard auth established it. */
@Path("/api/me")
public class Me {
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @McpResource(uri = "app://me", description = "The authenticated caller's name")
  public Map<String, String> me(@Auth ExampleUser user) {
    return Map.of("name", user.getName());
  }
}
