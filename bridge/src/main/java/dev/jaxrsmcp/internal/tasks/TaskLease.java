package dev.jaxrsmcp.internal.tasks;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * The lease of a working task: the instance running it renews it every third of a poll interval;
 * any instance fails a task whose lease lapsed (its running instance died or lost the store).
 *
 * <p>Thread safety: immutable; every write is a compare-and-set in the store.
 */
final class TaskLease {
  private final TaskRecords records;
  private final Clock clock;
  private final String instance;
  private final long leaseMs;

  /**
   * @param instance the id of this instance, written into the tasks it runs
   */
  TaskLease(TaskRecords records, Clock clock, String instance, long pollMs) {
    this.records = records;
    this.clock = clock;
    this.instance = instance;
    this.leaseMs = leaseMillis(pollMs);
  }

  /**
   * How long a lease lasts: three poll intervals, and at least 2 seconds, renewed every third of a
   * poll interval. One interval was too short: an instance that is merely slow for a moment (a
   * loaded machine, a collection pause) had its running tasks failed by another instance.
   */
  static long leaseMillis(long pollMs) {
    return Math.max(3 * pollMs, 2_000);
  }

  /** How often the running instance renews: every third of a poll interval. */
  static long renewEveryMillis(long pollMs) {
    return Math.max(1, pollMs / 3);
  }

  /** When a lease taken or renewed at {@code now} lapses. */
  Instant until(Instant now) {
    return now.plusMillis(leaseMs);
  }

  /**
   * A working task whose running instance stopped renewing its lease ends {@code failed}: the
   * instance died or lost the store.
   */
  TaskState check(TaskState task) {
    Instant now = clock.instant();
    if (task.status() != TaskStatus.WORKING || !now.isAfter(task.leaseUntil())) {
      return task;
    }
    String message =
        "Task failed: the server instance running it stopped renewing its lease at "
            + task.leaseUntil()
            + " (it stopped, or lost the task store)";
    return records
        .update(
            task.id(),
            t ->
                t.status() == TaskStatus.WORKING && now.isAfter(t.leaseUntil())
                    ? Optional.of(
                        t.failed(
                            TaskErrors.error(ErrorCodes.INTERNAL_ERROR, message), message, now))
                    : Optional.empty())
        .orElse(task);
  }

  /**
   * Renews the lease of a task running here (with its latest progress message), and stops it when
   * it is no longer working: cancelled or failed elsewhere, or gone.
   */
  void renew(RunningTask running) {
    Instant now = clock.instant();
    Optional<TaskState> after;
    try {
      after =
          records.update(
              running.id,
              t ->
                  t.status() == TaskStatus.WORKING && t.instance().equals(instance)
                      ? Optional.of(t.renewed(until(now), running.message, now))
                      : Optional.empty());
    } catch (JsonRpcException e) {
      return; // logged by the store; the lease lapses if this goes on
    }
    if (after.isEmpty() || after.get().status() != TaskStatus.WORKING) {
      running.stop(); // cancelled or failed elsewhere, or gone
    }
  }
}
