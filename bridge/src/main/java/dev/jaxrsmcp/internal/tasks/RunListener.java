package dev.jaxrsmcp.internal.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.taskrun.TaskExecution;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * Hears one run of a task running here and writes its end into the store: {@code completed} with
 * the tool result, or {@code failed} with the error, unless the task ended otherwise first
 * (cancelled, failed elsewhere). Either way the task is then forgotten here.
 *
 * <p>Thread safety: called on the route's thread; every write is a compare-and-set in the store.
 */
final class RunListener implements TaskExecution.Listener {
  private static final System.Logger LOG = System.getLogger(Tasks.class.getName());

  private final RunningTask running;
  private final TaskRecords records;
  private final Clock clock;

  RunListener(RunningTask running, TaskRecords records, Clock clock) {
    this.running = running;
    this.records = records;
    this.clock = clock;
  }

  @Override
  public void progress(String message) {
    running.message = Optional.of(message);
  }

  @Override
  public void completed(ObjectNode toolResult) {
    Instant now = clock.instant();
    finished(t -> t.completed(toolResult, running.message, now));
  }

  @Override
  public void failed(JsonRpcException error) {
    Instant now = clock.instant();
    finished(
        t ->
            t.failed(TaskErrors.error(error), "Tool execution failed: " + error.getMessage(), now));
  }

  private void finished(Function<TaskState, TaskState> end) {
    try {
      records.update(
          running.id,
          t -> t.status() == TaskStatus.WORKING ? Optional.of(end.apply(t)) : Optional.empty());
    } catch (JsonRpcException e) {
      LOG.log(System.Logger.Level.WARNING, "task " + running.id + " ended but was not stored");
    } finally {
      running.forget();
    }
  }
}
