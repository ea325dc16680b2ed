package dev.jaxrsmcp.conformance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The resources the suite's resource scenarios read: {@code test://static-text}, {@code
 * test://static-binary}, {@code test://watched-resource} (subscribable; the suite subscribes and
 * unsubscribes, nothing changes it) and the template {@code test://template/{id}/data}. The caching
 * scenario reads whichever resource is listed first; the bridge lists by route path, so that is
 * {@code /static-binary}, never the always-failing {@code /tools/error-handling}.
 */
@Path("/")
public class FixtureResources {
  private static final ObjectMapper JSON = new ObjectMapper();

  @GET
  @Path("static-text")
  @Produces("text/plain")
  @McpResource(
      uri = "test://static-text",
      name = "static-text",
      description = "A static text resource for testing")
  public String staticText() {
    return "This is the content of the static text resource.";
  }

  @GET
  @Path("static-binary")
  @Produces("image/png")
  @McpResource(
      uri = "test://static-binary",
      name = "static-binary",
      description = "A static binary resource (a 1x1 PNG image) for testing")
  public byte[] staticBinary() {
    return Media.png();
  }

  @GET
  @Path("watched-resource")
  @Produces("text/plain")
  @McpResource(
      uri = "test://watched-resource",
      name = "watched-resource",
      description = "A resource clients may subscribe to",
      subscribe = true)
  public String watchedResource() {
    return "Watched resource content";
  }

  @GET
  @Path("template/{id}/data")
  @Produces("application/json")
  @McpResource(
      uri = "test://template/{id}/data",
      name = "template",
      description = "A resource template with one path variable")
  public String template(@PathParam("id") String id) throws JsonProcessingException {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("id", id);
    data.put("templateTest", true);
    data.put("data", "Data for ID: " + id);
    return JSON.writeValueAsString(data);
  }
}
