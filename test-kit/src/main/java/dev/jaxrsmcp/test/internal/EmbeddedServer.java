package dev.jaxrsmcp.test.internal;

import jakarta.ws.rs.core.Application;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/** A Jersey application on embedded Grizzly at 127.0.0.1, on a port the system picked. */
public final class EmbeddedServer implements AutoCloseable {
  /** Test servers listen on loopback only. */
  public static final String HOST = "127.0.0.1";

  private final HttpServer server;
  private final URI baseUri;

  private EmbeddedServer(HttpServer server, URI baseUri) {
    this.server = server;
    this.baseUri = baseUri;
  }

  /** Starts {@code application} on a free port (port 0: no race with another test's choice). */
  public static EmbeddedServer start(Application application) {
    ResourceConfig config =
        application instanceof ResourceConfig rc ? rc : ResourceConfig.forApplication(application);
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(
            URI.create("http://" + HOST + ":0/"), config, false);
    try {
      server.start();
    } catch (IOException e) {
      server.shutdownNow();
      throw new UncheckedIOException("cannot start the application on " + HOST, e);
    }
    int port = server.getListeners().iterator().next().getPort();
    return new EmbeddedServer(server, URI.create("http://" + HOST + ":" + port + "/"));
  }

  /** The root URL, for example {@code http://127.0.0.1:40123/}. */
  public URI baseUri() {
    return baseUri;
  }

  /** Stops the server, dropping open connections. */
  @Override
  public void close() {
    server.shutdownNow();
  }
}
