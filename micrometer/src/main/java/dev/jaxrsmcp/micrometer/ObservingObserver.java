package dev.jaxrsmcp.micrometer;

import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.observe.McpOperation;
import dev.jaxrsmcp.observe.McpOutcome;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;

/** The observer {@link McpObservations} builds: one observation per operation or session. */
final class ObservingObserver implements McpObserver {
  private static final DefaultMcpOperationConvention DEFAULT_OPERATIONS =
      new DefaultMcpOperationConvention();
  private static final DefaultMcpSessionConvention DEFAULT_SESSIONS =
      new DefaultMcpSessionConvention();

  private final ObservationRegistry registry;
  private final McpOperationConvention operations;
  private final McpSessionConvention sessions;

  ObservingObserver(
      ObservationRegistry registry,
      McpOperationConvention operations,
      McpSessionConvention sessions) {
    this.registry = registry;
    this.operations = operations;
    this.sessions = sessions;
  }

  @Override
  public Operation started(McpOperation operation) {
    if (registry.isNoop()) {
      return Operation.NONE;
    }
    if (McpObservations.isSession(operation)) {
      McpSessionContext context =
          new McpSessionContext(
              operation.sessionId().orElse(""), operation.protocolVersion().orElse(null));
      Observation observation =
          Observation.createNotStarted(sessions, DEFAULT_SESSIONS, () -> context, registry).start();
      return new Observed(observation, null);
    }
    McpOperationContext context = new McpOperationContext(operation.method(), meta(operation));
    context.protocolVersion(operation.protocolVersion().orElse(null));
    context.sessionId(operation.sessionId().orElse(null));
    context.requestId(operation.requestId().orElse(null));
    context.resourceUri(operation.resourceUri().orElse(null));
    context.toolName(operation.toolName().orElse(null));
    Observation observation =
        Observation.createNotStarted(operations, DEFAULT_OPERATIONS, () -> context, registry)
            .start();
    return new Observed(observation, context);
  }

  private static Map<String, String> meta(McpOperation operation) {
    return operation.traceContext();
  }

  /** One operation's observation. */
  private static final class Observed implements Operation {
    private final Observation observation;
    private final McpOperationContext context;

    Observed(Observation observation, McpOperationContext context) {
      this.observation = observation;
      this.context = context;
    }

    @Override
    public Scope openScope() {
      Observation.Scope scope = observation.openScope();
      return scope::close;
    }

    @Override
    public void event(String name, String detail) {
      observation.event(
          Observation.Event.of(
              McpObservationDocumentation.Events.PROGRESS.getName(), name + " " + detail));
    }

    @Override
    public void ended(McpOutcome outcome) {
      if (context != null) {
        context.caller(outcome.caller());
        context.route(outcome.route().orElse(null));
        context.routeStatus(outcome.routeStatus().orElse(null));
        if (context.toolName().isEmpty()) {
          context.resourceTemplate(outcome.template().orElse(null));
        }
        context.errorType(outcome.errorType().orElse(null));
        context.jsonRpcCode(outcome.errorCode().orElse(null));
        context.bytes(outcome.bytes());
      }
      outcome.errorType().ifPresent(type -> observation.error(new OperationFailed(type)));
      observation.stop();
    }
  }
}
