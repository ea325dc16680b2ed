package dev.jaxrsmcp.demo;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;

/**
 * Runs the Widgets demo on embedded Grizzly at {@code http://127.0.0.1:8080/} until the process is
 * stopped. {@code --port N} (or {@code --port=N}) or the {@code PORT} environment variable picks
 * another port; {@code 0} picks a free one.
 */
public final class DemoServer implements AutoCloseable {
  /** The demo only listens on the loopback interface. */
  public static final String HOST = "127.0.0.1";

  public static final int DEFAULT_PORT = 8080;

  private final HttpServer server;
  private final URI baseUri;

  private DemoServer(HttpServer server, URI baseUri) {
    this.server = server;
    this.baseUri = baseUri;
  }

  public static void main(String[] args) throws InterruptedException {
    int port;
    try {
      port = port(args, System.getenv("PORT"));
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    System.setProperty("java.awt.headless", "true");
    DemoServer demo;
    try {
      demo = start(port);
    } catch (IllegalStateException e) {
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
            + "); stop it with Ctrl+C");
    stopped.await();
  }

  /**
   * Starts the demo application on {@link #HOST} at {@code port} (0: any free port).
   *
   * @throws IllegalStateException when the port cannot be bound
   */
  public static DemoServer start(int port) {
    URI requested = URI.create("http://" + HOST + ":" + port + "/");
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(requested, DemoApplication.create(), false);
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
    return new DemoServer(server, URI.create("http://" + HOST + ":" + actual + "/"));
  }

  /**
   * The port to listen on: {@code --port N} or {@code --port=N} from the arguments, else the {@code
   * PORT} environment variable's value, else {@value #DEFAULT_PORT}.
   *
   * @throws IllegalArgumentException naming the bad argument or value
   */
  static int port(String[] args, String environment) {
    Integer fromArguments = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--port")) {
        if (i + 1 == args.length) {
          throw new IllegalArgumentException("--port needs a value, for example --port 9090");
        }
        fromArguments = parsePort(args[++i], "--port");
      } else if (arg.startsWith("--port=")) {
        fromArguments = parsePort(arg.substring("--port=".length()), "--port");
      } else {
        throw new IllegalArgumentException(
            "unknown argument '" + arg + "' (usage: DemoServer [--port N])");
      }
    }
    if (fromArguments != null) {
      return fromArguments;
    }
    if (environment != null && !environment.isBlank()) {
      return parsePort(environment.trim(), "PORT");
    }
    return DEFAULT_PORT;
  }

  private static int parsePort(String value, String source) {
    try {
      int port = Integer.parseInt(value);
      if (port >= 0 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(
        source + " must be a port number from 0 to 65535 (found '" + value + "')");
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
