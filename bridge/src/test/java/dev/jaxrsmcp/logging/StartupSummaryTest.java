package dev.jaxrsmcp.logging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * At start-up an operator reads, in one INFO line of the logger {@code dev.jaxrsmcp.startup}, what
 * the application exposes through MCP.
 */
class StartupSummaryTest {
  @Path("/shop")
  @Produces("text/plain")
  public static class Shop {
    @GET
    @Path("/a")
    @McpResource(uri = "app://shop/a")
    public String a() {
      return "a";
    }

    @GET
    @Path("/b")
    @McpResource(uri = "app://shop/b", subscribe = true)
    public String b() {
      return "b";
    }

    @GET
    @Path("/c")
    @McpResource(uri = "app://shop/c", tool = false)
    public String c() {
      return "c";
    }

    @GET
    @Path("/d")
    @McpResource(uri = "app://shop/d")
    public String d() {
      return "d";
    }

    @GET
    @Path("/e")
    @McpResource(uri = "app://shop/e")
    public String e() {
      return "e";
    }

    @GET
    @Path("/f")
    @McpResource(uri = "app://shop/f")
    public String f() {
      return "f";
    }

    @GET
    @Path("/items/{id}")
    @McpResource(
        uri = "app://shop/items/{id}",
        longRunning = true,
        taskSupport = McpResource.TaskSupport.OPTIONAL)
    public String item(@PathParam("id") String id) {
      return id;
    }
  }

  private final Logger logger = Logger.getLogger("dev.jaxrsmcp.startup");
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    logger.addHandler(handler);
  }

  @AfterEach
  void stopListening() {
    logger.removeHandler(handler);
  }

  @Test
  void oneLineSaysWhatTheApplicationExposes() {
    try (TestServer server =
        TestServer.start(
            new ResourceConfig(Shop.class)
                .register(McpFeature.builder().name("shop").version("2.1").build()))) {
      assertThat(records).hasSize(1);
      LogRecord record = records.get(0);
      assertThat(record.getLevel()).isEqualTo(Level.INFO);
      assertThat(record.getMessage())
          .isEqualTo(
              "MCP endpoint at /mcp under the application's root serves 2026-07-28 and"
                  + " 2025-11-25, 2025-06-18, 2025-03-26 (shop 2.1): 6 resources (a, b, c, d,"
                  + " e, 1 more), 1 template (app://shop/items/{id}), 6 tools (a, b, d, e, f, 1"
                  + " more); 1 subscribable, 1 long-running, 1 task-capable; sessions on this"
                  + " instance, changes on this instance, tasks in this instance's memory");
    }
  }
}
