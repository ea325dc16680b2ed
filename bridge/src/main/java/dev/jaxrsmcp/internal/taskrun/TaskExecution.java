package dev.jaxrsmcp.internal.taskrun;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.observe.TaskRunWatch;
import dev.jaxrsmcp.internal.protocol.McpCall;

/**
 * The one seam between tasks and the read path: runs a long-running resource's tool read in the
 * background, spooled, with an {@code McpContext} whose progress becomes the task's status message,
 * outliving the HTTP request that created the task. {@link SpooledToolExecution} implements it on
 * the in-process reader.
 */
public interface TaskExecution {

  /**
   * Starts the read and returns at once.
   *
   * @param call the {@code tools/call} that created the task, its caller detached from the request
   *     (its headers, identity and trace context are the route's)
   * @param read the tool's resource, the URI its arguments expand to, and the match
   * @param carried wraps what runs on the task's thread with the creating request's thread context
   * @param watch observes the run (an operation of kind {@code TASK}) for the creating call's
   *     observers
   * @throws JsonRpcException ({@code -32603}) when the read cannot start (too many running, shut
   *     down); nothing runs then
   */
  Run start(
      McpCall call,
      ToolMethods.ToolRead read,
      Listener listener,
      java.util.function.UnaryOperator<Runnable> carried,
      TaskRunWatch watch);

  /** Cancels every run and deletes every spool file; further starts are refused. */
  void shutdown();

  /** One run in flight. */
  interface Run {
    /** Cancels the route (it sees {@code isCancelled()}; its next write fails). Idempotent. */
    void cancel();
  }

  /**
   * Hears how a run goes. Exactly one of {@link #completed} and {@link #failed} is called, on a
   * worker thread, unless the run was cancelled first (then neither is).
   */
  interface Listener {
    /** The route reported progress; {@code message} says it for people. */
    void progress(String message);

    /** The route ended: the tool result ({@code content}, {@code isError} for a refusal). */
    void completed(ObjectNode toolResult);

    /** The read failed at the protocol level (a timeout, a 401, a result too large). */
    void failed(JsonRpcException error);
  }
}
