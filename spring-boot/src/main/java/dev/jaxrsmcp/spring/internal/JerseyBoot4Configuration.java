package dev.jaxrsmcp.spring.internal;

import dev.jaxrsmcp.McpFeature;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.jersey.autoconfigure.ResourceConfigCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Registers the application's {@link McpFeature} bean on its Jersey {@code ResourceConfig} under
 * Spring Boot 4, whose {@code ResourceConfigCustomizer} lives in {@code
 * org.springframework.boot.jersey.autoconfigure}. The condition names the interface as text, so
 * under Spring Boot 3 this class is never loaded (module spring-boot3 serves Boot 3).
 */
@AutoConfiguration(
    afterName = "dev.jaxrsmcp.spring.McpAutoConfiguration",
    beforeName = "org.springframework.boot.jersey.autoconfigure.JerseyAutoConfiguration")
@ConditionalOnClass(name = "org.springframework.boot.jersey.autoconfigure.ResourceConfigCustomizer")
public class JerseyBoot4Configuration {
  /** Registers {@code feature} on the application's {@code ResourceConfig}. */
  @Bean
  public ResourceConfigCustomizer jaxrsMcpResourceConfigCustomizer(McpFeature feature) {
    return config -> config.register(feature);
  }
}
