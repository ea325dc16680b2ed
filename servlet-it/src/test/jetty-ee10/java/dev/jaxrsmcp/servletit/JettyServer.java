package dev.jaxrsmcp.servletit;

import jakarta.servlet.DispatcherType;
import java.net.URI;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.glassfish.jersey.servlet.ServletContainer;

/**
 * Embedded Jetty 12 (ee10, Servlet 6.0: the Jersey 3.1 run) with Jersey's {@link ServletContainer}
 * at {@code /api/*}, async supported.
 */
final class JettyServer implements ServletServer {
  private final Server server;
  private final URI base;

  private JettyServer(Server server, URI base) {
    this.server = server;
    this.base = base;
  }

  static JettyServer start(ServletApp app) throws Exception {
    return start(app, null);
  }

  /** The same, with this request log (none when null). */
  static JettyServer start(ServletApp app, org.eclipse.jetty.server.RequestLog log)
      throws Exception {
    return start(app, log, -1);
  }

  /** The same, with this socket send buffer for accepted connections (the system's when -1). */
  static JettyServer start(
      ServletApp app, org.eclipse.jetty.server.RequestLog log, int sendBufferBytes)
      throws Exception {
    Server server = new Server();
    if (log != null) {
      server.setRequestLog(log);
    }
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    connector.setAcceptedSendBufferSize(sendBufferBytes);
    server.addConnector(connector);

    ServletContextHandler context = new ServletContextHandler("/");
    FilterHolder auth = new FilterHolder(app.filter);
    auth.setAsyncSupported(true);
    context.addFilter(auth, "/*", EnumSet.of(DispatcherType.REQUEST));
    ServletHolder jersey = new ServletHolder(new ServletContainer(app.resourceConfig()));
    jersey.setAsyncSupported(true);
    context.addServlet(jersey, ServletApp.MAPPING);
    server.setHandler(context);
    server.start();
    return new JettyServer(
        server, URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/api/"));
  }

  @Override
  public URI base() {
    return base;
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
