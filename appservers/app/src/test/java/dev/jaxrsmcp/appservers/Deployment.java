package dev.jaxrsmcp.appservers;

import java.net.URI;

/** The application, running on a server, as the contract reaches it. */
public interface Deployment extends AutoCloseable {
  /** The application root, {@code http://127.0.0.1:PORT/<context>/api/}. */
  URI base();

  /** Whether the server is a servlet container (so the servlet routes are there). */
  boolean servlet();

  /** The MCP endpoint. */
  default URI mcp() {
    return base().resolve("mcp");
  }

  /** What the server logged, for failure messages (empty when it logs to the test's output). */
  default String log() {
    return "";
  }

  @Override
  void close() throws Exception;
}
