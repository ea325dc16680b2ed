package dev.jaxrsmcp.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/** Names a legacy-era session's observation and its key values. */
public interface McpSessionConvention extends ObservationConvention<McpSessionContext> {
  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof McpSessionContext;
  }
}
