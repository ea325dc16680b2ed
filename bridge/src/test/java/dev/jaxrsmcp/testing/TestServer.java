package dev.jaxrsmcp.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.function.Consumer;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/** A real Grizzly server on a free loopback port, for tests. Close it when done. */
public final class TestServer implements AutoCloseable {
  private final HttpServer server;
  private final URI baseUri;

  private TestServer(HttpServer server, URI baseUri) {
    this.server = server;
    this.baseUri = baseUri;
  }

  public static TestServer start(ResourceConfig app) {
    return start(app, server -> {});
  }

  /** Starts {@code app} once {@code configure} has seen the server (its listeners, probes). */
  public static TestServer start(ResourceConfig app, Consumer<HttpServer> configure) {
    // Port 0: the server binds a free port itself, so no other process can take it in between.
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(URI.create("http://127.0.0.1:0/"), app, false);
    configure.accept(server);
    try {
      server.start();
    } catch (IOException e) {
      throw new UncheckedIOException("could not start a server on a free port", e);
    }
    int port = server.getListeners().iterator().next().getPort();
    return new TestServer(server, URI.create("http://127.0.0.1:" + port + "/"));
  }

  /**
   * A port that was free a moment ago, for a process or proxy that must be told its port before it
   * binds (another process may take it in between; servers of this class bind port 0 instead).
   */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port", e);
    }
  }

  public URI baseUri() {
    return baseUri;
  }

  public int port() {
    return baseUri.getPort();
  }

  /** The MCP endpoint's URL at the default path. */
  public String mcpUrl() {
    return baseUri + "mcp";
  }

  @Override
  public void close() {
    server.shutdownNow();
  }
}
