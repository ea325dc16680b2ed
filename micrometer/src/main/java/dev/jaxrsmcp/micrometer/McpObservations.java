package dev.jaxrsmcp.micrometer;

import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.observe.McpOperation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;

/**
 * Every MCP operation as a Micrometer {@code Observation}, so that one instrumentation gives
 * metrics (a timer {@code mcp.server.operation.duration} per method, tool and resource template)
 * and, with Micrometer Tracing, spans ({@code resources/read}, {@code tools/call lookup}) that
 * follow the OpenTelemetry semantic conventions for MCP. The route an operation runs in place runs
 * inside the operation's scope, so the spans the application makes there are its children. Legacy
 * sessions are observed as {@code mcp.server.session.duration}.
 *
 * <pre>{@code
 * ObservationRegistry registry = ...; // Spring Boot's bean, or your own with its handlers
 * ResourceConfig app = new ResourceConfig(Widgets.class)
 *     .register(McpFeature.builder()
 *         .observer(McpObservations.observer(registry))
 *         .build());
 * }</pre>
 *
 * <p>On Spring Boot with Actuator the starter does this by itself; see docs/observability.md.
 */
public final class McpObservations {
  private McpObservations() {}

  /** An observer with the conventions' defaults. */
  public static McpObserver observer(ObservationRegistry registry) {
    return builder(registry).build();
  }

  /** A builder for an observer with conventions of your own. */
  public static Builder builder(ObservationRegistry registry) {
    return new Builder(registry);
  }

  /** Builds the observer. */
  public static final class Builder {
    private final ObservationRegistry registry;
    private McpOperationConvention operations;
    private McpSessionConvention sessions;

    private Builder(ObservationRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * The convention for operations, in place of {@link DefaultMcpOperationConvention}; a global
     * convention registered on the registry still takes precedence, as Micrometer has it.
     */
    public Builder operationConvention(McpOperationConvention convention) {
      this.operations = Objects.requireNonNull(convention, "convention");
      return this;
    }

    /** The convention for sessions, in place of {@link DefaultMcpSessionConvention}. */
    public Builder sessionConvention(McpSessionConvention convention) {
      this.sessions = Objects.requireNonNull(convention, "convention");
      return this;
    }

    /** The observer to register with {@code McpFeature.Builder.observer}. */
    public McpObserver build() {
      return new ObservingObserver(registry, operations, sessions);
    }
  }

  static boolean isSession(McpOperation operation) {
    return operation.kind() == McpOperation.Kind.SESSION;
  }
}
