package dev.jaxrsmcp.servletit;

import java.net.URI;

/** A servlet container running {@link ServletApp} on 127.0.0.1 at a free port. */
interface ServletServer extends AutoCloseable {
  /** The application's root, for example {@code http://127.0.0.1:PORT/api/}. */
  URI base();

  /** The MCP endpoint under the servlet mapping: {@code /api/mcp}. */
  default URI mcp() {
    return base().resolve("mcp");
  }

  @Override
  void close() throws Exception;

  /** The container names the tests run on. */
  enum Kind {
    TOMCAT,
    JETTY;

    ServletServer start(ServletApp app) throws Exception {
      return this == TOMCAT ? TomcatServer.start(app) : JettyServer.start(app);
    }
  }
}
