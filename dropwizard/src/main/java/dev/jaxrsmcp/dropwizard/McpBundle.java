package dev.jaxrsmcp.dropwizard;

import com.codahale.metrics.health.HealthCheck;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.changes.McpChanges;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.ConfiguredBundle;
import io.dropwizard.core.setup.Environment;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Serves MCP from a Dropwizard application: registers the {@link McpFeature} that {@code feature}
 * makes from the application's configuration on its Jersey environment.
 *
 * <pre>{@code
 * private final McpBundle<ReportsConfiguration> mcp =
 *     new McpBundle<>(config -> config.getMcp().build());
 *
 * public void initialize(Bootstrap<ReportsConfiguration> bootstrap) {
 *   bootstrap.addBundle(mcp);
 * }
 * }</pre>
 *
 * <p>{@link McpFactory} is the YAML section ({@code mcp:}) most applications build it from. The
 * bundle runs before the application's {@code run}, so {@link #changes()} is there for the
 * application's own resources and jobs.
 *
 * <p>Every MCP operation is timed in the environment's {@code MetricRegistry} ({@code
 * mcp.server.operation.duration.<method>[.<template or tool>]}, and {@code ....errors} for the
 * failed ones; {@code mcp.server.session.duration} for legacy sessions).
 *
 * <p>When the feature's change bus is Redis's ({@code mcp.redis.url}), the bundle registers the
 * health check {@code mcp-redis}: unhealthy while this instance is cut off from Redis.
 */
public final class McpBundle<C extends Configuration> implements ConfiguredBundle<C> {
  private final Function<? super C, McpFeature> feature;
  private final AtomicReference<Optional<McpFeature>> running =
      new AtomicReference<>(Optional.empty());

  /** A bundle registering the feature {@code feature} makes from the configuration. */
  public McpBundle(Function<? super C, McpFeature> feature) {
    this.feature = Objects.requireNonNull(feature, "feature");
  }

  @Override
  public void run(C configuration, Environment environment) {
    McpFeature made =
        Objects.requireNonNull(
            feature.apply(configuration), "McpBundle: the feature function returned null");
    environment.jersey().register(made);
    environment
        .jersey()
        .property(
            McpFeature.OBSERVERS_PROPERTY,
            withTimers(
                environment.jersey().getProperty(McpFeature.OBSERVERS_PROPERTY),
                new OperationTimers(environment.metrics())));
    if (redisPresent()) {
      HealthCheck redis = RedisHealth.of(made.changeBus());
      if (redis != null) {
        environment.healthChecks().register(RedisHealth.NAME, redis);
      }
    }
    running.set(Optional.of(made));
  }

  private static List<Object> withTimers(Object set, OperationTimers timers) {
    List<Object> observers = new ArrayList<>();
    if (set instanceof Collection<?> many) {
      observers.addAll(many);
    } else if (set != null) {
      observers.add(set);
    }
    observers.add(timers);
    return observers;
  }

  private static boolean redisPresent() {
    try {
      Class.forName("dev.jaxrsmcp.redis.RedisChangeBus", false, McpBundle.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * The registered feature.
   *
   * @throws IllegalStateException before the bundle ran (before the application's {@code run})
   */
  public McpFeature feature() {
    return running
        .get()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "McpBundle.feature() is there once the bundle ran: call it from the"
                        + " application's run(), not from initialize() or a constructor"));
  }

  /** Where the application reports changes to subscribers: the feature's {@code changes()}. */
  public McpChanges changes() {
    return feature().changes();
  }
}
