package dev.jaxrsmcp.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names an MCP operation's observation and its key values. Implement it (or extend {@link
 * DefaultMcpOperationConvention}) to add tags, and pass it to {@link
 * McpObservations.Builder#operationConvention}; or register a global convention on the {@code
 * ObservationRegistry}.
 */
public interface McpOperationConvention extends ObservationConvention<McpOperationContext> {
  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof McpOperationContext;
  }
}
