package dev.jaxrsmcp.dropwizard;

import com.codahale.metrics.health.HealthCheck;
import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.redis.RedisChangeBus;

/**
 * The health check {@code mcp-redis}: healthy while the Redis change bus is connected (both
 * connections open and the channel subscribed to), unhealthy with what the bus says of itself when
 * not. While it is unhealthy this instance neither hears other instances' changes nor reaches
 * shared sessions. Loaded only when the feature's change bus is a {@code RedisChangeBus}, so {@code
 * jaxrs-mcp-redis} stays optional.
 */
final class RedisHealth extends HealthCheck {
  /** The name the check is registered under. */
  static final String NAME = "mcp-redis";

  private final RedisChangeBus bus;

  private RedisHealth(RedisChangeBus bus) {
    this.bus = bus;
  }

  /** The check for {@code bus}, when it is Redis's; else null. */
  static HealthCheck of(McpChangeBus bus) {
    return bus instanceof RedisChangeBus redis ? new RedisHealth(redis) : null;
  }

  @Override
  protected Result check() {
    return bus.isConnected()
        ? Result.healthy("connected, channel %s", bus.channel())
        : Result.unhealthy("not connected: %s", bus.describe());
  }
}
