package dev.jaxrsmcp.conformance;

import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.McpFeature;
import java.net.URI;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

/**
 * The application the official MCP conformance suite runs against ({@code conformance/run.sh}). It
 * binds 127.0.0.1 only, on the port given by {@code --port N} or the {@code PORT} environment
 * variable (default 8080; 0 picks a free port), serves MCP at {@code /mcp}, prints one line naming
 * the endpoint once it accepts connections, and runs until it is stopped.
 */
public final class ConformanceFixture {
  static final int DEFAULT_PORT = 8080;

  private ConformanceFixture() {}

  /** The fixture's routes with the bridge registered; derived URIs use the suite's scheme. */
  public static ResourceConfig application() {
    return new ResourceConfig(
            FixtureResources.class,
            FixtureTools.class,
            FixtureToolRoutes.class,
            FixtureTasks.class,
            FixturePrompts.class,
            FixtureAsking.class)
        .property(ServerProperties.WADL_FEATURE_DISABLE, true)
        .register(
            McpFeature.builder()
                .name("jaxrs-mcp-conformance-fixture")
                .version("0.1.0")
                .scheme("test")
                .completePrompt(
                    "test_prompt_with_arguments",
                    "arg1",
                    McpCompleter.of("test", "testValue1", "paris", "park"))
                .build());
  }

  /** Starts the fixture on 127.0.0.1 at {@code port} (0: a free port). */
  public static HttpServer start(int port) {
    URI base = URI.create("http://127.0.0.1:" + port + "/");
    return GrizzlyHttpServerFactory.createHttpServer(base, application(), true);
  }

  /** The port the server actually listens on (differs from the requested one for port 0). */
  public static int boundPort(HttpServer server) {
    return server.getListeners().iterator().next().getPort();
  }

  public static void main(String[] args) throws InterruptedException {
    int port;
    try {
      port = port(args, System.getenv("PORT"));
    } catch (IllegalArgumentException e) {
      System.err.println("conformance fixture: " + e.getMessage());
      System.exit(2);
      return;
    }
    HttpServer server = start(port);
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow, "fixture-shutdown"));
    System.out.println(
        "conformance fixture: MCP endpoint at http://127.0.0.1:" + boundPort(server) + "/mcp");
    System.out.flush();
    Thread.currentThread().join();
  }

  /** The port from {@code --port N} or {@code --port=N}, else from {@code env}, else 8080. */
  static int port(String[] args, String env) {
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--port")) {
        if (i + 1 == args.length) {
          throw new IllegalArgumentException("--port needs a value (found nothing after it)");
        }
        return parsePort(args[i + 1], "--port");
      }
      if (args[i].startsWith("--port=")) {
        return parsePort(args[i].substring("--port=".length()), "--port");
      }
      throw new IllegalArgumentException(
          "unknown argument '" + args[i] + "' (the only option is --port N)");
    }
    if (env != null && !env.isBlank()) {
      return parsePort(env.trim(), "PORT");
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
      // Reported below with the value found.
    }
    throw new IllegalArgumentException(
        source + " must be a number from 0 to 65535 (found '" + value + "')");
  }
}
