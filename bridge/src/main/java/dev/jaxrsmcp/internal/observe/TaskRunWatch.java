package dev.jaxrsmcp.internal.observe;

import dev.jaxrsmcp.observe.McpOperation;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Optional;

/**
 * Observes a task's run in the background as an operation of its own ({@link
 * McpOperation.Kind#TASK}), started with the observers of the {@code tools/call} that created the
 * task: taken from that call's request while it is alive, started on the task's thread when the
 * route starts, ended when it ends. Without observers it does nothing.
 */
public final class TaskRunWatch {
  private static final TaskRunWatch NONE = new TaskRunWatch(null, "anonymous", Optional.empty());

  private final Observed creating;
  private final String caller;
  private final Optional<String> template;

  private TaskRunWatch(Observed creating, String caller, Optional<String> template) {
    this.creating = creating;
    this.caller = caller;
    this.template = template;
  }

  /** The watch of a task that the call of {@code request} creates. */
  public static TaskRunWatch of(ContainerRequestContext request) {
    return Observed.of(request)
        .map(
            o ->
                new TaskRunWatch(
                    o,
                    RequestAttributes.callerOf(request),
                    RequestAttributes.property(request, RequestAttributes.TEMPLATE)))
        .orElse(NONE);
  }

  /** A watch that observes nothing. */
  public static TaskRunWatch none() {
    return NONE;
  }

  /** Starts the run's operation on this thread, its observers' scopes open until it ends. */
  public Run start() {
    if (creating == null) {
      return new Run(null);
    }
    McpOperation call = creating.operation();
    Observed run =
        creating.startAlso(
            new McpOperation(
                McpOperation.Kind.TASK,
                call.method(),
                call.protocolVersion(),
                call.sessionId(),
                call.requestId(),
                call.resourceUri(),
                call.toolName(),
                call.traceContext()));
    run.openScopes();
    return new Run(run);
  }

  /** One run being observed; ended once, on the thread that started it. */
  public final class Run {
    private final Observed run;

    private Run(Observed run) {
      this.run = run;
    }

    /**
     * Whether an observer's scope makes the run's trace current: then the route's request takes no
     * trace headers from the creating call's {@code _meta} ({@link Observed#carriesTrace()}).
     */
    public boolean carriesTrace() {
      return run.carriesTrace();
    }

    /** The route reported progress. */
    public void progress(String message) {
      if (run != null) {
        run.event("progress", message);
      }
    }

    /** The route ended and its tool result was built: {@code toolError} for a refusal. */
    public void completed(int routeStatus, boolean toolError, long bytes) {
      if (run != null) {
        run.routeStatus(routeStatus);
        if (toolError) {
          run.toolError();
        }
        end(bytes);
      }
    }

    /** The run failed with this JSON-RPC error. */
    public void failed(int code) {
      if (run != null) {
        run.errorCode(code);
        end(0);
      }
    }

    /** The task was cancelled (or the server shut down) before its route ended. */
    public void cancelled() {
      if (run != null) {
        run.thrown("cancelled");
        end(0);
      }
    }

    private void end(long bytes) {
      run.closeScopes();
      run.end(200, caller, Optional.empty(), template, bytes);
    }
  }
}
