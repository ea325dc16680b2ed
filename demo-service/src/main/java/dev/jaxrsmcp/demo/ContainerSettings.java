package dev.jaxrsmcp.demo;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpHandlerRegistration;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.memory.PooledMemoryManager;
import org.glassfish.grizzly.nio.transport.TCPNIOTransport;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;

/**
 * The demo's Grizzly configuration, as a production service would set it (docs/deployment.md lists
 * the same settings for Grizzly, Tomcat and Jetty):
 *
 * <ul>
 *   <li>{@value #WORKERS} worker threads (Grizzly's default is two per core: four reads that wait,
 *       on a two-core machine, stopped every route), with at most {@value #QUEUED} requests queued
 *       for them; streams and long reads hold a worker while their route runs, and at most {@link
 *       #LONG_READS} long-running MCP reads run at once (one more is answered 503 with {@code
 *       Retry-After});
 *   <li>a request body must keep arriving: a blocking read waits at most {@link #READ_TIMEOUT}
 *       (Grizzly's default 30 s), and the rest of a body nobody read (the bridge refused it as too
 *       large or too slow) is not waited for: the connection is closed; a blocking write to a
 *       client that stopped reading gives up after {@link #WRITE_TIMEOUT}; an idle keep-alive
 *       connection is closed after {@link #KEEP_ALIVE_IDLE}. No transaction timeout: it would cut
 *       subscriptions and long reads, which legitimately last minutes;
 *   <li>Grizzly's own error answers are JSON ({@link JsonErrorPage}), not HTML, and a {@code Host}
 *       that is not a host is answered 400 before Jersey sees it ({@link InvalidHostRefused});
 *   <li>{@code Upgrade: h2c}, which the JDK {@code HttpClient} sends by default, is ignored ({@link
 *       H2cUpgradeIgnored}): requests are answered in HTTP/1.1;
 *   <li>output buffers come from a {@link PooledMemoryManager}: Grizzly's default memory manager
 *       pools buffers per worker thread only, so a stream written from another thread (SSE
 *       notifications, long-running reads) got a fresh heap buffer for every chunk it sent (a 1 GiB
 *       long read peaked at about 130 MiB of heap, against about 55 MiB pooled; see
 *       docs/performance.md).
 * </ul>
 */
final class ContainerSettings {
  /** Worker threads serving requests, streams and long reads. */
  static final int WORKERS = 64;

  /**
   * Long-running MCP reads at once ({@code McpFeature.maxConcurrentLongReads}, set by {@link
   * DemoApplication}): half the workers, so that long reads alone cannot take them all.
   */
  static final int LONG_READS = WORKERS / 2;

  /** Requests waiting for a worker before new ones are refused. */
  static final int QUEUED = 1_000;

  static final Duration READ_TIMEOUT = Duration.ofSeconds(10);
  static final Duration WRITE_TIMEOUT = Duration.ofSeconds(15);
  static final Duration KEEP_ALIVE_IDLE = Duration.ofSeconds(30);

  private ContainerSettings() {}

  /**
   * Serves {@code jersey} at the root of the running {@code server}, wrapped as {@link #apply}
   * wraps handlers there before the start; Grizzly starts a handler added to a running server.
   */
  static void attach(HttpServer server, HttpHandler jersey) {
    server
        .getServerConfiguration()
        .addHttpHandler(InvalidHostRefused.wrap(jersey), HttpHandlerRegistration.ROOT);
  }

  /** Applies the settings to {@code server}, which must not have started yet. */
  static void apply(HttpServer server) {
    InvalidHostRefused.wrapHandlers(server);
    server.getServerConfiguration().setMaxPayloadRemainderToSkip(0);
    for (NetworkListener listener : server.getListeners()) {
      listener.registerAddOn(new H2cUpgradeIgnored());
      listener.setDefaultErrorPageGenerator(new JsonErrorPage());
      listener.getKeepAlive().setIdleTimeoutInSeconds((int) KEEP_ALIVE_IDLE.toSeconds());
      TCPNIOTransport transport = listener.getTransport();
      transport.setMemoryManager(new PooledMemoryManager());
      transport.setWorkerThreadPoolConfig(
          ThreadPoolConfig.defaultConfig() // a copy of Grizzly's defaults
              .setPoolName("widgets-demo-worker")
              .setCorePoolSize(WORKERS)
              .setMaxPoolSize(WORKERS)
              .setQueueLimit(QUEUED));
      transport.setReadTimeout(READ_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      transport.setWriteTimeout(WRITE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }
  }
}
