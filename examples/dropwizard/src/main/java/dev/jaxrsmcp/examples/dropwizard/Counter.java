package dev.jaxrsmcp.examples.dropwizard;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A subscribable counter: {@code POST /api/counter} increments it and tells MCP subscribers through
 * the bundle's {@link McpChanges}.
 */
@Path("/api/counter")
@PermitAll
public class Counter {
  private final AtomicLong value = new AtomicLong();
  private final McpChanges changes;

  public Counter(McpChanges changes) {
    this.changes = changes;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @McpResource(uri = "app://counter", subscribe = true, description = "A counter to watch")
  public Map<String, Long> value() {
    return Map.of("value", value.get());
  }

  @POST
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Long> increment() {
    long now = value.incrementAndGet();
    changes.changed("app://counter");
    return Map.of("value", now);
  }
}
