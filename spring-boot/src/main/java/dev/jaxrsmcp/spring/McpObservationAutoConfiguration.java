package dev.jaxrsmcp.spring;

import dev.jaxrsmcp.micrometer.McpObservations;
import dev.jaxrsmcp.observe.McpObserver;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * Observes every MCP operation through the application's {@link ObservationRegistry} when it has
 * one (Spring Boot Actuator makes it): the timer {@code mcp.server.operation.duration} at {@code
 * /actuator/metrics}, and spans when Micrometer Tracing is there. {@code
 * jaxrs-mcp.observations.enabled=false} turns it off; a bean named {@code mcpObservations} replaces
 * it (for example one built by {@code McpObservations.builder} with a convention of your own).
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration"
    },
    before = McpAutoConfiguration.class)
@ConditionalOnClass({ObservationRegistry.class, McpObservations.class})
@ConditionalOnBean(ObservationRegistry.class)
@ConditionalOnProperty(
    prefix = "jaxrs-mcp.observations",
    name = "enabled",
    havingValue = "true",
    matchIfMissing = true)
public class McpObservationAutoConfiguration {
  /** The observer the feature built from {@code jaxrs-mcp.*} registers. */
  @Bean
  @ConditionalOnMissingBean(name = "mcpObservations")
  public McpObserver mcpObservations(ObservationRegistry registry) {
    return McpObservations.observer(registry);
  }
}
