package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.spi.AbstractContainerLifecycleListener;
import org.glassfish.jersey.server.spi.Container;
import org.junit.jupiter.api.Test;

/** Sessions end when idle for too long and when the container shuts down. */
class LegacyLifetimeTest {
  @Path("/motd")
  public static class Motd {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://motd")
    public String motd() {
      return "hello";
    }
  }

  /** Keeps the running container, so a test can shut the application down itself. */
  static final class ContainerHolder extends AbstractContainerLifecycleListener {
    final AtomicReference<Container> container = new AtomicReference<>();

    @Override
    public void onStartup(Container started) {
      container.set(started);
    }
  }

  /**
   * On virtual time: two sessions start at 0 ms; one is probed exactly at its timeout (alive: idle
   * means longer than the timeout), the other just after it (gone). A probe is activity, hence two
   * sessions; no wall-clock wait decides anything.
   */
  @Test
  void anIdleSessionExpires() throws Exception {
    VirtualTime time = new VirtualTime();
    Duration idle = Duration.ofMillis(200);
    McpFeature feature = McpFeature.builder().sessionIdleTimeout(idle).build();
    try (TestServer server =
        TestServer.start(
            new ResourceConfig(Motd.class).register(feature).property(Time.PROPERTY, time))) {
      Legacy legacy = new Legacy(server.mcpUrl());
      String probedAtItsTimeout = legacy.initialize(Legacy.VERSION).header("Mcp-Session-Id");
      String probedJustAfter = legacy.initialize(Legacy.VERSION).header("Mcp-Session-Id");

      time.advanceTo(idle);
      legacy.call(probedAtItsTimeout, 1, "ping", null).then().statusCode(200);
      time.advanceTo(idle.plusNanos(1));
      legacy.call(probedJustAfter, 1, "ping", null).then().statusCode(404);
      legacy.call(probedAtItsTimeout, 2, "ping", null).then().statusCode(200);
    }
  }

  /**
   * A container reload shuts the running application down (the same shutdown a stopping server
   * runs) and starts a new one, which can still answer over HTTP afterwards.
   */
  @Test
  void shutdownEndsSessionsAndClosesTheirStreams() throws Exception {
    ContainerHolder holder = new ContainerHolder();
    try (TestServer server =
        TestServer.start(
            new ResourceConfig(Motd.class)
                .register(McpFeature.builder().build())
                .register(holder))) {
      Legacy legacy = new Legacy(server.mcpUrl());
      String session = legacy.start();
      try (StreamRecorder stream =
          StreamRecorder.open(
              legacy.url(), Map.of("Accept", "text/event-stream", "Mcp-Session-Id", session))) {
        assertThat(stream.status()).isEqualTo(200);
        holder.container.get().reload();
        stream.assertEnds();
      }
      legacy.call(session, 1, "ping", null).then().statusCode(404);
      legacy.start();
    }
  }
}
