package dev.jaxrsmcp.internal.observe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The W3C trace context a client put in a request's {@code params._meta}, as the OpenTelemetry
 * conventions for MCP ask (unprefixed keys, SEP-414): {@code traceparent}, {@code tracestate} and
 * {@code baggage}, those that are strings, each cut at {@link RequestAttributes#MAX_VALUE}.
 */
record TraceContext(Map<String, String> values) {
  private static final List<String> KEYS = List.of("traceparent", "tracestate", "baggage");

  static Optional<TraceContext> of(JsonNode meta) {
    if (meta == null || !meta.isObject()) {
      return Optional.empty();
    }
    Map<String, String> values = null; // most messages carry none: no map for them
    for (String key : KEYS) {
      JsonNode value = meta.get(key);
      if (value != null && value.isTextual()) {
        values = values == null ? new HashMap<>() : values;
        values.put(key, RequestAttributes.bounded(value.asText()));
      }
    }
    return values == null ? Optional.empty() : Optional.of(new TraceContext(Map.copyOf(values)));
  }
}
