package dev.jaxrsmcp.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.Observation;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParentingTest {
  @Test
  void anOperationWithoutTraceparentIsAChildOfTheCurrentSpan() {
    try (Telemetry telemetry = new Telemetry()) {
      Observation http = Observation.start("http.server.requests", telemetry.observations);
      try (Observation.Scope scope = http.openScope()) {
        McpOperationContext context = new McpOperationContext("resources/read", Map.of());
        Observation op =
            Observation.createNotStarted(
                    new DefaultMcpOperationConvention(),
                    new DefaultMcpOperationConvention(),
                    () -> context,
                    telemetry.observations)
                .start();
        op.stop();
      }
      http.stop();
      SpanData outer = span(telemetry, "http.server.requests");
      SpanData mcp = span(telemetry, "resources/read");
      assertThat(mcp.getParentSpanId()).isEqualTo(outer.getSpanId());
      assertThat(mcp.getKind()).hasToString("SERVER");
    }
  }

  @Test
  void aTraceparentInMetaIsTheParentAndTheCurrentSpanIsNot() {
    String trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    String parent = "00f067aa0ba902b7";
    try (Telemetry telemetry = new Telemetry()) {
      Observation http = Observation.start("http.server.requests", telemetry.observations);
      try (Observation.Scope scope = http.openScope()) {
        McpOperationContext context =
            new McpOperationContext(
                "tools/call", Map.of("traceparent", "00-" + trace + "-" + parent + "-01"));
        Observation.createNotStarted(
                new DefaultMcpOperationConvention(),
                new DefaultMcpOperationConvention(),
                () -> context,
                telemetry.observations)
            .start()
            .stop();
      }
      http.stop();
      SpanData mcp = span(telemetry, "tools/call");
      assertThat(mcp.getTraceId()).isEqualTo(trace);
      assertThat(mcp.getParentSpanId()).isEqualTo(parent);
    }
  }

  private static SpanData span(Telemetry telemetry, String name) {
    return telemetry.finishedSpans().stream()
        .filter(s -> s.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError(name + " not in " + telemetry.finishedSpans()));
  }
}
