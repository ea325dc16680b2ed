package dev.jaxrsmcp.demo;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * A widget's target temperature, the body of {@code PUT /api/widgets/{id}/target}. The constraints
 * are checked by the route and appear in the MCP tool's input schema.
 *
 * @param celsius degrees Celsius, from 5 to 35
 */
public record TargetTemperature(@Min(5) @Max(35) double celsius) {}
