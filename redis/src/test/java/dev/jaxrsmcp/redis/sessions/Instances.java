package dev.jaxrsmcp.redis.sessions;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.redis.RedisChangeBus;
import dev.jaxrsmcp.testing.TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Bridge instances (each a Grizzly server on a free port with its own feature and Redis bus) that
 * share one real Redis under one prefix, and a round-robin pointer over them.
 */
final class Instances implements AutoCloseable {
  /** One instance. */
  record Instance(TestServer server, McpFeature feature, RedisChangeBus bus, Path spool) {
    String url() {
      return server.mcpUrl();
    }

    long spoolFiles() throws IOException {
      if (!Files.isDirectory(spool)) {
        return 0;
      }
      try (Stream<Path> files = Files.walk(spool)) { // spools live in a private directory below
        return files
            .filter(Files::isRegularFile)
            .filter(f -> f.getFileName().toString().endsWith(".spool"))
            .count();
      }
    }
  }

  private final List<Instance> instances = new ArrayList<>();
  private int next;

  static Instances start(String redisUri, int count, UnaryOperator<McpFeature.Builder> settings)
      throws IOException {
    Instances started = new Instances();
    String prefix = "sessions-" + UUID.randomUUID() + ":";
    for (int i = 0; i < count; i++) {
      RedisChangeBus bus =
          RedisChangeBus.builder(redisUri)
              .channelPrefix(prefix)
              .retryInterval(Duration.ofMillis(200))
              .build();
      Path spool = Files.createTempDirectory("sessions-spool");
      McpFeature feature =
          settings
              .apply(
                  McpFeature.builder()
                      .changeBus(bus)
                      .debounce(Duration.ZERO)
                      .spoolDirectory(spool)
                      .longRunningKeepAlive(Duration.ofMillis(100)))
              .build();
      TestServer server = TestServer.start(SessionApp.create().register(feature));
      started.instances.add(new Instance(server, feature, bus, spool));
    }
    return started;
  }

  Instance get(int i) {
    return instances.get(i);
  }

  List<Instance> all() {
    return List.copyOf(instances);
  }

  /** The next instance in turn. */
  Instance next() {
    Instance instance = instances.get(next);
    next = (next + 1) % instances.size();
    return instance;
  }

  boolean connected() {
    return instances.stream().allMatch(i -> i.bus().isConnected());
  }

  @Override
  public void close() {
    for (Instance instance : instances) {
      instance.server().close(); // the feature closes its bus
    }
  }
}
