package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Under a servlet container the start-up summary names the endpoint's full path: the context path,
 * the Jersey servlet's mapping and the endpoint's path. It is logged when Jersey starts: with the
 * container, or at the first request for a servlet without load-on-startup.
 */
class ServletStartupSummaryTest {
  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void theSummaryNamesTheEndpointsFullPath(ServletServer.Kind kind) throws Exception {
    Logger logger = Logger.getLogger("dev.jaxrsmcp.startup");
    List<String> lines = new CopyOnWriteArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            lines.add(record.getMessage());
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(handler);
    try (ServletApp app = new ServletApp(IdentityHolder.Mode.PLAIN);
        ServletServer server = kind.start(app)) {
      // Tomcat starts a servlet without load-on-startup at its first request, Jersey with it.
      HttpClient.newHttpClient()
          .send(HttpRequest.newBuilder(server.mcp()).GET().build(), BodyHandlers.discarding());
      assertThat(lines).hasSize(1);
      assertThat(lines.get(0)).startsWith("MCP endpoint at /api/mcp serves 2026-07-28 and ");
    } finally {
      logger.removeHandler(handler);
    }
  }
}
