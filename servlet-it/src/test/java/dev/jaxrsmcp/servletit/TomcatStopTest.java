package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Stopping a web application that ran the bridge on Tomcat leaves none of the bridge's threads
 * running: Tomcat, which checks for threads a stopped application left, warns of none, and none is
 * alive after the stop. Before, the shared pools' idle writer threads outlived the application by
 * up to ten seconds, holding its class loader, and Tomcat warned of each on every stop.
 */
class TomcatStopTest {
  /** Tomcat's logger for what a stopped application left behind. */
  static final String LEAKS = "org.apache.catalina.loader.WebappClassLoaderBase";

  @Path("/stop")
  public static class Slow {
    @GET
    @Path("/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://stop/{id}", longRunning = true)
    public String read(@PathParam("id") String id) throws InterruptedException {
      Thread.sleep(300); // keep-alives go out meanwhile, from the bridge's writer threads
      return "read " + id;
    }
  }

  @Test
  void stoppingTheApplicationLeavesNoBridgeThreadRunning() throws Exception {
    List<String> warnings = new CopyOnWriteArrayList<>();
    Logger leaks = Logger.getLogger(LEAKS);
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
              warnings.add(String.valueOf(record.getMessage()));
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    leaks.addHandler(handler);
    try {
      try (ServletApp app =
              new ServletApp(
                  IdentityHolder.Mode.PLAIN,
                  builder -> builder.longRunningKeepAlive(Duration.ofMillis(50)),
                  Slow.class);
          ServletServer server =
              TomcatServer.start(app, "127.0.0.1", Map.of("processorCache", "0"))) {
        List<Socket> reads = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          reads.add(StalledStreams.read(server, "app://stop/" + i));
        }
        for (int i = 0; i < reads.size(); i++) {
          assertThat(StalledStreams.drain(reads.get(i))).contains("read " + i);
          reads.get(i).close();
        }
        assertThat(bridgeThreads()).as("the bridge's threads while it runs").isNotEmpty();
      }
      assertThat(warnings)
          .as("what Tomcat warned of as the application stopped")
          .noneMatch(warning -> warning.contains("jaxrs-mcp-"));
      assertThat(bridgeThreads()).as("the bridge's threads after the stop").isEmpty();
    } finally {
      leaks.removeHandler(handler);
    }
  }

  /** The live threads of the bridge's shared pools. */
  private static List<String> bridgeThreads() {
    List<String> names = new ArrayList<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      String name = thread.getName();
      if (name.startsWith("jaxrs-mcp-writer-")
          || name.startsWith("jaxrs-mcp-sender-")
          || name.startsWith("jaxrs-mcp-queued-read-")) {
        names.add(name);
      }
    }
    return names;
  }
}
