package dev.jaxrsmcp.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.demo.DemoServer;
import dev.jaxrsmcp.tasks.McpTaskStore;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * The demo service as shipped, run in its own JVM for the {@code demo} part: what {@code java -jar
 * widgets-demo.jar} starts without Redis ({@link DemoServer#configureConsole()} and {@link
 * DemoServer#start(int, McpChangeBus, McpTaskStore)}: the demo's application, filters and bridge
 * settings, its Grizzly container settings, and the access record on, a line per MCP operation on
 * the console), and nothing added to it. The memory and CPU figures {@link AdminRoutes} reports
 * come from a second, separate listener (the JDK's own HTTP server) on the port given as the first
 * argument, outside the demo's pipeline. Prints {@code READY port=N} with the demo's port.
 */
public final class DemoShippedServer {
  private DemoShippedServer() {}

  public static void main(String[] args) throws Exception {
    int adminPort = Integer.parseInt(args[0]);
    AdminRoutes admin = new AdminRoutes();
    HttpServer side = HttpServer.create(new InetSocketAddress(ReadScenario.HOST, adminPort), 16);
    side.createContext(
        "/bench/admin/memory/reset-peak", exchange -> answer(exchange, admin.resetPeak()));
    side.createContext(
        "/bench/admin/memory",
        exchange -> {
          String query = exchange.getRequestURI().getQuery();
          answer(exchange, admin.memory(query != null && query.contains("gc=true")));
        });
    side.start();
    DemoServer.configureConsole(); // as main does
    DemoServer demo = DemoServer.start(0, McpChangeBus.local(), McpTaskStore.inMemory());
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  demo.close();
                  side.stop(0);
                  stop.countDown();
                }));
    System.out.println(ChildJvm.READY + demo.port());
    System.out.flush();
    stop.await();
  }

  private static void answer(HttpExchange exchange, String text) throws IOException {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain");
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
