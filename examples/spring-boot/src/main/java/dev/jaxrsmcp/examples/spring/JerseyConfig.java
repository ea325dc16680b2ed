package dev.jaxrsmcp.examples.spring;

import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature;
import org.springframework.stereotype.Component;

/**
 * The Jersey application, served at the root. No MCP code: jaxrs-mcp-spring-boot registers the
 * feature. {@code @RolesAllowed} is checked by Jersey against the servlet request's roles, which
 * Spring Security's filter chain set.
 */
@Component
public class JerseyConfig extends ResourceConfig {
  public JerseyConfig(Counter counter) {
    register(Reports.class);
    register(Audit.class);
    register(Me.class);
    register(Whoami.class);
    register(Exports.class);
    register(counter);
    register(RolesAllowedDynamicFeature.class);
  }
}
