package dev.jaxrsmcp.spring;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.context.McpContextCarrier;
import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.security.McpCallerKey;
import dev.jaxrsmcp.spring.internal.FeatureFromProperties;
import dev.jaxrsmcp.tasks.McpTaskStore;
import dev.jaxrsmcp.tasks.McpTasks;
import org.glassfish.jersey.server.ResourceConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * Serves MCP from a {@code spring-boot-starter-jersey} application: an {@link McpFeature} bean
 * built from {@link McpProperties} ({@code jaxrs-mcp.*}), unless the application defines its own,
 * is registered on the application's {@link ResourceConfig} (by a {@code ResourceConfigCustomizer}
 * of the running Spring Boot line), and the feature's {@link McpChanges} is a bean to inject. An
 * {@link McpChangeBus} bean, when there is one, carries changes between instances; {@code
 * jaxrs-mcp.redis.url} makes one (and a task store) on Redis ({@link McpRedisConfiguration}).
 */
@AutoConfiguration(
    beforeName = {
      "org.springframework.boot.jersey.autoconfigure.JerseyAutoConfiguration",
      "org.springframework.boot.autoconfigure.jersey.JerseyAutoConfiguration"
    })
@ConditionalOnClass({ResourceConfig.class, McpFeature.class})
@EnableConfigurationProperties(McpProperties.class)
@Import(McpRedisConfiguration.class)
public class McpAutoConfiguration {
  /**
   * The feature from {@code jaxrs-mcp.*}; not created when the application defines one. The
   * application's beans, when it has them: the {@link McpChangeBus}, the {@link McpTaskStore} (both
   * made from {@code jaxrs-mcp.redis.url} when it is set), the {@link McpCallerKey} and the {@link
   * McpContextCarrier}s and the {@link McpObserver}s (in their order; {@link
   * McpObservationAutoConfiguration} makes one when the application has an {@code
   * ObservationRegistry}).
   */
  @Bean
  @ConditionalOnMissingBean
  public McpFeature mcpFeature(
      McpProperties properties,
      ObjectProvider<McpChangeBus> changeBus,
      ObjectProvider<McpTaskStore> taskStore,
      ObjectProvider<McpCallerKey> callerKey,
      ObjectProvider<McpContextCarrier> carriers,
      ObjectProvider<McpObserver> observers) {
    McpFeature.Builder builder = FeatureFromProperties.builder(properties);
    changeBus.ifAvailable(builder::changeBus);
    taskStore.ifAvailable(store -> builder.tasks(McpTasks.builder().store(store).build()));
    callerKey.ifAvailable(builder::callerKey);
    carriers.orderedStream().forEach(builder::contextCarrier);
    observers.orderedStream().forEach(builder::observer);
    return builder.build();
  }

  /** Where the application reports changes to subscribers: the feature's {@code changes()}. */
  @Bean
  @ConditionalOnMissingBean
  public McpChanges mcpChanges(McpFeature feature) {
    return feature.changes();
  }
}
