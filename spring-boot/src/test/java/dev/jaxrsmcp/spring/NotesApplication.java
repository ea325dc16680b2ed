package dev.jaxrsmcp.spring;

import org.glassfish.jersey.server.ResourceConfig;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** A spring-boot-starter-jersey application with one resource class and no MCP code at all. */
@SpringBootConfiguration
@EnableAutoConfiguration
public class NotesApplication {
  @Bean
  ResourceConfig jersey() {
    return new ResourceConfig(Notes.class);
  }
}
