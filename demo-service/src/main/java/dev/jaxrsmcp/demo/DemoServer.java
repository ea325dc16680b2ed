package dev.jaxrsmcp.demo;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.redis.RedisChangeBus;
import dev.jaxrsmcp.redis.RedisTaskStore;
import dev.jaxrsmcp.tasks.McpTaskStore;
import io.lettuce.core.RedisURI;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpContainer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ContainerFactory;

/**
 * Runs the Widgets demo on embedded Grizzly at {@code http://127.0.0.1:8080/} until the process is
 * stopped. {@code --port N} (or {@code --port=N}) or the {@code PORT} environment variable picks
 * another port; {@code 0} picks a free one. {@code --redis URL} or {@code REDIS_URL} shares change
 * notifications, legacy sessions and MCP tasks with other instances through Redis (see {@link
 * DemoOptions}). Grizzly is configured as a production service would be ({@link
 * ContainerSettings}).
 */
public final class DemoServer implements AutoCloseable {
  /** The demo only listens on the loopback interface. */
  public static final String HOST = "127.0.0.1";

  public static final int DEFAULT_PORT = 8080;

  /** The demo's Redis channels start with this, so other services can share the Redis. */
  static final String CHANNEL_PREFIX = "widgets-demo:";

  private final HttpServer server;
  private final URI baseUri;

  private DemoServer(HttpServer server, URI baseUri) {
    this.server = server;
    this.baseUri = baseUri;
  }

  public static void main(String[] args) throws InterruptedException {
    DemoOptions options;
    McpChangeBus bus;
    McpTaskStore tasks;
    try {
      options = DemoOptions.parse(args, System.getenv());
      bus = options.redisUrl().map(DemoServer::redis).orElseGet(McpChangeBus::local);
      tasks = options.redisUrl().map(DemoServer::redisTasks).orElseGet(McpTaskStore::inMemory);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    System.setProperty("java.awt.headless", "true");
    configureConsole();
    DemoServer demo;
    try {
      demo = start(options.port(), bus, tasks);
    } catch (IllegalStateException e) {
      bus.close();
      tasks.close();
      System.err.println(e.getMessage());
      System.exit(1);
      return;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  demo.close();
                  stopped.countDown();
                },
                "widgets-demo-shutdown"));
    System.out.println(
        "Widgets demo listening on "
            + demo.baseUri()
            + " (REST under "
            + demo.baseUri().resolve("api/")
            + ", MCP at "
            + demo.mcpUri()
            + ")"
            + options
                .redisUrl()
                .map(
                    url ->
                        "; changes, MCP sessions and tasks shared with other instances through"
                            + " Redis at "
                            + where(url))
                .orElse("")
            + "; stop it with Ctrl+C");
    stopped.await();
  }

  /**
   * The console {@link #main} sets up before it starts the demo: the bridge's access record a line
   * per MCP operation, as the record writes it ({@link AccessLog}). Once per JVM.
   */
  public static void configureConsole() {
    AccessLog.install();
  }

  /** The change bus for the Redis at {@code url}, on the demo's own channel. */
  static McpChangeBus redis(String url) {
    try {
      return RedisChangeBus.builder(url).channelPrefix(CHANNEL_PREFIX).build();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("cannot use Redis at '" + url + "': " + e.getMessage(), e);
    }
  }

  /** The task store in the Redis at {@code url}, under the demo's own key prefix. */
  static McpTaskStore redisTasks(String url) {
    try {
      return RedisTaskStore.builder(url).keyPrefix(CHANNEL_PREFIX).build();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("cannot use Redis at '" + url + "': " + e.getMessage(), e);
    }
  }

  /** Host and port of a Redis URL, without any password it may hold. */
  private static String where(String url) {
    RedisURI uri = RedisURI.create(url);
    return uri.getHost() + ":" + uri.getPort();
  }

  /**
   * Starts the demo application on {@link #HOST} at {@code port} (0: any free port), alone.
   *
   * @throws IllegalStateException when the port cannot be bound
   */
  public static DemoServer start(int port) {
    return start(port, McpChangeBus.local());
  }

  /**
   * Starts the demo application on {@link #HOST} at {@code port} (0: any free port), sharing
   * changes with other instances over {@code bus}.
   *
   * @throws IllegalStateException when the port cannot be bound
   */
  public static DemoServer start(int port, McpChangeBus bus) {
    return start(port, bus, McpTaskStore.inMemory());
  }

  /**
   * Starts the demo application on {@link #HOST} at {@code port} (0: any free port), sharing
   * changes with other instances over {@code bus} and MCP tasks through {@code tasks}.
   *
   * @throws IllegalStateException when the port cannot be bound
   */
  public static DemoServer start(int port, McpChangeBus bus, McpTaskStore tasks) {
    // The port is bound first: the OAuth metadata names the URL clients use, port included, and
    // with port 0 that is only known once bound. Jersey is attached (and started) right after.
    URI requested = URI.create("http://" + HOST + ":" + port + "/");
    HttpServer server = GrizzlyHttpServerFactory.createHttpServer(requested, false);
    ContainerSettings.apply(server);
    try {
      server.start();
    } catch (IOException e) {
      server.shutdownNow();
      throw new IllegalStateException(
          "cannot listen on "
              + HOST
              + ":"
              + port
              + " ("
              + e.getMessage()
              + "); pass --port or set PORT to use another port",
          e);
    }
    int actual = server.getListeners().iterator().next().getPort();
    URI base = URI.create("http://" + HOST + ":" + actual + "/");
    try {
      ContainerSettings.attach(
          server,
          ContainerFactory.createContainer(
              GrizzlyHttpContainer.class,
              DemoApplication.create(WidgetStore.withSampleWidgets(), bus, tasks, base)));
    } catch (RuntimeException e) {
      server.shutdownNow();
      throw e;
    }
    return new DemoServer(server, base);
  }

  /** The root URL, for example {@code http://127.0.0.1:8080/}. */
  public URI baseUri() {
    return baseUri;
  }

  /** The MCP endpoint's URL. */
  public URI mcpUri() {
    return baseUri.resolve("mcp");
  }

  /** The port actually listened on. */
  public int port() {
    return baseUri.getPort();
  }

  /** Stops the server, dropping open connections. */
  @Override
  public void close() {
    server.shutdownNow();
  }
}
