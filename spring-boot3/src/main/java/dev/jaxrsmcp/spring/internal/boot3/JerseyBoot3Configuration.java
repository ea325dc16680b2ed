package dev.jaxrsmcp.spring.internal.boot3;

import dev.jaxrsmcp.McpFeature;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.jersey.ResourceConfigCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Registers the application's {@link McpFeature} bean on its Jersey {@code ResourceConfig} under
 * Spring Boot 3, whose {@code ResourceConfigCustomizer} lives in {@code
 * org.springframework.boot.autoconfigure.jersey}. The condition names the interface as text, so
 * under Spring Boot 4 this class is never loaded.
 */
@AutoConfiguration(
    afterName = "dev.jaxrsmcp.spring.McpAutoConfiguration",
    beforeName = "org.springframework.boot.autoconfigure.jersey.JerseyAutoConfiguration")
@ConditionalOnClass(name = "org.springframework.boot.autoconfigure.jersey.ResourceConfigCustomizer")
public class JerseyBoot3Configuration {
  /** Registers {@code feature} on the application's {@code ResourceConfig}. */
  @Bean
  public ResourceConfigCustomizer jaxrsMcpResourceConfigCustomizer(McpFeature feature) {
    return config -> config.register(feature);
  }
}
