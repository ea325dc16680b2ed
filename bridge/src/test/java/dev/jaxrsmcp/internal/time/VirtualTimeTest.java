package dev.jaxrsmcp.internal.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class VirtualTimeTest {
  private final VirtualTime time = new VirtualTime();
  private final Scheduler scheduler = time.newScheduler("test");
  private final List<String> ran = new ArrayList<>();

  private Runnable record(String name) {
    return () -> ran.add(name + "@" + time.elapsed().toMillis());
  }

  @Test
  void aTaskRunsAtItsDueTimeAndNotBefore() {
    scheduler.schedule(record("a"), 200, TimeUnit.MILLISECONDS);

    time.advanceTo(Duration.ofMillis(199));
    assertThat(ran).isEmpty();
    time.advanceTo(Duration.ofMillis(200));
    assertThat(ran).containsExactly("a@200");
  }

  @Test
  void dueTasksRunInOrderEachAtItsOwnTime() {
    scheduler.schedule(record("c"), 300, TimeUnit.MILLISECONDS);
    scheduler.schedule(record("a"), 100, TimeUnit.MILLISECONDS);
    time.newScheduler("other").schedule(record("b"), 200, TimeUnit.MILLISECONDS);

    time.advanceBy(Duration.ofSeconds(1));

    assertThat(ran).containsExactly("a@100", "b@200", "c@300");
    assertThat(time.elapsed()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void tasksDueAtTheSameInstantRunInTheOrderTheyWereScheduled() {
    for (String name : List.of("x", "y", "z")) {
      scheduler.schedule(record(name), 5, TimeUnit.MILLISECONDS);
    }
    time.advanceBy(Duration.ofMillis(5));
    assertThat(ran).containsExactly("x@5", "y@5", "z@5");
  }

  @Test
  void aTaskScheduledByATaskRunsInTheSameAdvanceWhenDue() {
    scheduler.schedule(
        () -> {
          ran.add("first@" + time.elapsed().toMillis());
          scheduler.schedule(record("second"), 50, TimeUnit.MILLISECONDS);
        },
        100,
        TimeUnit.MILLISECONDS);

    time.advanceBy(Duration.ofMillis(149));
    assertThat(ran).containsExactly("first@100");
    time.advanceBy(Duration.ofMillis(1));
    assertThat(ran).containsExactly("first@100", "second@150");
  }

  @Test
  void aZeroDelayRunsOnlyWhenTheTestSays() {
    scheduler.schedule(record("now"), 0, TimeUnit.MILLISECONDS);
    assertThat(ran).isEmpty();
    time.runDue();
    assertThat(ran).containsExactly("now@0");
  }

  @Test
  void fixedDelayAndFixedRateRepeat() {
    scheduler.scheduleWithFixedDelay(record("d"), 10, 30, TimeUnit.MILLISECONDS);
    scheduler.scheduleAtFixedRate(record("r"), 0, 40, TimeUnit.MILLISECONDS);

    time.advanceBy(Duration.ofMillis(100));

    // At 40 both are due: r was put back in the queue first (at 0, d at 10), so it runs first.
    assertThat(ran).containsExactly("r@0", "d@10", "r@40", "d@40", "d@70", "r@80", "d@100");
  }

  @Test
  void aCancelledTaskLeavesTheQueueAtOnceAndNeverRuns() {
    ScheduledFuture<?> task = scheduler.schedule(record("a"), 1, TimeUnit.HOURS);
    assertThat(scheduler.queued()).isEqualTo(1);

    assertThat(task.cancel(false)).isTrue();

    assertThat(scheduler.queued()).isZero();
    time.advanceBy(Duration.ofHours(2));
    assertThat(ran).isEmpty();
    assertThat(task.isCancelled()).isTrue();
  }

  @Test
  void aPeriodicTaskCancelledByItselfStops() {
    ScheduledFuture<?>[] self = new ScheduledFuture<?>[1];
    self[0] =
        scheduler.scheduleAtFixedRate(
            () -> {
              ran.add("tick@" + time.elapsed().toMillis());
              if (ran.size() == 2) {
                self[0].cancel(false);
              }
            },
            10,
            10,
            TimeUnit.MILLISECONDS);

    time.advanceBy(Duration.ofMillis(100));

    assertThat(ran).containsExactly("tick@10", "tick@20");
    assertThat(time.queued()).isZero();
  }

  @Test
  void aPeriodicTaskThatThrowsIsNotRunAgain() {
    scheduler.scheduleAtFixedRate(
        () -> {
          ran.add("boom@" + time.elapsed().toMillis());
          throw new IllegalStateException("boom");
        },
        10,
        10,
        TimeUnit.MILLISECONDS);

    time.advanceBy(Duration.ofMillis(100));

    assertThat(ran).containsExactly("boom@10");
  }

  @Test
  void aShutDownSchedulerDropsItsTasksAndRefusesNewOnes() {
    Scheduler other = time.newScheduler("other");
    scheduler.schedule(record("gone"), 10, TimeUnit.MILLISECONDS);
    other.schedule(record("kept"), 10, TimeUnit.MILLISECONDS);

    scheduler.shutdown();

    assertThatThrownBy(() -> scheduler.schedule(record("late"), 1, TimeUnit.MILLISECONDS))
        .isInstanceOf(RejectedExecutionException.class);
    time.advanceBy(Duration.ofMillis(10));
    assertThat(ran).containsExactly("kept@10");
  }

  @Test
  void theClockAndNanoTimeMoveTogetherAndOnlyWhenTold() {
    assertThat(time.clock().instant()).isEqualTo(VirtualTime.EPOCH);
    assertThat(time.nanoTime()).isZero();

    time.advanceBy(Duration.ofMillis(1_500));

    assertThat(time.nanoTime()).isEqualTo(1_500_000_000L);
    assertThat(time.clock().instant()).isEqualTo(VirtualTime.EPOCH.plusMillis(1_500));
    assertThat(time.clock().millis()).isEqualTo(VirtualTime.EPOCH.toEpochMilli() + 1_500);
  }

  @Test
  void timeDoesNotGoBack() {
    time.advanceBy(Duration.ofSeconds(1));
    assertThatThrownBy(() -> time.advanceTo(Duration.ofMillis(999)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("time does not go back: at PT1S, asked for PT0.999S");
  }

  @Test
  void theSchedulersMadeAreNamed() {
    time.newScheduler("jaxrs-mcp-tasks");
    assertThat(time.schedulers()).containsExactly("test", "jaxrs-mcp-tasks");
    assertThat(time.nextDue()).isEmpty();
    scheduler.schedule(record("a"), 7, TimeUnit.MILLISECONDS);
    assertThat(time.nextDue()).contains(Duration.ofMillis(7));
  }
}
