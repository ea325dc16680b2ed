package dev.jaxrsmcp.bench;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.demo.DemoApplication;
import dev.jaxrsmcp.demo.WidgetStore;
import dev.jaxrsmcp.tasks.McpTaskStore;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.memory.PooledMemoryManager;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The server under test, run in its own JVM: the demo application ({@link
 * DemoApplication#create()}) plus {@link BenchRoutes} and {@link AdminRoutes}, on embedded Grizzly
 * at 127.0.0.1. Prints {@code READY port=N} once it listens. Arguments: the port (0: any free one),
 * optionally the number of worker threads (the demo's container has 64), and optionally {@code
 * demo}: the demo's timeouts as well ({@link #DEMO_TIMEOUTS}).
 */
public final class BridgeServer {
  /** The third argument that applies the demo's timeouts. */
  static final String DEMO_TIMEOUTS = "demo";

  private BridgeServer() {}

  /**
   * The application under test. Its listens carry no credentials, so they all count as the one
   * anonymous caller (docs/security.md, ownership and quotas): the limits of unauthenticated
   * callers are raised to what the fan-out and slow-consumer runs open; every other setting is the
   * demo's. The slow-consumer run's items ({@link FloodRoutes}) are watched by their pushed changes
   * only, and a listen may name as many of them as that run subscribes each client to.
   */
  static ResourceConfig application() {
    return DemoApplication.create(
            WidgetStore.withSampleWidgets(),
            McpChangeBus.local(),
            McpTaskStore.inMemory(),
            mcp ->
                mcp.maxAnonymousListens(10_000)
                    .maxAnonymousSessions(10_000)
                    .maxSubscriptionsPerCaller(1_000_000)
                    .maxListenUris(SlowConsumers.SUBSCRIPTIONS)
                    .watch(FloodRoutes.ITEMS, McpWatcher.pushed()))
        .register(BenchRoutes.class)
        .register(FloodRoutes.class)
        .register(AdminRoutes.class)
        .register(PostFloorRoute.class);
  }

  /**
   * The bridge's access record (a line per MCP operation on stderr, which this JVM's parent reads
   * and keeps) is off: the benchmark measures the bridge, not the console. Kept here, as a logger
   * only weakly held by java.util.logging would lose its level.
   */
  private static final java.util.logging.Logger ACCESS =
      java.util.logging.Logger.getLogger("dev.jaxrsmcp.access");

  /** Turns the access record off unless {@code -Dbench.accessRecord=true}. */
  static void quietAccessRecord() {
    ACCESS.setLevel(
        Boolean.getBoolean("bench.accessRecord")
            ? java.util.logging.Level.INFO
            : java.util.logging.Level.WARNING);
  }

  public static void main(String[] args) throws Exception {
    quietAccessRecord();
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    int workers = args.length > 1 ? Integer.parseInt(args[1]) : 0; // 0: Grizzly's default
    boolean demoTimeouts = args.length > 2 && args[2].equals(DEMO_TIMEOUTS);
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(
            URI.create("http://127.0.0.1:" + port + "/"), application(), false);
    containerSettings(server, workers, demoTimeouts);
    serve(server);
  }

  /**
   * Starts {@code server}, prints {@code READY port=N} for the parent and serves until the JVM is
   * told to stop.
   */
  static void serve(HttpServer server) throws Exception {
    server.start();
    int actual = server.getListeners().iterator().next().getPort();
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.shutdownNow();
                  stop.countDown();
                }));
    System.out.println(ChildJvm.READY + actual);
    System.out.flush();
    stop.await();
  }

  /**
   * The benchmark's Grizzly settings, applied before {@code start()}: keep-alive without a request
   * limit, pooled buffers (the demo's production settings), and, when asked, the demo's fixed
   * worker pool ({@code workers} above 0) and timeouts. {@link FloorServer} applies the same.
   */
  static void containerSettings(HttpServer server, int workers, boolean demoTimeouts) {
    for (var listener : server.getListeners()) {
      // Keep-alive connections stay open (Grizzly closes them after 256 requests by default).
      listener.getKeepAlive().setMaxRequestsCount(-1);
      // Pooled output buffers, as the demo's production settings have (docs/deployment.md).
      listener.getTransport().setMemoryManager(new PooledMemoryManager());
      if (workers > 0) { // as the demo's container settings: a fixed pool, a bounded queue
        listener
            .getTransport()
            .setWorkerThreadPoolConfig(
                ThreadPoolConfig.defaultConfig()
                    .setCorePoolSize(workers)
                    .setMaxPoolSize(workers)
                    .setQueueLimit(1_000));
      }
      if (demoTimeouts) { // as the demo's ContainerSettings: what bears on a stalled client
        listener.getKeepAlive().setIdleTimeoutInSeconds(30);
        listener.getTransport().setReadTimeout(10, TimeUnit.SECONDS);
        listener.getTransport().setWriteTimeout(15, TimeUnit.SECONDS);
      }
    }
    if (demoTimeouts) { // the rest of a refused body is not waited for
      server.getServerConfiguration().setMaxPayloadRemainderToSkip(0);
    }
  }
}
