package dev.jaxrsmcp.appservers;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.context.McpContext;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The routes every deployment serves: each tells who the caller is in one way (the security
 * context, roles, a bearer filter, async completion, a long-running read), a subscribable route
 * whose changes {@code POST /id/push} pushes through {@link McpChanges}, and a collection route
 * whose items are a template's members.
 */
@Path("/id")
@Produces(MediaType.TEXT_PLAIN)
public final class Routes {
  /** Completes async routes: threads that inherit nothing from the request that started them. */
  private static final ExecutorService ASYNC =
      Executors.newFixedThreadPool(
          2,
          task -> {
            Thread thread = new Thread(null, task, "appservers-async", 0, false);
            thread.setDaemon(true);
            return thread;
          });

  private static final AtomicInteger NEWS = new AtomicInteger();

  @GET
  @Path("/principal")
  @McpResource(uri = "app://id/principal", description = "The security context's principal")
  public String principal(@Context SecurityContext security) {
    return name(security) + " admin=" + security.isUserInRole("admin");
  }

  @GET
  @Path("/admin")
  @RolesAllowed("admin")
  @McpResource(uri = "app://id/admin", subscribe = true, description = "Admins only")
  public String admin(@Context SecurityContext security) {
    return "admin page for " + name(security);
  }

  @GET
  @Path("/bearer")
  @BearerRequired
  @McpResource(
      uri = "app://id/bearer",
      subscribe = true,
      description = "Behind a JAX-RS bearer filter")
  public String bearer(@Context SecurityContext security) {
    return "bearer " + name(security);
  }

  @GET
  @Path("/async")
  @McpResource(uri = "app://id/async", description = "Resumed from another thread")
  public void suspended(@Context SecurityContext security, @Suspended AsyncResponse response) {
    String name = name(security);
    ASYNC.execute(() -> response.resume("async " + name));
  }

  @GET
  @Path("/stage")
  @McpResource(uri = "app://id/stage", description = "A CompletionStage")
  public CompletionStage<String> stage(@Context SecurityContext security) {
    String name = name(security);
    return CompletableFuture.supplyAsync(() -> "stage " + name, ASYNC);
  }

  @GET
  @Path("/long")
  @McpResource(uri = "app://id/long", longRunning = true, description = "A long-running read")
  public StreamingOutput longRead(@Context SecurityContext security, @Context McpContext mcp) {
    String name = name(security);
    return out -> {
      for (int step = 1; step <= 3; step++) {
        mcp.progress(step, 3, "step " + step);
        out.write(("part " + step + " ").getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
      out.write(("long " + name).getBytes(StandardCharsets.UTF_8));
    };
  }

  @GET
  @Path("/news")
  @McpResource(uri = "app://id/news", subscribe = true, description = "Changes on every push")
  public String news() {
    return "news " + NEWS.get();
  }

  /** A change to {@code app://id/news}; answers how many subscribers were told. */
  @POST
  @Path("/push")
  public String push(@Context McpChanges changes) {
    NEWS.incrementAndGet();
    return String.valueOf(changes.changed("app://id/news"));
  }

  /** The members of {@code app://id/members/{name}}: the caller's name and a fixed one. */
  @GET
  @Path("/members")
  @Produces(MediaType.APPLICATION_JSON)
  public String members(@Context SecurityContext security) {
    return "[\"" + name(security) + "\",\"everyone\"]";
  }

  @GET
  @Path("/members/{name}")
  @McpResource(
      uri = "app://id/members/{name}",
      listFrom = "/id/members",
      description = "A member of the caller's list")
  public String member(@PathParam("name") String name) {
    return "member " + name;
  }

  static String name(SecurityContext security) {
    return Optional.ofNullable(security.getUserPrincipal())
        .map(Principal::getName)
        .orElse("anonymous");
  }
}
