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

  /**
   * The observation of a task's run in the background ({@link McpOperation.Kind#TASK}): not one of
   * the OpenTelemetry MCP conventions' names, which have none for it.
   */
  static final String TASK_NAME = "dev.jaxrsmcp.task.duration";

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

  /** Not while the registry is a no-op (no handler): requests then cost what they do without. */
  @Override
  public boolean isEnabled() {
    return !registry.isNoop();
  }

  @Override
  public Operation started(McpOperation operation) {
    if (registry.isNoop()) {
      return Operation.NONE;
    }
    if (operation.kind() == McpOperation.Kind.TASK) {
      // A task's run: a child of whatever observation is current on the task's thread (the
      // tools/call that created it, when context-propagation carried it), not a server span.
      Observation observation =
          Observation.createNotStarted(TASK_NAME, registry)
              .contextualName("task " + operation.spanName())
              .lowCardinalityKeyValue("mcp.method.name", operation.method())
              .lowCardinalityKeyValue(
                  "gen_ai.tool.name",
                  operation.toolName().orElse(DefaultMcpOperationConvention.NONE))
              .lowCardinalityKeyValue(
                  "mcp.protocol.version",
                  operation.protocolVersion().orElse(DefaultMcpOperationConvention.NONE))
              .highCardinalityKeyValue(
                  "jsonrpc.request.id",
                  operation.requestId().orElse(DefaultMcpOperationConvention.NONE))
              .start();
      return new Observed(observation, null, true);
    }
    if (McpObservations.isSession(operation)) {
      McpSessionContext context =
          new McpSessionContext(
              operation.sessionId().orElse(""), operation.protocolVersion().orElse(null));
      Observation observation =
          Observation.createNotStarted(sessions, DEFAULT_SESSIONS, () -> context, registry).start();
      return new Observed(observation, null, false);
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
    return new Observed(observation, context, false);
  }

  private static Map<String, String> meta(McpOperation operation) {
    return operation.traceContext();
  }

  /** One operation's observation. */
  private static final class Observed implements Operation {
    private final Observation observation;
    private final McpOperationContext context;
    private final boolean task;

    Observed(Observation observation, McpOperationContext context, boolean task) {
      this.observation = observation;
      this.context = context;
      this.task = task;
    }

    @Override
    public Scope openScope() {
      Observation.Scope scope = observation.openScope();
      return scope::close;
    }

    /** Its scope makes the observation current: the route's observation is its child. */
    @Override
    public boolean carriesTrace() {
      return true;
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
      if (task) {
        observation.lowCardinalityKeyValue(
            "error.type", outcome.errorType().orElse(DefaultMcpOperationConvention.NONE));
      }
      outcome.errorType().ifPresent(type -> observation.error(new OperationFailed(type)));
      observation.stop();
    }
  }
}
