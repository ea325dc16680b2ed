package dev.jaxrsmcp.redis.sessions;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import jakarta.annotation.Priority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The application every instance in these tests runs: a subscribable item, a long-running feed that
 * runs until it is cancelled, and a filter that authenticates {@code Authorization: Bearer <name>}
 * as the principal {@code <name>} (no header: anonymous).
 */
final class SessionApp {
  /** What the feeds saw, on every instance of this JVM: "cancelled <name>", "ended <name>". */
  static final List<String> seen = new CopyOnWriteArrayList<>();

  private SessionApp() {}

  static ResourceConfig create() {
    return new ResourceConfig(Items.class, Feeds.class, BearerNames.class);
  }

  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{\"id\":\"" + id + "\"}";
    }
  }

  @Path("/feeds")
  public static class Feeds {
    /** Writes a line and reports progress every 50 ms for up to a minute, until cancelled. */
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource(uri = "app://feeds/{name}", longRunning = true)
    public StreamingOutput feed(@PathParam("name") String name, @Context McpContext mcp) {
      return out -> {
        for (int i = 1; i <= 1200; i++) {
          if (mcp.isCancelled()) {
            seen.add("cancelled " + name);
            return;
          }
          try {
            out.write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8));
          } catch (IOException e) {
            seen.add("cancelled " + name);
            return;
          }
          mcp.progress(i);
          try {
            Thread.sleep(50);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
        seen.add("ended " + name);
      };
    }
  }

  /** {@code Authorization: Bearer <name>} is the principal {@code <name>}. */
  @Priority(Priorities.AUTHENTICATION)
  public static class BearerNames implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      String authorization = request.getHeaderString("Authorization");
      if (authorization == null || !authorization.startsWith("Bearer ")) {
        return;
      }
      String name = authorization.substring("Bearer ".length()).split("-", 2)[0];
      Principal principal = () -> name;
      request.setSecurityContext(
          new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
              return principal;
            }

            @Override
            public boolean isUserInRole(String role) {
              return false;
            }

            @Override
            public boolean isSecure() {
              return false;
            }

            @Override
            public String getAuthenticationScheme() {
              return "Bearer";
            }
          });
    }
  }
}
