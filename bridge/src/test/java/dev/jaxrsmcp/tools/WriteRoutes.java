package dev.jaxrsmcp.tools;

import dev.jaxrsmcp.McpTool;
import jakarta.annotation.Priority;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** A small widget service with write routes, shared by the write tool tests of both eras. */
final class WriteRoutes {
  private WriteRoutes() {}

  static final Map<Long, Widget> STORE = new ConcurrentHashMap<>();
  static final AtomicLong IDS = new AtomicLong(100);

  enum Mode {
    ECO,
    COMFORT
  }

  /** A comfort band, in degrees Celsius. */
  public record Band(@Min(5) @Max(30) double low, @Min(5) @Max(30) double high) {}

  /** What creates a widget: a nested body. */
  public record NewWidget(
      @NotBlank @Size(max = 20) String name,
      @NotNull @Valid Band comfort,
      List<@Valid Band> schedule,
      Mode mode) {}

  /** A new target temperature. */
  public record Target(@Min(5) @Max(30) double celsius) {}

  /** A widget, as the routes answer it. */
  public record Widget(long id, String name, Band comfort, double target, String note) {}

  @Path("/widgets")
  public static class Widgets {
    /** Creates a widget. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @McpTool(title = "Create a widget", description = "Creates a widget")
    public Response create(@Valid @NotNull NewWidget widget, @HeaderParam("X-Note") String note) {
      long id = IDS.incrementAndGet();
      Widget created =
          new Widget(id, widget.name(), widget.comfort(), widget.comfort().low(), note);
      STORE.put(id, created);
      return Response.status(201).entity(created).build();
    }

    @PUT
    @Path("/{id}/target")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @McpTool(name = "set_target")
    public Widget setTarget(@PathParam("id") long id, @Valid @NotNull Target target) {
      Widget w = STORE.get(id);
      if (w == null) {
        throw new NotFoundException();
      }
      Widget changed = new Widget(id, w.name(), w.comfort(), target.celsius(), w.note());
      STORE.put(id, changed);
      return changed;
    }

    @DELETE
    @Path("/{id}")
    @McpTool(name = "delete_widget")
    public void delete(@PathParam("id") long id) {
      if (STORE.remove(id) == null) {
        throw new NotFoundException();
      }
    }

    /** A route that is not a tool: deletes too, at the path of a tool. */
    @DELETE
    @Path("/{id}/touch")
    public void deleteByTouch(@PathParam("id") long id) {
      STORE.remove(id);
    }

    @POST
    @Path("/{id}/touch")
    @Produces(MediaType.TEXT_PLAIN)
    @McpTool(name = "touch", idempotent = McpTool.Hint.TRUE, openWorld = McpTool.Hint.FALSE)
    public String touch(@PathParam("id") long id) {
      return STORE.containsKey(id) ? "touched " + id : "no widget " + id;
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @McpTool(name = "peek")
    public Widget peek(@PathParam("id") long id) {
      Widget w = STORE.get(id);
      if (w == null) {
        throw new NotFoundException();
      }
      return w;
    }
  }

  /** Writes need {@code Bearer admin}; {@code Bearer viewer} may only read. */
  @Provider
  public static class RoleFilter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (!request.getUriInfo().getPath().startsWith("widgets")
          || "GET".equals(request.getMethod())) {
        return;
      }
      if (!"Bearer admin".equals(request.getHeaderString("Authorization"))) {
        request.abortWith(Response.status(403).entity("writes need the admin role").build());
      }
    }
  }

  /** An application filter that turns any request into the method a header names. */
  @Provider
  @PreMatching
  @Priority(5000)
  public static class ForcedMethod implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      String forced = request.getHeaderString("X-Force-Method");
      if (forced != null) {
        request.setMethod(forced);
      }
    }
  }
}
