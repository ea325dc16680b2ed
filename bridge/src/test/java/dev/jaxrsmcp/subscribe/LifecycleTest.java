package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.spi.AbstractContainerLifecycleListener;
import org.glassfish.jersey.server.spi.Container;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A container reload gives the application a fresh change hub (subscriptions keep working, the bus
 * is started again after being closed), and shutdown ends every stream with its final result
 * promptly, however many clients stopped reading.
 */
class LifecycleTest {
  static final String URI = "app://items/a";

  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{}";
    }
  }

  /** Captures the container, so the test can reload it. */
  public static final class ContainerHolder extends AbstractContainerLifecycleListener {
    final AtomicReference<Container> container = new AtomicReference<>();

    @Override
    public void onStartup(Container started) {
      container.set(started);
    }
  }

  /** A bus that records its lifecycle and refuses what a closed Redis bus used to refuse. */
  static final class RecordingBus implements McpChangeBus {
    final List<String> log = new CopyOnWriteArrayList<>();
    final AtomicInteger running = new AtomicInteger();

    @Override
    public void start(Consumer<Change> fromOtherInstances) {
      assertThat(running.incrementAndGet()).as("started while running").isEqualTo(1);
      log.add("start");
    }

    @Override
    public void publish(Change change) {}

    @Override
    public void close() {
      running.decrementAndGet();
      log.add("close");
    }
  }

  private TestServer server;
  private final List<Socket> stalled = new ArrayList<>();

  @AfterEach
  void stop() throws IOException {
    for (Socket socket : stalled) {
      socket.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void afterAReloadSubscriptionsAndTheBusWorkAgain() throws Exception {
    RecordingBus bus = new RecordingBus();
    AtomicInteger watching = new AtomicInteger();
    McpFeature feature =
        McpFeature.builder()
            .debounce(Duration.ZERO)
            .changeBus(bus)
            .watch(
                "app://items/{id}",
                t -> {
                  watching.incrementAndGet();
                  return watching::decrementAndGet;
                })
            .build();
    ContainerHolder holder = new ContainerHolder();
    server = TestServer.start(new ResourceConfig(Items.class).register(feature).register(holder));
    try (SseRecorder before = listen(1)) {
      before.next(); // acknowledgement
      assertThat(watching).hasValue(1);

      holder.container.get().reload();

      JsonNode completion = before.next(); // the old application ended its streams
      assertThat(completion.path("result").path("resultType").asText()).isEqualTo("complete");
      before.assertEnds();
    }
    assertThat(watching).as("the old application's watcher stopped").hasValue(0);
    assertThat(bus.log).containsExactly("start", "close", "start");

    try (SseRecorder after = listen(2)) {
      after.next(); // acknowledgement
      assertThat(watching).hasValue(1);

      assertThat(feature.changes().changed(URI)).isEqualTo(1);

      JsonNode updated = after.next();
      assertThat(updated.path("method").asText()).isEqualTo("notifications/resources/updated");
      assertThat(updated.path("params").path("uri").asText()).isEqualTo(URI);
    }
  }

  @Test
  void shutdownGivesHealthyStreamsTheirResultWhateverStalledOnesDo() throws Exception {
    McpFeature feature =
        McpFeature.builder()
            .debounce(Duration.ZERO)
            .maxUnsentBytes(64L << 20) // stalled streams stay open until shutdown
            .watch("app://items/{id}", t -> () -> {})
            .build();
    server = TestServer.start(new ResourceConfig(Items.class).register(feature));
    String big = "app://items/" + "x".repeat(2_000);
    for (int i = 0; i < 6; i++) {
      stalled.add(StalledSockets.listen(server.port(), big));
    }
    List<SseRecorder> healthy = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        SseRecorder stream = listen(10 + i);
        stream.next(); // acknowledgement
        healthy.add(stream);
      }
      for (int i = 0; i < 4_000; i++) {
        feature.changes().changed(big); // 8 MB for each stalled client: their writes block
        if (i % 64 == 0) {
          Thread.yield();
        }
      }

      Thread closer = new Thread(server::close);
      closer.start();

      for (int i = 0; i < healthy.size(); i++) {
        JsonNode completion = healthy.get(i).next();
        assertThat(completion.path("id").asInt()).isEqualTo(10 + i);
        assertThat(completion.path("result").path("resultType").asText()).isEqualTo("complete");
        healthy.get(i).assertEnds();
      }
      closer.join(30_000);
      assertThat(closer.isAlive()).as("shutdown still running after 30 s").isFalse();
      server = null;
    } finally {
      for (SseRecorder stream : healthy) {
        stream.close();
      }
    }
  }

  private SseRecorder listen(int id) throws Exception {
    return SseRecorder.post(
        server.mcpUrl(),
        Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
        Mcp.body(
                id,
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of(URI))))
            .toString());
  }
}
