package dev.jaxrsmcp.bench;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The slow-consumer run's flood ({@link SlowConsumers}): subscribable items whose changes are only
 * ever pushed ({@code app://bench/items/{id}}, watched by {@code McpWatcher.pushed()} in {@link
 * BridgeServer#application()}), and two writer threads that change {@code prefix0} to {@code
 * prefix(count-1)} round and round, as fast as they can, for a given time: the load that fills
 * every buffer between the bridge and a client that stopped reading, as the bridge's {@code
 * StalledClientsHeapTest} makes it.
 */
@Path("/bench/flood")
public final class FloodRoutes {
  /** The items' URI template. */
  static final String ITEMS = "app://bench/items/{id}";

  /** Writers changing the items at once, as issue 36's scenario asks. */
  static final int WRITERS = 2;

  private static final AtomicLong CHANGES = new AtomicLong();
  private static final AtomicLong RUNNING = new AtomicLong();

  @GET
  @Path("/items/{id}")
  @Produces(MediaType.APPLICATION_JSON)
  @McpResource(uri = ITEMS, subscribe = true, description = "An item the flood changes.")
  public String item(@PathParam("id") String id) {
    return "{}";
  }

  /**
   * Starts the writers and answers at once; they stop by themselves after {@code seconds}. Refused
   * (409) while a flood is still running, so that two never overlap.
   */
  @POST
  @Produces(MediaType.TEXT_PLAIN)
  public jakarta.ws.rs.core.Response start(
      @Context McpChanges changes,
      @QueryParam("prefix") String prefix,
      @QueryParam("count") int count,
      @QueryParam("seconds") int seconds) {
    if (prefix == null || count <= 0 || seconds <= 0) {
      return jakarta.ws.rs.core.Response.status(400)
          .entity(
              "flood needs prefix, count > 0 and seconds > 0 (got prefix "
                  + prefix
                  + ", count "
                  + count
                  + ", seconds "
                  + seconds
                  + ")")
          .build();
    }
    if (!RUNNING.compareAndSet(0, WRITERS)) {
      return jakarta.ws.rs.core.Response.status(409).entity("a flood is running").build();
    }
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    for (int w = 0; w < WRITERS; w++) {
      int first = w;
      Thread writer =
          new Thread(
              () -> {
                try {
                  long made = 0;
                  for (int i = first; System.nanoTime() < end; i += WRITERS) {
                    changes.changed(prefix + (i % count));
                    made++;
                  }
                  CHANGES.addAndGet(made);
                } finally {
                  RUNNING.decrementAndGet();
                }
              },
              "bench-flood-writer-" + w);
      writer.setDaemon(true);
      writer.start();
    }
    return jakarta.ws.rs.core.Response.ok("started").build();
  }

  /**
   * {@code running=N changes=M}: the writers still running and the changes made by the floods that
   * ended, in all since the server started.
   */
  @GET
  @Produces(MediaType.TEXT_PLAIN)
  public String status() {
    return "running=" + RUNNING.get() + " changes=" + CHANGES.get();
  }
}
