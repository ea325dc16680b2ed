package dev.jaxrsmcp.spring;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.redis.RedisChangeBus;
import dev.jaxrsmcp.redis.RedisTaskStore;
import dev.jaxrsmcp.tasks.McpTaskStore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With {@code jaxrs-mcp.redis.url} set and {@code jaxrs-mcp-redis} on the classpath: the change bus
 * (which also shares legacy sessions) and the task store on that Redis, unless the application
 * defines its own. Every instance of the service then shares changes, sessions and tasks.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(RedisChangeBus.class)
@ConditionalOnExpression("!'${jaxrs-mcp.redis.url:}'.isEmpty()")
public class McpRedisConfiguration {
  /**
   * Changes and legacy sessions, shared; started and closed by the feature with the application.
   */
  @Bean(destroyMethod = "")
  @ConditionalOnMissingBean(McpChangeBus.class)
  public RedisChangeBus mcpRedisChangeBus(McpProperties properties) {
    return RedisChangeBus.builder(properties.getRedis().getUrl())
        .channelPrefix(properties.getRedis().getPrefix())
        .build();
  }

  /** MCP tasks, shared; closed by the feature when the application stops. */
  @Bean(destroyMethod = "")
  @ConditionalOnMissingBean(McpTaskStore.class)
  public RedisTaskStore mcpRedisTaskStore(McpProperties properties) {
    return RedisTaskStore.builder(properties.getRedis().getUrl())
        .keyPrefix(properties.getRedis().getPrefix())
        .build();
  }
}
