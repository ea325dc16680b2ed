package dev.jaxrsmcp.demo;

import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.redis.RedisChangeBus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Demo servers on free ports sharing one Redis, as {@code REDIS_URL} makes them share it. */
public final class DemoCluster implements AutoCloseable {
  private final List<DemoServer> servers = new ArrayList<>();
  private final List<RedisChangeBus> buses = new ArrayList<>();

  /** Starts {@code count} demos on the Redis at {@code redisUri}; returns once all connected. */
  public static DemoCluster start(String redisUri, int count) {
    DemoCluster cluster = new DemoCluster();
    for (int i = 0; i < count; i++) {
      RedisChangeBus bus = (RedisChangeBus) DemoServer.redis(redisUri);
      cluster.buses.add(bus);
      cluster.servers.add(DemoServer.start(0, bus));
    }
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> cluster.buses.stream().allMatch(RedisChangeBus::isConnected));
    return cluster;
  }

  public List<DemoServer> all() {
    return List.copyOf(servers);
  }

  public List<Integer> ports() {
    return servers.stream().map(DemoServer::port).toList();
  }

  @Override
  public void close() {
    servers.forEach(DemoServer::close);
  }
}
