package dev.jaxrsmcp.dropwizard;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.redis.RedisChangeBus;
import dev.jaxrsmcp.redis.RedisTaskStore;
import dev.jaxrsmcp.tasks.McpTasks;

/**
 * The Redis change bus and task store of {@code mcp.redis}; loaded only when a URL is configured,
 * so {@code jaxrs-mcp-redis} stays optional.
 */
final class RedisBackends {
  private RedisBackends() {}

  static void apply(McpFeature.Builder builder, String url, String prefix) {
    builder
        .changeBus(RedisChangeBus.builder(url).channelPrefix(prefix).build())
        .tasks(
            McpTasks.builder()
                .store(RedisTaskStore.builder(url).keyPrefix(prefix).build())
                .build());
  }
}
