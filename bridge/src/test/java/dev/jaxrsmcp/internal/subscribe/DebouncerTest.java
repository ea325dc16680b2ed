package dev.jaxrsmcp.internal.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.internal.time.VirtualTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The debouncer on its own, on a {@link VirtualTime}, with a subscription check that counts its
 * calls: a change to 10,000 subscribers runs {@code submit} 10,000 times on the caller's thread, so
 * it looks a subscription up only when it makes a slot (the check that no slot outlives its
 * subscription), not on every change.
 */
class DebouncerTest {
  private static final Duration WINDOW = Duration.ofMillis(200);
  private static final String URI = "app://widgets/1/state";

  private final VirtualTime time = new VirtualTime();
  private final List<String> sent = new ArrayList<>();
  private final AtomicInteger checks = new AtomicInteger();
  private final AtomicBoolean subscribed = new AtomicBoolean(true);
  private final Subscriber subscriber = new RecordingSubscriber();
  private final Debouncer debouncer =
      new Debouncer(
          WINDOW,
          time.newScheduler("debounce"),
          time::nanoTime,
          (s, uri) -> sent.add(uri),
          (s, uri) -> {
            checks.incrementAndGet();
            return subscribed.get();
          });

  @Test
  void aSubscriptionIsLookedUpOnlyWhenItsSlotIsMade() {
    for (int i = 0; i < 3; i++) {
      debouncer.submit(subscriber, URI);
      time.advanceBy(WINDOW.multipliedBy(2));
    }

    assertThat(sent).containsExactly(URI, URI, URI);
    assertThat(checks).hasValue(1);
    assertThat(debouncer.size()).isEqualTo(1);
  }

  @Test
  void aSlotMadeForASubscriptionThatEndedIsNotKeptAndNothingIsSent() {
    subscribed.set(false); // it ended between the hub reading its subscribers and this submit

    debouncer.submit(subscriber, URI);

    assertThat(sent).isEmpty();
    assertThat(debouncer.size()).isZero();
  }

  @Test
  void afterForgetTheNextSubmitChecksTheSubscriptionAgain() {
    debouncer.submit(subscriber, URI);
    debouncer.forget(subscriber, URI);
    subscribed.set(false);

    debouncer.submit(subscriber, URI);

    assertThat(sent).containsExactly(URI);
    assertThat(checks).hasValue(2);
    assertThat(debouncer.size()).isZero();
  }
}
