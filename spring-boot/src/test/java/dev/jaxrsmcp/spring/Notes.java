package dev.jaxrsmcp.spring;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;

/** A small JAX-RS resource the auto-configuration tests serve. */
@Path("/notes")
public class Notes {
  static final ConcurrentMap<String, String> TEXT = new ConcurrentHashMap<>();
  static final AtomicReference<McpChanges> INJECTED = new AtomicReference<>();

  @GET
  @Path("/{id}")
  @Produces(MediaType.TEXT_PLAIN)
  @McpResource(subscribe = true, description = "A note's text")
  public String note(@PathParam("id") String id) {
    return TEXT.getOrDefault(id, "empty");
  }

  /** Changes a note and tells subscribers, through the McpChanges Jersey injects. */
  @POST
  @Path("/{id}")
  public int set(@PathParam("id") String id, String text, @Context McpChanges changes) {
    TEXT.put(id, text);
    INJECTED.set(changes);
    return changes.changed("app://notes/" + id);
  }
}
