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
import org.junit.jupiter.api.Test;

/**
 * Stopping a web application that ran the bridge on Tomcat leaves none of the bridge's threads
 * running: Tomcat, which checks for threads a stopped application left, warns of none, and none is
 * alive after the stop. Before, the shared pools' idle writer threads outlived the application by
 * up to ten seconds, holding its class loader, and Tomcat warned of each on every stop.
 */
class TomcatStopTest {
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
    try (LeftBehind left = LeftBehind.watchTomcat()) {
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
        assertThat(LeftBehind.bridgeThreads(thread -> true))
            .as("the bridge's threads while it runs")
            .isNotEmpty();
      }
      assertThat(left.tomcatWarnings())
          .as("what Tomcat warned of as the application stopped")
          .noneMatch(warning -> warning.contains("jaxrs-mcp-"));
      assertThat(LeftBehind.bridgeThreads(thread -> true))
          .as("the bridge's threads after the stop")
          .isEmpty();
    }
  }
}
