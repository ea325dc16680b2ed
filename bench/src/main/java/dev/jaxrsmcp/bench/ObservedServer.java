package dev.jaxrsmcp.bench;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.demo.DemoApplication;
import dev.jaxrsmcp.demo.WidgetStore;
import dev.jaxrsmcp.micrometer.McpObservations;
import dev.jaxrsmcp.tasks.McpTaskStore;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.UnaryOperator;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.memory.PooledMemoryManager;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The server of the observation part, run in its own JVM: the demo application three times, each on
 * its own Grizzly port of this one JVM (so the three share the machine's and the JIT's state),
 * differing only in observation: {@code off} (no observer; the bridge registers no monitoring
 * listener), {@code noop} (the Micrometer observer on an {@link ObservationRegistry} with no
 * handler, what an application gets when it has Micrometer but observes nothing) and {@code
 * metrics} (the Micrometer observer timing every operation into a {@link SimpleMeterRegistry}, as
 * Spring Boot's Actuator does). The access record is off in all three (it is one logger for the
 * JVM). Prints {@code PORTS off=N noop=N metrics=N}, then {@code READY port=N} (the first).
 */
public final class ObservedServer {
  /** The scenarios' names, in the order their ports are printed. */
  static final List<String> NAMES = List.of("off", "noop", "metrics");

  private static final java.util.logging.Logger ACCESS =
      java.util.logging.Logger.getLogger("dev.jaxrsmcp.access");

  private ObservedServer() {}

  static ResourceConfig application(String observation) {
    UnaryOperator<McpFeature.Builder> observed =
        switch (observation) {
          case "off" -> mcp -> mcp;
          case "noop" ->
              mcp -> mcp.observer(McpObservations.observer(ObservationRegistry.create()));
          case "metrics" -> {
            ObservationRegistry registry = ObservationRegistry.create();
            registry
                .observationConfig()
                .observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
            yield mcp -> mcp.observer(McpObservations.observer(registry));
          }
          default -> throw new IllegalArgumentException("unknown observation " + observation);
        };
    return DemoApplication.create(
            WidgetStore.withSampleWidgets(),
            McpChangeBus.local(),
            McpTaskStore.inMemory(),
            observed::apply)
        .register(BenchRoutes.class)
        .register(AdminRoutes.class);
  }

  public static void main(String[] args) throws Exception {
    ACCESS.setLevel(java.util.logging.Level.WARNING);
    List<HttpServer> servers = new ArrayList<>();
    StringBuilder ports = new StringBuilder("PORTS");
    for (String name : NAMES) {
      HttpServer server =
          GrizzlyHttpServerFactory.createHttpServer(
              URI.create("http://127.0.0.1:0/"), application(name), false);
      for (var listener : server.getListeners()) {
        listener.getKeepAlive().setMaxRequestsCount(-1);
        listener.getTransport().setMemoryManager(new PooledMemoryManager());
      }
      server.start();
      servers.add(server);
      ports
          .append(' ')
          .append(name)
          .append('=')
          .append(server.getListeners().iterator().next().getPort());
    }
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  servers.forEach(HttpServer::shutdownNow);
                  stop.countDown();
                }));
    System.out.println(ports);
    System.out.println(ChildJvm.READY + servers.get(0).getListeners().iterator().next().getPort());
    System.out.flush();
    stop.await();
  }
}
