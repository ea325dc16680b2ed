package dev.jaxrsmcp.servletit;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import jakarta.annotation.security.RolesAllowed;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;

/**
 * The routes under test: each tells who the caller is, as one way of knowing it (the servlet
 * request, the security context, the thread-local holder, roles, a bearer filter, async completion,
 * a long-running read).
 */
@Path("/id")
@Produces(MediaType.TEXT_PLAIN)
public final class IdentityResource {
  private final IdentityHolder holder;
  private final ExecutorService async;

  IdentityResource(IdentityHolder holder, ExecutorService async) {
    this.holder = holder;
    this.async = async;
  }

  @GET
  @Path("/request")
  @McpResource(uri = "app://id/request", description = "The servlet request's view")
  public String request(@Context HttpServletRequest request) {
    return request.getAttribute(BearerServletFilter.ATTRIBUTE)
        + " remoteUser="
        + request.getRemoteUser()
        + " admin="
        + request.isUserInRole("admin");
  }

  @GET
  @Path("/principal")
  @McpResource(uri = "app://id/principal", description = "The security context's principal")
  public String principal(@Context SecurityContext security) {
    return name(security) + " admin=" + security.isUserInRole("admin");
  }

  @GET
  @Path("/holder")
  @McpResource(uri = "app://id/holder", description = "The thread-local holder's user")
  public String holder() {
    return "holder=" + holder.name();
  }

  @GET
  @Path("/admin")
  @RolesAllowed("admin")
  @McpResource(uri = "app://id/admin", subscribe = true, description = "Admins only")
  public String admin(@Context SecurityContext security) {
    return "admin page for " + name(security) + " holder=" + holder.name();
  }

  @GET
  @Path("/staff")
  @McpResource(
      uri = "app://id/staff",
      subscribe = true,
      description = "Staff only, as the holder and the servlet request tell")
  public String staff(@Context HttpServletRequest request) {
    if (holder.get().isEmpty() || !request.isUserInRole("user")) {
      throw new ForbiddenException();
    }
    return "staff " + holder.name() + " remoteUser=" + request.getRemoteUser();
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
  @McpResource(uri = "app://id/async", description = "Completed from another thread")
  public void suspended(@Context SecurityContext security, @Suspended AsyncResponse response) {
    String name = name(security);
    async.execute(() -> response.resume("async " + name));
  }

  @GET
  @Path("/stage")
  @McpResource(uri = "app://id/stage", description = "A CompletionStage")
  public CompletionStage<String> stage(@Context SecurityContext security) {
    String name = name(security);
    return CompletableFuture.supplyAsync(() -> "stage " + name, async);
  }

  @GET
  @Path("/long")
  @McpResource(uri = "app://id/long", longRunning = true, description = "A long-running read")
  public StreamingOutput longRead(@Context McpContext mcp) {
    String atMethod = holder.name();
    return out -> {
      for (int step = 1; step <= 3; step++) {
        mcp.progress(step, 3, "step " + step);
      }
      out.write(
          ("long method=" + atMethod + " stream=" + holder.name())
              .getBytes(StandardCharsets.UTF_8));
    };
  }

  /** What the route sees of its request, through JAX-RS and through the servlet request. */
  @GET
  @Path("/seen/{name}")
  @McpResource(uri = "app://id/seen/{name}", description = "The request as the route sees it")
  public String seen(
      @PathParam("name") String name,
      @Context jakarta.ws.rs.core.Request jaxrs,
      @Context UriInfo uri,
      @Context HttpHeaders headers,
      @Context HttpServletRequest servlet) {
    return "jaxrs="
        + jaxrs.getMethod()
        + " "
        + uri.getRequestUri().getRawPath()
        + " name="
        + name
        + " accept="
        + headers.getHeaderString(HttpHeaders.ACCEPT)
        + " content-type="
        + headers.getHeaderString(HttpHeaders.CONTENT_TYPE)
        + " mcp-method="
        + headers.getHeaderString("Mcp-Method")
        + " authorization="
        + (headers.getHeaderString(HttpHeaders.AUTHORIZATION) != null)
        + " | servlet="
        + servlet.getMethod()
        + " "
        + servlet.getRequestURI();
  }

  /** The members of {@code app://id/members/{name}}: two names that depend on the caller. */
  @GET
  @Path("/members")
  @Produces(MediaType.APPLICATION_JSON)
  public String members(@Context HttpServletRequest request) {
    String remote = Optional.ofNullable(request.getRemoteUser()).orElse("anonymous");
    return "[\"" + holder.name() + "\",\"req-" + remote + "\"]";
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

  private static String name(SecurityContext security) {
    return Optional.ofNullable(security.getUserPrincipal())
        .map(Principal::getName)
        .orElse("anonymous");
  }
}
