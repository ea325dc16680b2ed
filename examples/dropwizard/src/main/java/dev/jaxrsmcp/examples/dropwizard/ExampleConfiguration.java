package dev.jaxrsmcp.examples.dropwizard;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.jaxrsmcp.dropwizard.McpFactory;
import io.dropwizard.core.Configuration;

/** config.yml: Dropwizard's own sections plus {@code mcp:}. */
public class ExampleConfiguration extends Configuration {
  @JsonProperty private McpFactory mcp = new McpFactory();

  public McpFactory getMcp() {
    return mcp;
  }
}
