package dev.jaxrsmcp.subscribe;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.changes.McpWatcher;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.memory.PooledMemoryManager;
import org.glassfish.grizzly.nio.transport.TCPNIOTransport;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpContainer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ContainerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The server of {@link StalledClientsHeapTest}, run in a JVM of its own with a small heap: Grizzly
 * configured as the demo ships it, the bridge with its default limits ({@code maxUnsentBytes} 1
 * MiB, a 250 ms debounce; a listen may take as many URIs as a legacy session subscribes to) and
 * pushed changes, as the demo's widgets. Besides MCP it serves:
 *
 * <ul>
 *   <li>{@code GET /admin/heap}: the live heap after a full collection, in bytes;
 *   <li>{@code POST /admin/flood?prefix=P&count=N&seconds=S}: two writers change {@code P0} to
 *       {@code P(N-1)} round and round, as fast as they can, until {@code POST /admin/stop} or for
 *       at most {@code S} seconds; answers once they started;
 *   <li>{@code GET /admin/ended}: how many streams the bridge ended because their client fell
 *       behind (the lines of logger {@code dev.jaxrsmcp.streams});
 *   <li>{@code POST /admin/change?uri=U}: one change of {@code U};
 *   <li>{@code GET /admin/queues}: the most bytes and writes Grizzly's write queue holds for one
 *       connection now, and its bound.
 * </ul>
 *
 * Prints {@code listening <port>} once it serves.
 */
public final class StalledHeapServer {
  /** Writers that change the subscribed resources, as the two. */
  static final int WRITERS = 2;

  /** Streams the bridge ended because their client fell behind, as its log says. */
  static final AtomicInteger ENDED = new AtomicInteger();

  /** Held, so that the level and handler set on it stay (JUL keeps loggers weakly). */
  private static final Logger STREAMS = Logger.getLogger("dev.jaxrsmcp.streams");

  private StalledHeapServer() {}

  /** Counts the bridge's lines on streams it ended (logger {@code dev.jaxrsmcp.streams}). */
  private static void countEndedStreams() {
    STREAMS.setLevel(Level.INFO);
    STREAMS.addHandler(
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (record.getMessage().startsWith("an MCP event stream was ended")) {
              ENDED.incrementAndGet();
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        });
  }

  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{}";
    }
  }

  @Path("/admin")
  public static class Admin {
    private final McpChanges changes;
    private final GrizzlyQueues[] queues;
    private volatile boolean stopped;

    Admin(McpChanges changes, GrizzlyQueues[] queues) {
      this.changes = changes;
      this.queues = queues;
    }

    @POST
    @Path("/flood")
    @Produces("text/plain")
    public String flood(
        @QueryParam("prefix") String prefix,
        @QueryParam("count") int count,
        @QueryParam("seconds") int seconds) {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      stopped = false;
      for (int w = 0; w < WRITERS; w++) {
        int first = w;
        Thread writer =
            new Thread(
                () -> {
                  for (int i = first; !stopped && System.nanoTime() < end; i++) {
                    changes.changed(prefix + (i % count));
                  }
                },
                "flood-writer-" + w);
        writer.setDaemon(true);
        writer.start();
      }
      return "started";
    }

    @POST
    @Path("/stop")
    @Produces("text/plain")
    public String stop() {
      stopped = true;
      return "stopped";
    }

    @GET
    @Path("/ended")
    @Produces("text/plain")
    public String ended() {
      return Integer.toString(ENDED.get());
    }

    @GET
    @Path("/heap")
    @Produces("text/plain")
    public String heap() {
      // What each heap pool held right after the full collection, not what the writers allocated
      // since: they keep allocating while this runs.
      long used = Long.MAX_VALUE;
      for (int i = 0; i < 3; i++) {
        System.gc();
        long live = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
          if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
            live += pool.getCollectionUsage().getUsed();
          }
        }
        used = Math.min(used, live);
      }
      return Long.toString(used);
    }

    @POST
    @Path("/change")
    @Produces("text/plain")
    public String change(@QueryParam("uri") String uri) {
      return Integer.toString(changes.changed(uri));
    }

    @GET
    @Path("/queues")
    @Produces("text/plain")
    public String queues() {
      GrizzlyQueues q = queues[0];
      return q.largestQueuedBytes() + " " + q.largestQueuedWrites() + " " + q.containerBound();
    }
  }

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    countEndedStreams();
    McpFeature feature =
        McpFeature.builder()
            .maxListenUris(StalledClientsHeapTest.SUBSCRIPTIONS) // as many as a legacy session's
            .watch("app://items/{id}", McpWatcher.pushed())
            .build();
    GrizzlyQueues[] queues = new GrizzlyQueues[1];
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(
            URI.create("http://127.0.0.1:" + port + "/"), false);
    applyDemoSettings(server);
    queues[0] = new GrizzlyQueues(server);
    server.start();
    server
        .getServerConfiguration()
        .addHttpHandler(
            ContainerFactory.createContainer(
                GrizzlyHttpContainer.class,
                new ResourceConfig(Items.class)
                    .register(new Admin(feature.changes(), queues))
                    .register(feature)));
    System.out.println("listening " + port);
    System.out.flush();
    new CountDownLatch(1).await();
    server.shutdownNow();
  }

  /**
   * The demo's Grizzly settings ({@code demo-service}'s {@code ContainerSettings.apply}, which this
   * module cannot depend on), those that bear on streams: pooled buffers, 64 workers with 1,000
   * queued requests, read, write and keep-alive timeouts, no body remainder skipped. Left out: its
   * JSON error page, its {@code Host} check and its {@code h2c} add-on, which only answer requests.
   */
  static void applyDemoSettings(HttpServer server) {
    server.getServerConfiguration().setMaxPayloadRemainderToSkip(0);
    for (NetworkListener listener : server.getListeners()) {
      listener.getKeepAlive().setIdleTimeoutInSeconds(30);
      TCPNIOTransport transport = listener.getTransport();
      transport.setMemoryManager(new PooledMemoryManager());
      transport.setWorkerThreadPoolConfig(
          ThreadPoolConfig.defaultConfig()
              .setPoolName("stalled-heap-worker")
              .setCorePoolSize(64)
              .setMaxPoolSize(64)
              .setQueueLimit(1_000));
      transport.setReadTimeout(10, TimeUnit.SECONDS);
      transport.setWriteTimeout(15, TimeUnit.SECONDS);
    }
  }
}
