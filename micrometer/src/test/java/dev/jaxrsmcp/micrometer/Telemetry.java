package dev.jaxrsmcp.micrometer;

import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.util.List;

/**
 * What an application with Micrometer metrics and tracing through the OpenTelemetry bridge has: an
 * {@link ObservationRegistry} whose observations become timers in a {@link SimpleMeterRegistry} and
 * spans in an in-memory exporter, wired as Spring Boot's Actuator wires them.
 */
final class Telemetry implements AutoCloseable {
  final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  final InMemorySpanExporter spans = InMemorySpanExporter.create();
  final ObservationRegistry observations = ObservationRegistry.create();
  final OtelTracer tracer;
  private final SdkTracerProvider provider;

  Telemetry() {
    provider =
        SdkTracerProvider.builder()
            .setSampler(Sampler.alwaysOn())
            .addSpanProcessor(SimpleSpanProcessor.create(spans))
            .build();
    io.opentelemetry.api.trace.Tracer otel = provider.get("jaxrs-mcp-test");
    OtelCurrentTraceContext current = new OtelCurrentTraceContext();
    tracer = new OtelTracer(otel, current, event -> {});
    OtelPropagator propagator =
        new OtelPropagator(
            ContextPropagators.create(W3CTraceContextPropagator.getInstance()), otel);
    observations
        .observationConfig()
        .observationHandler(new DefaultMeterObservationHandler(meters))
        .observationHandler(
            new FirstMatchingCompositeObservationHandler(
                new PropagatingSenderTracingObservationHandler<>(tracer, propagator),
                new PropagatingReceiverTracingObservationHandler<>(tracer, propagator),
                new DefaultTracingObservationHandler(tracer)));
  }

  List<SpanData> finishedSpans() {
    return spans.getFinishedSpanItems();
  }

  @Override
  public void close() {
    provider.close();
  }
}
