package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jetty.server.CustomRequestLog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Jetty's own request log ({@code CustomRequestLog}, which Dropwizard's request log builds on too)
 * prints what an MCP request did from the request attributes the bridge sets ({@code %{name}attr}),
 * as Tomcat's access log does.
 */
class JettyAccessLogTest {
  static final String FORMAT =
      "%m %U %s mcp=%{mcp.method.name}attr uri=%{mcp.resource.uri}attr"
          + " tool=%{gen_ai.tool.name}attr route=\"%{dev.jaxrsmcp.route}attr\""
          + " caller=%{dev.jaxrsmcp.caller}attr";

  private static final List<String> LINES = new CopyOnWriteArrayList<>();
  private static ServletApp app;
  private static ServletServer server;

  @BeforeAll
  static void start() throws Exception {
    app = new ServletApp(IdentityHolder.Mode.PLAIN);
    server = JettyServer.start(app, new CustomRequestLog(LINES::add, FORMAT));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    app.close();
  }

  /** The log's lines once it has {@code count} (Jetty writes a line after the response). */
  private static List<String> lines(int count) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (LINES.size() < count && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return List.copyOf(LINES);
  }

  /**
   * Each request waits for the line of the one before it: Jetty writes a line after the response
   * has gone, so a next request's line could otherwise come first.
   */
  @Test
  void eachMcpRequestSaysWhatRanAndForWhom() throws Exception {
    int admin = McpPosts.post(server, Caller.ADMIN, "resources/read", "\"uri\":\"app://id/admin\"");
    lines(1);
    int anonymous =
        McpPosts.post(server, Caller.ANONYMOUS, "resources/read", "\"uri\":\"app://id/admin\"");
    lines(2);
    int call =
        McpPosts.post(server, Caller.USER, "tools/call", "\"name\":\"principal\",\"arguments\":{}");

    assertThat(List.of(admin, call)).containsOnly(200);
    assertThat(lines(3))
        .containsExactly(
            "POST /api/mcp 200 mcp=resources/read uri=app://id/admin tool=- route=\"GET"
                + " /api/id/admin\" caller=alice",
            "POST /api/mcp "
                + anonymous
                + " mcp=resources/read uri=app://id/admin tool=- route=\"GET /api/id/admin\""
                + " caller=anonymous",
            "POST /api/mcp 200 mcp=tools/call uri=- tool=principal route=\"GET"
                + " /api/id/principal\" caller=bob");
  }
}
