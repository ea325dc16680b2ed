package dev.jaxrsmcp.dropwizard;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.observe.McpOperation;
import dev.jaxrsmcp.observe.McpOutcome;
import java.util.concurrent.TimeUnit;

/**
 * MCP operations in the environment's {@link MetricRegistry}: a timer per method and what it named
 * at low cardinality ({@code mcp.server.operation.duration.resources/read.app://notes/{id}}, {@code
 * ...tools/call.lookup}, {@code ...tools/list}), another for the failed ones ({@code ....errors}),
 * and {@code mcp.server.session.duration} for legacy sessions. A template, never a concrete URI,
 * names a timer, so their number stays that of the application's resources.
 */
final class OperationTimers implements McpObserver {
  static final String OPERATIONS = "mcp.server.operation.duration";
  static final String SESSIONS = "mcp.server.session.duration";

  private final MetricRegistry registry;

  OperationTimers(MetricRegistry registry) {
    this.registry = registry;
  }

  @Override
  public Operation started(McpOperation operation) {
    // A task's run is timed apart from the tools/call that created it (both would count as calls).
    String method =
        operation.kind() == McpOperation.Kind.TASK
            ? "task." + operation.method()
            : operation.method();
    boolean session = operation.kind() == McpOperation.Kind.SESSION;
    return new Operation() {
      @Override
      public void ended(McpOutcome outcome) {
        long nanos = outcome.duration().toNanos();
        if (session) {
          registry.timer(SESSIONS).update(nanos, TimeUnit.NANOSECONDS);
          return;
        }
        String name =
            outcome
                .template()
                .map(target -> MetricRegistry.name(OPERATIONS, method, target))
                .orElseGet(() -> MetricRegistry.name(OPERATIONS, method));
        Timer timer = registry.timer(name);
        timer.update(nanos, TimeUnit.NANOSECONDS);
        if (outcome.failed()) {
          registry.timer(name + ".errors").update(nanos, TimeUnit.NANOSECONDS);
        }
      }
    };
  }
}
