package dev.jaxrsmcp.observe;

/**
 * Watches every MCP operation the endpoint serves, for metrics, traces or an audit log: told when
 * an operation starts, given a scope to open around the route it runs, told of its progress, and
 * told once when it ended, with its {@link McpOutcome}. The bridge's own access record (logger
 * {@code dev.jaxrsmcp.access}) is one; register more with {@link
 * dev.jaxrsmcp.McpFeature.Builder#observer(McpObserver)}. An adapter onto Micrometer's {@code
 * Observation} is a few lines:
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .observer(operation -> {
 *       Observation observation = Observation.createNotStarted("mcp.server.operation", registry)
 *           .contextualName(operation.spanName())           // "resources/read app://people/1"
 *           .lowCardinalityKeyValue("mcp.method.name", operation.method())
 *           .start();
 *       return new McpObserver.Operation() {
 *         public McpObserver.Scope openScope() {
 *           Observation.Scope scope = observation.openScope(); // the route's spans are children
 *           return scope::close;
 *         }
 *         public void event(String name, String detail) {
 *           observation.event(Observation.Event.of(name, detail));
 *         }
 *         public void ended(McpOutcome outcome) {
 *           outcome.template().ifPresent(t -> observation.lowCardinalityKeyValue("mcp.template", t));
 *           outcome.errorType().ifPresent(e -> observation.lowCardinalityKeyValue("error.type", e));
 *           observation.stop();
 *         }
 *       };
 *     })
 *     .build();
 * }</pre>
 *
 * <p><b>When each call comes.</b> {@link #started} runs on the thread that will run the route, once
 * the bridge has read the MCP message and before Jersey matches the route (for a request the bridge
 * refused before that, just before it ends). {@link Operation#openScope()} is called right after,
 * on that thread, and its scope is closed on that thread when Jersey is done with the request
 * there: after the response was written for a synchronous route, when the resource method returned
 * for one that suspended ({@code @Suspended AsyncResponse}, SSE), before the method for a
 * {@code @ManagedAsync} one. {@link Operation#ended} runs exactly once, on whichever thread ended
 * the operation (a resumed async read ends on the thread that resumed it; a listen or a session on
 * the thread that closed it); it may come before the scope is closed when an async route is resumed
 * by another thread before its method returned.
 *
 * <p><b>What is an operation.</b> Each JSON-RPC request or notification posted to the endpoint
 * ({@link McpOperation.Kind#REQUEST}, {@link McpOperation.Kind#NOTIFICATION}), from its arrival to
 * its response's last byte; a modern {@code subscriptions/listen} ({@link
 * McpOperation.Kind#LISTEN}) lasts until its stream closes; a legacy session ({@link
 * McpOperation.Kind#SESSION}, started by {@code initialize} on this instance) from its handshake to
 * its end (DELETE, idle expiry or shutdown), besides the {@code initialize} request itself.
 *
 * <p>Observers must be thread-safe and quick: they run on request threads. An observer that throws
 * is logged once (logger {@code dev.jaxrsmcp.observe}) and skipped for that call; the read goes on.
 */
@FunctionalInterface
public interface McpObserver {

  /**
   * Whether this observer watches operations now. Asked once per request to the endpoint, before
   * anything else: when no observer is enabled the request is not watched at all, and costs no more
   * than with no observer (Jersey makes no monitoring events for it). An adapter onto a registry
   * that may be a no-op answers whether it is one ({@code !registry.isNoop()}). True by default.
   */
  default boolean isEnabled() {
    return true;
  }

  /**
   * An operation started. Returns what to tell of it from now on, or {@link Operation#NONE} to
   * ignore it (for example for a kind of operation the observer does not measure).
   */
  Operation started(McpOperation operation);

  /** One observed operation: the calls about it, each with a no-op default. */
  interface Operation {
    /** Ignores the operation. */
    Operation NONE = new Operation() {};

    /**
     * Opens the observer's scope on the current thread (for example makes the operation's span
     * current), so that what the route does on this thread is attributed to the operation. Closed
     * on the same thread.
     */
    default Scope openScope() {
      return Scope.NONE;
    }

    /**
     * Whether {@link #openScope()} makes this operation's trace the current one on the thread (a
     * tracing observer's span). Then the route's request carries none of the client's trace headers
     * ({@code traceparent}, {@code tracestate}, {@code baggage}, {@code b3} and {@code X-B3-*},
     * whether sent on the HTTP request or in {@code _meta}), so that the application's HTTP tracing
     * makes the route's span a child of this operation's span, not of the client's. False by
     * default: the client's trace headers reach the route as other headers do.
     */
    default boolean carriesTrace() {
      return false;
    }

    /**
     * Something happened during the operation: {@code progress} of a long-running read or task
     * (detail: {@code "3/10"}, or {@code "3"} without a total, then the message if any).
     */
    default void event(String name, String detail) {}

    /** The operation ended; called exactly once. */
    default void ended(McpOutcome outcome) {}
  }

  /** Undoes an {@link Operation#openScope()}; must not throw. */
  @FunctionalInterface
  interface Scope extends AutoCloseable {
    /** Does nothing. */
    Scope NONE = () -> {};

    @Override
    void close();
  }
}
