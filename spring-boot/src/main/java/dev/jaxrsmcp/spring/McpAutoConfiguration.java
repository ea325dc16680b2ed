package dev.jaxrsmcp.spring;

import dev.jaxrsmcp.McpChangeBus;
import dev.jaxrsmcp.McpChanges;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.spring.internal.FeatureFromProperties;
import org.glassfish.jersey.server.ResourceConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Serves MCP from a {@code spring-boot-starter-jersey} application: an {@link McpFeature} bean
 * built from {@link McpProperties} ({@code jaxrs-mcp.*}), unless the application defines its own,
 * is registered on the application's {@link ResourceConfig} (by a {@code ResourceConfigCustomizer}
 * of the running Spring Boot line), and the feature's {@link McpChanges} is a bean to inject. An
 * {@link McpChangeBus} bean, when there is one, carries changes between instances.
 */
@AutoConfiguration(
    beforeName = {
      "org.springframework.boot.jersey.autoconfigure.JerseyAutoConfiguration",
      "org.springframework.boot.autoconfigure.jersey.JerseyAutoConfiguration"
    })
@ConditionalOnClass({ResourceConfig.class, McpFeature.class})
@EnableConfigurationProperties(McpProperties.class)
public class McpAutoConfiguration {
  /** The feature from {@code jaxrs-mcp.*}; not created when the application defines one. */
  @Bean
  @ConditionalOnMissingBean
  public McpFeature mcpFeature(McpProperties properties, ObjectProvider<McpChangeBus> changeBus) {
    McpFeature.Builder builder = FeatureFromProperties.builder(properties);
    changeBus.ifAvailable(builder::changeBus);
    return builder.build();
  }

  /** Where the application reports changes to subscribers: the feature's {@code changes()}. */
  @Bean
  @ConditionalOnMissingBean
  public McpChanges mcpChanges(McpFeature feature) {
    return feature.changes();
  }
}
