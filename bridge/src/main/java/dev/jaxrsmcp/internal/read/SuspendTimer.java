package dev.jaxrsmcp.internal.read;

import dev.jaxrsmcp.internal.subscribe.StreamWriters;
import dev.jaxrsmcp.internal.time.Scheduler;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Times a suspended read for a container that will only suspend without a time limit (Helidon's
 * Jersey container refuses {@code suspend} with a timeout and {@code setSuspendTimeout}): the
 * bridge's timer only schedules, and the timeout runs on a stream writer thread, as the container's
 * own timeout would run off the timer.
 *
 * <p>Thread-safe: every field but the immutable ones is guarded by {@code this}.
 */
final class SuspendTimer {
  private final Scheduler scheduler;
  private final Runnable onTimeout;

  // guarded by this
  private Optional<ScheduledFuture<?>> pending = Optional.empty();
  private boolean ended;

  /**
   * @param onTimeout what the container would have done when the time ran out
   */
  SuspendTimer(Scheduler scheduler, Runnable onTimeout) {
    this.scheduler = scheduler;
    this.onTimeout = onTimeout;
  }

  /**
   * Times out {@code millis} from now, instead of when it was due before; never when {@code millis}
   * is zero or less (no limit, as for a container's suspension), nor once the response ended.
   */
  synchronized void schedule(long millis) {
    pending.ifPresent(task -> task.cancel(false));
    pending = Optional.empty();
    if (!ended && millis > 0) {
      pending =
          Optional.of(
              scheduler.schedule(
                  () -> StreamWriters.execute(this::timeOut), millis, TimeUnit.MILLISECONDS));
    }
  }

  /** The response ended: no timeout any more. */
  synchronized void end() {
    ended = true;
    pending.ifPresent(task -> task.cancel(false));
    pending = Optional.empty();
  }

  private void timeOut() {
    synchronized (this) {
      if (ended) {
        return;
      }
      pending = Optional.empty();
    }
    onTimeout.run();
  }
}
