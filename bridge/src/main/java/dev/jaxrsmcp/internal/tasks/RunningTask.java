package dev.jaxrsmcp.internal.tasks;

import dev.jaxrsmcp.internal.taskrun.TaskExecution;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;

/**
 * A task whose route runs on this instance: its route, the running quota it holds, its latest
 * progress message and its lease and expiry timers. It is in the map of tasks running here until it
 * stops or its route ends.
 *
 * <p>Thread safety: fields are volatile; the route's thread, the timer thread and request threads
 * may call any method.
 */
final class RunningTask {
  final String id;
  private final Runnable release;
  private final Map<String, RunningTask> local;
  volatile Optional<String> message = Optional.empty();
  volatile TaskExecution.Run run = () -> {};
  volatile ScheduledFuture<?> renewal;
  volatile ScheduledFuture<?> expiry;

  /**
   * @param release gives back the running quota the task holds
   * @param local the tasks running here, which the task leaves when it is forgotten
   */
  RunningTask(String id, Runnable release, Map<String, RunningTask> local) {
    this.id = id;
    this.release = release;
    this.local = local;
  }

  /** Stops the route (its spool goes) and forgets the task here. */
  void stop() {
    run.cancel();
    forget();
  }

  /** Forgets the task here: leaves the map, gives back its quota, cancels its timers. */
  void forget() {
    local.remove(id, this);
    release.run(); // its running quota

    ScheduledFuture<?> r = renewal;
    if (r != null) {
      r.cancel(false);
    }
    ScheduledFuture<?> x = expiry;
    if (x != null) {
      x.cancel(false);
    }
  }
}
