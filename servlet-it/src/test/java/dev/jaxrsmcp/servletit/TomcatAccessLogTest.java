package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.catalina.valves.AccessLogValve;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tomcat's own access log prints what an MCP request did, from the request attributes the bridge
 * sets: the JSON-RPC method, the resource URI or tool name, the route that ran and the caller the
 * application's filters accepted (the pattern docs/observability.md gives).
 */
class TomcatAccessLogTest {
  static final String PATTERN =
      "%m %U %s mcp=%{mcp.method.name}r id=%{jsonrpc.request.id}r uri=%{mcp.resource.uri}r tool=%{gen_ai.tool.name}r"
          + " route=\"%{dev.jaxrsmcp.route}r\" caller=%{dev.jaxrsmcp.caller}r";

  private static ServletApp app;
  private static TomcatServer server;
  private static Path logs;

  @BeforeAll
  static void start() throws Exception {
    logs = Files.createTempDirectory("servlet-it-access");
    AccessLogValve log = new AccessLogValve();
    log.setDirectory(logs.toString());
    log.setPrefix("access");
    log.setSuffix(".log");
    log.setRotatable(false);
    log.setBuffered(false);
    log.setPattern(PATTERN);
    app = new ServletApp(IdentityHolder.Mode.PLAIN);
    server = TomcatServer.start(app, "127.0.0.1", Map.of(), log);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    app.close();
  }

  /** The access log's lines once it has {@code count} (Tomcat writes a line after the response). */
  private static List<String> lines(int count) throws Exception {
    Path file = logs.resolve("access.log");
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      List<String> lines =
          Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
      if (lines.size() >= count || System.nanoTime() > deadline) {
        return lines;
      }
      Thread.sleep(20);
    }
  }

  /**
   * Each request waits for the line of the one before it: Tomcat writes a line after the response
   * has gone, so a next request's line could otherwise come first.
   */
  @Test
  void eachMcpRequestSaysWhatRanAndForWhom() throws Exception {
    int admin = McpPosts.post(server, Caller.ADMIN, "resources/read", "\"uri\":\"app://id/admin\"");
    lines(1);
    int anonymous =
        McpPosts.post(server, Caller.ANONYMOUS, "resources/read", "\"uri\":\"app://id/admin\"");
    lines(2);
    int list = McpPosts.post(server, Caller.USER, "tools/list", "\"cursor\":null");
    lines(3);
    int call =
        McpPosts.post(server, Caller.USER, "tools/call", "\"name\":\"principal\",\"arguments\":{}");

    assertThat(List.of(admin, list, call)).containsOnly(200);
    List<String> lines = lines(4);
    assertThat(lines)
        .containsExactly(
            "POST /api/mcp 200 mcp=resources/read id=7 uri=app://id/admin tool=- route=\"GET"
                + " /api/id/admin\" caller=alice",
            "POST /api/mcp "
                + anonymous
                + " mcp=resources/read id=7 uri=app://id/admin tool=- route=\"GET /api/id/admin\""
                + " caller=anonymous",
            "POST /api/mcp 200 mcp=tools/list id=7 uri=- tool=- route=\"-\" caller=bob",
            "POST /api/mcp 200 mcp=tools/call id=7 uri=- tool=principal route=\"GET"
                + " /api/id/principal\" caller=bob");
  }
}
