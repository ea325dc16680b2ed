package dev.jaxrsmcp.internal.slots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.time.Scheduler;
import dev.jaxrsmcp.internal.time.VirtualTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The slots and their queue on their own, on virtual time: who gets a slot when, what leaving gives
 * back, the wait bound to the nanosecond, and the {@code Retry-After} estimate.
 */
class SlotQueueTest {
  final VirtualTime time = new VirtualTime();
  final Scheduler timer = time.newScheduler("test");

  /** Records what became of a queued read. */
  static final class Recorder implements SlotQueue.Waiter {
    final String name;
    final List<String> log;
    Optional<Runnable> release = Optional.empty();

    Recorder(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Override
    public void granted(Runnable release) {
      this.release = Optional.of(release);
      log.add(name + " granted");
    }

    @Override
    public void refused(JsonRpcException error) {
      log.add(name + " refused: " + error.getMessage());
    }
  }

  SlotQueue queue(int max, int maxQueued) {
    return new SlotQueue(
        "maxConcurrentReads",
        "maxQueuedReads",
        "reads",
        max,
        maxQueued,
        Duration.ofSeconds(30),
        "1",
        time,
        timer);
  }

  @Test
  void aSlotGivenBackGoesToTheReadThatWaitedLongest() {
    List<String> log = new ArrayList<>();
    SlotQueue slots = queue(1, 3);
    Runnable first = slots.take("u0", new Recorder("r0", log)).release().orElseThrow();
    Recorder r1 = new Recorder("r1", log);
    Recorder r2 = new Recorder("r2", log);
    assertThat(slots.take("u1", r1).release()).isEmpty();
    assertThat(slots.take("u2", r2).release()).isEmpty();
    // a newcomer queues behind them even at the moment a slot comes back
    first.run();
    first.run(); // once, however often it runs
    assertThat(log).containsExactly("r1 granted");
    assertThat(slots.take("u3", new Recorder("r3", log)).release()).isEmpty();
    r1.release.orElseThrow().run();
    assertThat(log).containsExactly("r1 granted", "r2 granted");
    assertThat(slots.running()).isEqualTo(1);
    assertThat(slots.queued()).isEqualTo(1);
  }

  @Test
  void aReadThatLeavesTheQueueTakesNoSlotAndOneGrantedMeanwhileGoesOn() {
    List<String> log = new ArrayList<>();
    SlotQueue slots = queue(1, 3);
    Runnable first = slots.take("u0", new Recorder("r0", log)).release().orElseThrow();
    SlotQueue.Admission left = slots.take("u1", new Recorder("r1", log));
    slots.take("u2", new Recorder("r2", log));
    left.leave().run();
    assertThat(time.queued()).as("its wait bound went with it").isEqualTo(1);
    first.run();
    assertThat(log).containsExactly("r2 granted");
  }

  @Test
  void aReadWaitsItsBoundExactlyThenIsRefusedWithTheRuleAndTheValue() {
    List<String> log = new ArrayList<>();
    SlotQueue slots = queue(1, 3);
    slots.take("u0", new Recorder("r0", log));
    slots.take("app://a", new Recorder("r1", log));
    time.advanceBy(Duration.ofSeconds(30).minusNanos(1));
    assertThat(log).isEmpty();
    time.advanceBy(Duration.ofNanos(1));
    assertThat(log)
        .containsExactly(
            "r1 refused: Too many reads: waited 30000 ms (maxReadQueueWait) for one of the 1"
                + " slots (maxConcurrentReads); app://a was not read, try again shortly");
    assertThat(slots.queued()).isZero();
  }

  @Test
  void beyondTheQueueRetryAfterIsTheMeanHoldTimesTheReadsAheadOverTheLimit() {
    SlotQueue slots = queue(2, 2);
    List<String> log = new ArrayList<>();
    assertThatThrownBy(() -> fill(slots, log, 4).take("x", new Recorder("x", log)))
        .isInstanceOfSatisfying(
            JsonRpcException.class,
            e -> {
              assertThat(e.httpStatus()).isEqualTo(503);
              assertThat(e.httpHeaders().get("Retry-After")).containsExactly("1"); // none ended
              assertThat(e.getMessage())
                  .isEqualTo(
                      "Too many reads: at most 2 may run at once (maxConcurrentReads) and 2 wait"
                          + " for a slot (maxQueuedReads); x was not read, try again shortly");
            });
  }

  @Test
  void retryAfterFollowsTheObservedHoldTimes() {
    SlotQueue slots = queue(2, 2);
    Runnable a = slots.take("a", new Recorder("a", new ArrayList<>())).release().orElseThrow();
    time.advanceBy(Duration.ofSeconds(40));
    a.run(); // held 40 s: the mean starts there
    Runnable b = slots.take("b", new Recorder("b", new ArrayList<>())).release().orElseThrow();
    time.advanceBy(Duration.ofSeconds(8));
    b.run(); // held 8 s: the mean moves an eighth of the way, to 36 s
    List<String> log = new ArrayList<>();
    fill(slots, log, 4);
    // 36 s a slot, two waiting ahead plus this one, two slots: 36 * 3 / 2 = 54
    assertThatThrownBy(() -> slots.take("x", new Recorder("x", log)))
        .isInstanceOfSatisfying(
            JsonRpcException.class,
            e -> assertThat(e.httpHeaders().get("Retry-After")).containsExactly("54"));
  }

  @Test
  void closingRefusesEveryWaiter() {
    List<String> log = new ArrayList<>();
    SlotQueue slots = fill(queue(1, 2), log, 3);
    slots.close(new JsonRpcException(-32603, "Server is shutting down"));
    assertThat(log)
        .containsExactly(
            "r1 refused: Server is shutting down", "r2 refused: Server is shutting down");
  }

  @Test
  void aLongReadHoldsItsLongSlotWhileItWaitsForAReadSlotAndGivesItBackWhenItLeaves() {
    Settings settings =
        Settings.defaults()
            .with(LimitSettings.MAX_CONCURRENT_READS, 1)
            .with(LimitSettings.MAX_CONCURRENT_LONG_READS, 1);
    ReadSlots slots = new ReadSlots(settings, time, timer);
    List<String> log = new ArrayList<>();
    Runnable plain = slots.take(false, "p", new Recorder("p", log)).release().orElseThrow();
    SlotQueue.Admission waiting = slots.take(true, "l1", new Recorder("l1", log));
    assertThat(waiting.release()).as("no read slot").isEmpty();
    Recorder second = new Recorder("l2", log);
    assertThat(slots.take(true, "l2", second).release()).as("no long-read slot").isEmpty();
    waiting
        .leave()
        .run(); // its long-read slot goes to the next long read, which waits for a read slot
    plain.run();
    assertThat(log).containsExactly("l2 granted");
    second.release.orElseThrow().run();
    assertThat(slots.running()).isZero();
    assertThat(slots.take(true, "l3", new Recorder("l3", log)).release()).isPresent();
  }

  private static SlotQueue fill(SlotQueue slots, List<String> log, int reads) {
    for (int i = 0; i < reads; i++) {
      slots.take("u" + i, new Recorder("r" + i, log));
    }
    return slots;
  }
}
