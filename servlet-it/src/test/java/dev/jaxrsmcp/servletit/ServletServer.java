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

    /**
     * The same, with this socket send buffer for its connections: what the kernel takes for a
     * client that stopped reading, so that a test reading it afterwards need not read megabytes.
     */
    ServletServer start(ServletApp app, int sendBufferBytes) throws Exception {
      return this == TOMCAT
          ? TomcatServer.start(
              app, "127.0.0.1", java.util.Map.of("socket.txBufSize", "" + sendBufferBytes))
          : JettyServer.start(app, null, sendBufferBytes);
    }
  }
}
