package dev.jaxrsmcp.internal.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpWatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Subscriptions changed from many threads at once: nobody is lost, no watcher leaks, no debounce
 * state stays behind, and a watcher always runs with a remaining subscriber's headers.
 */
class ChangeHubConcurrencyTest {
  private static final String URI = "app://widgets/1/state";
  private static final String TEMPLATE = "app://widgets/{id}/state";
  private static final int THREADS = 8;

  /** Enough for today's main (before the fix) to leak a watcher here on two cores. */
  private static final int RACE_ROUNDS = 200_000;

  private static final int ROUNDS = 3_000;

  private final AtomicInteger running = new AtomicInteger();
  private final List<Map<String, List<String>>> started = new CopyOnWriteArrayList<>();
  private final McpWatcher watcher =
      target -> {
        running.incrementAndGet();
        started.add(target.headers());
        return running::decrementAndGet;
      };
  private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);
  private ChangeHub hub =
      new ChangeHub(Map.of(TEMPLATE, watcher), Duration.ofMillis(50), McpChangeBus.local());

  @AfterEach
  void close() {
    threads.shutdownNow();
    hub.close();
  }

  @Test
  void subscribersRacingUnsubscribersLoseNobodyAndLeakNoWatcher() throws Exception {
    List<RecordingSubscriber> subscribers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      subscribers.add(new RecordingSubscriber());
    }
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      RecordingSubscriber me = subscribers.get(t);
      boolean endSubscribed = t % 2 == 0;
      done.add(
          threads.submit(
              () -> {
                go.await();
                for (int i = 0; i < RACE_ROUNDS; i++) {
                  hub.subscribe(me, URI, TEMPLATE, Map.of("id", "1"), Map.of());
                  if (i % 1024 == 0) {
                    hub.changed(URI);
                  }
                  hub.unsubscribe(me, URI);
                }
                if (endSubscribed) {
                  hub.subscribe(me, URI, TEMPLATE, Map.of("id", "1"), Map.of());
                }
                return null;
              }));
    }
    go.countDown();
    for (Future<?> f : done) {
      f.get(2, TimeUnit.MINUTES);
    }

    assertThat(running).as("watchers running").hasValue(1);
    assertThat(hub.watchedUris()).containsExactly(URI);
    assertThat(hub.changed(URI)).as("subscribers told").isEqualTo(THREADS / 2);

    for (int t = 0; t < THREADS; t += 2) {
      hub.unsubscribe(subscribers.get(t), URI);
    }
    assertThat(running).as("watchers running after everyone left").hasValue(0);
    assertThat(hub.watchedUris()).isEmpty();
    assertThat(hub.subscribedUris()).isZero();
    assertThat(hub.debounceSlots()).as("debounce slots left").isZero();
  }

  @Test
  void changesRacingRemoveAllLeaveNoDebounceSlot() throws Exception {
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      done.add(
          threads.submit(
              () -> {
                go.await();
                for (int i = 0; i < ROUNDS; i++) {
                  RecordingSubscriber gone = new RecordingSubscriber();
                  hub.subscribe(gone, URI, TEMPLATE, Map.of("id", "1"), Map.of());
                  hub.changed(URI);
                  hub.changed(URI);
                  hub.removeAll(gone, List.of(URI));
                  hub.changed(URI);
                }
                return null;
              }));
    }
    go.countDown();
    for (Future<?> f : done) {
      f.get(2, TimeUnit.MINUTES);
    }

    assertThat(hub.debounceSlots()).as("debounce slots left").isZero();
    assertThat(running).hasValue(0);
  }

  @Test
  void aLegacyUnsubscribeDropsItsDebounceSlot() {
    RecordingSubscriber session = new RecordingSubscriber();
    hub.subscribe(session, URI, TEMPLATE, Map.of("id", "1"), Map.of());
    hub.changed(URI);
    assertThat(hub.debounceSlots()).isEqualTo(1);

    hub.unsubscribe(session, URI); // the session stays; only this subscription ends

    assertThat(hub.debounceSlots()).isZero();
  }

  @Test
  void whenTheWatchersSubscriberLeavesItRestartsWithARemainingOnesHeaders() {
    RecordingSubscriber alice = new RecordingSubscriber();
    RecordingSubscriber bob = new RecordingSubscriber();
    Map<String, List<String>> aliceHeaders = Map.of("authorization", List.of("Bearer alice"));
    Map<String, List<String>> bobHeaders = Map.of("authorization", List.of("Bearer bob"));
    hub.subscribe(alice, URI, TEMPLATE, Map.of("id", "1"), aliceHeaders);
    hub.subscribe(bob, URI, TEMPLATE, Map.of("id", "1"), bobHeaders);
    assertThat(started).containsExactly(aliceHeaders);

    hub.unsubscribe(alice, URI);

    assertThat(started).containsExactly(aliceHeaders, bobHeaders);
    assertThat(running).as("one watcher, restarted").hasValue(1);
    hub.unsubscribe(bob, URI);
    assertThat(running).hasValue(0);
  }

  @Test
  void aWatcherIsNotRestartedWhenAnotherSubscriberLeaves() {
    RecordingSubscriber alice = new RecordingSubscriber();
    RecordingSubscriber bob = new RecordingSubscriber();
    Map<String, List<String>> aliceHeaders = Map.of("authorization", List.of("Bearer alice"));
    hub.subscribe(alice, URI, TEMPLATE, Map.of("id", "1"), aliceHeaders);
    hub.subscribe(bob, URI, TEMPLATE, Map.of("id", "1"), Map.of());

    hub.removeAll(bob, List.of(URI));

    assertThat(started).containsExactly(aliceHeaders);
    assertThat(running).hasValue(1);
  }

  @Test
  void aClosedHubIsNeverStartedAgain() {
    hub.close();

    org.assertj.core.api.Assertions.assertThatThrownBy(hub::start)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("this change hub was closed; a new application needs its own");
  }
}
