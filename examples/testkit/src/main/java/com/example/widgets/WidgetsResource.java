package com.example.widgets;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The widgets REST API; the {@link McpResource} annotations make its routes MCP resources. */
@Path("/api/widgets")
@Produces(MediaType.APPLICATION_JSON)
public final class WidgetsResource {
  /** A 1×1 PNG. */
  static final byte[] PHOTO = {
    (byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1
  };

  private final Map<Long, String> states =
      new ConcurrentHashMap<>(
          Map.of(
              1L, "{\"mode\":\"heat\",\"temperature\":20.5}",
              2L, "{\"locked\":true}"));

  /** Every widget's id. */
  @GET
  @McpResource(uri = "app://widgets", title = "Widgets")
  public String widgets() {
    return states.keySet().stream().sorted().toList().toString();
  }

  /** A widget's current state. */
  @GET
  @Path("/{id}/state")
  @McpResource(uri = "app://widgets/{id}/state", title = "Widget state", subscribe = true)
  public String state(@PathParam("id") long id) {
    String state = states.get(id);
    if (state == null) {
      throw new NotFoundException("no widget " + id);
    }
    return state;
  }

  /** Replaces a widget's state (owners only) and tells MCP subscribers. */
  @PUT
  @Path("/{id}/state")
  @Consumes(MediaType.APPLICATION_JSON)
  public void putState(
      @PathParam("id") long id,
      String json,
      @Context SecurityContext caller,
      @Context McpChanges changes) {
    ownersOnly(caller);
    state(id);
    states.put(id, json);
    changes.changed("app://widgets/" + id + "/state");
  }

  /** A widget's credentials; only owners may read them. */
  @GET
  @Path("/{id}/secrets")
  @McpResource(uri = "app://widgets/{id}/secrets", title = "Widget secrets")
  public String secrets(@PathParam("id") long id, @Context SecurityContext caller) {
    ownersOnly(caller);
    state(id);
    return "{\"pin\":\"" + (4700 + id) + "\"}";
  }

  /** A photo of the widget. */
  @GET
  @Path("/{id}/photo")
  @Produces("image/png")
  @McpResource(uri = "app://widgets/{id}/photo", title = "Widget photo")
  public byte[] photo(@PathParam("id") long id) {
    state(id);
    return PHOTO.clone();
  }

  private static void ownersOnly(SecurityContext caller) {
    if (!caller.isUserInRole(BearerAuthFilter.OWNER)) {
      throw new ForbiddenException("owners only");
    }
  }
}
