package dev.jaxrsmcp.internal.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.internal.time.VirtualTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hub's debounce runs on a {@link VirtualTime}: a test says exactly when each notification is
 * due ("nothing at 199 ms, the trailing one at 200 ms"). Delivery stays on its real thread, so a
 * notification handed over is awaited, and a check that none came waits a little real time: it can
 * let a bug through on a very slow machine, never fail a correct hub.
 */
class ChangeHubTest {
  private static final Duration WINDOW = Duration.ofMillis(200);

  private static final String URI = "app://widgets/1/state";
  private static final String TEMPLATE = "app://widgets/{id}/state";

  private final List<String> log = new ArrayList<>();
  private final AtomicInteger running = new AtomicInteger();
  private final McpWatcher watcher =
      target -> {
        synchronized (log) {
          log.add("start " + target.uri() + " " + target.variables());
        }
        running.incrementAndGet();
        return () -> {
          synchronized (log) {
            log.add("stop " + target.uri());
          }
          running.decrementAndGet();
        };
      };
  private final VirtualTime time = new VirtualTime();
  private ChangeHub hub =
      new ChangeHub(Map.of(TEMPLATE, watcher), WINDOW, McpChangeBus.local(), time);

  @AfterEach
  void close() {
    hub.close();
  }

  @Test
  void firstChangeOfAQuietPeriodIsSentAtOnce() throws InterruptedException {
    // No virtual time passes: only a leading edge can arrive; a hub that waited for the window (a
    // trailing edge only) fails here, however loaded the machine.
    RecordingSubscriber subscriber = new RecordingSubscriber();
    hub.subscribe(subscriber, URI, TEMPLATE, Map.of("id", "1"), Map.of());

    assertThat(hub.changed(URI)).isEqualTo(1);

    subscriber.assertNext("updated " + URI);
    assertThat(time.elapsed()).as("sent at 0 ms").isZero();
    assertThat(hub.changed(URI)).as("a second change within the window is held back").isEqualTo(1);
    time.advanceTo(WINDOW.minusMillis(1));
    subscriber.assertExhausted(400);
  }

  @Test
  void burstOfFiftyChangesYieldsOneOrTwoNotificationsAndOneAfterTheLast()
      throws InterruptedException {
    RecordingSubscriber subscriber = new RecordingSubscriber();
    hub.subscribe(subscriber, URI, TEMPLATE, Map.of("id", "1"), Map.of());

    for (int i = 0; i < 50; i++) {
      hub.changed(URI);
      time.advanceBy(Duration.ofMillis(1)); // the burst lasts 50 ms, within one window
    }

    subscriber.assertNext("updated " + URI); // leading edge, at 0 ms
    assertThat(time.nextDue()).as("the trailing edge is due when the window ends").contains(WINDOW);
    time.advanceTo(WINDOW.minusMillis(1));
    subscriber.assertExhausted(200); // nothing at 199 ms
    time.advanceTo(WINDOW);
    subscriber.assertNext("updated " + URI); // trailing edge at 200 ms, after the last change
    time.advanceBy(Duration.ofHours(1));
    subscriber.assertExhausted(600); // exactly two
  }

  @Test
  void aChangeInsideTheWindowIsSentWhenTheWindowEndsNotAWindowAfterIt()
      throws InterruptedException {
    RecordingSubscriber subscriber = new RecordingSubscriber();
    hub.subscribe(subscriber, URI, TEMPLATE, Map.of("id", "1"), Map.of());

    hub.changed(URI); // sent at 0 ms: the window runs until 200 ms
    subscriber.assertNext("updated " + URI);
    time.advanceTo(Duration.ofMillis(150));
    hub.changed(URI);

    time.advanceTo(WINDOW.minusMillis(1));
    subscriber.assertExhausted(200);
    time.advanceTo(WINDOW);
    subscriber.assertNext("updated " + URI);
    assertThat(time.queued()).as("nothing else due").isZero();
  }

  @Test
  void changeAfterTheWindowIsSentAgain() throws InterruptedException {
    RecordingSubscriber subscriber = new RecordingSubscriber();
    hub.subscribe(subscriber, URI, TEMPLATE, Map.of("id", "1"), Map.of());

    hub.changed(URI);
    subscriber.assertNext("updated " + URI);
    time.advanceTo(WINDOW); // the window has ended: the next change is a new quiet period's first
    hub.changed(URI);

    subscriber.assertNext("updated " + URI); // at once, at 200 ms: no time passes
    assertThat(time.elapsed()).isEqualTo(WINDOW);
    assertThat(time.queued()).as("no trailing notification scheduled").isZero();
    subscriber.assertExhausted(400);
  }

  @Test
  void unsubscribedUrisAreNotNotified() throws InterruptedException {
    RecordingSubscriber subscriber = new RecordingSubscriber();
    hub.subscribe(subscriber, URI, TEMPLATE, Map.of("id", "1"), Map.of());

    assertThat(hub.changed("app://widgets/2/state")).isZero();

    subscriber.assertExhausted(300);
  }

  @Test
  void oneWatcherPerUriSharedBySubscribersAndStoppedByTheLast() {
    RecordingSubscriber a = new RecordingSubscriber();
    RecordingSubscriber b = new RecordingSubscriber();

    hub.subscribe(a, URI, TEMPLATE, Map.of("id", "1"), Map.of());
    hub.subscribe(b, URI, TEMPLATE, Map.of("id", "1"), Map.of());
    assertThat(running).hasValue(1);
    assertThat(hub.watchedUris()).containsExactly(URI);

    hub.removeAll(b, List.of(URI)); // not the watcher's first subscriber: nothing restarts
    assertThat(running).hasValue(1);
    hub.unsubscribe(a, URI);
    hub.unsubscribe(a, URI); // idempotent

    assertThat(running).hasValue(0);
    assertThat(hub.watchedUris()).isEmpty();
    assertThat(log).containsExactly("start " + URI + " {id=1}", "stop " + URI);
  }

  @Test
  void watcherCallbackNotifiesSubscribers() throws InterruptedException {
    List<McpWatcher.Target> targets = new ArrayList<>();
    hub.close();
    hub =
        new ChangeHub(
            Map.of(
                TEMPLATE,
                target -> {
                  targets.add(target);
                  return () -> {};
                }),
            Duration.ZERO,
            McpChangeBus.local());
    RecordingSubscriber subscriber = new RecordingSubscriber();
    hub.subscribe(
        subscriber, URI, TEMPLATE, Map.of("id", "1"), Map.of("authorization", List.of("x")));

    targets.get(0).changed();

    subscriber.assertNext("updated " + URI);
    assertThat(targets.get(0).headers()).containsEntry("authorization", List.of("x"));
  }

  @Test
  void listChangesReachListListenersOnly() throws InterruptedException {
    RecordingSubscriber listener = new RecordingSubscriber();
    RecordingSubscriber other = new RecordingSubscriber();
    hub.listenToListChanges(listener);
    hub.subscribe(other, URI, TEMPLATE, Map.of("id", "1"), Map.of());

    assertThat(hub.listChanged()).isEqualTo(1);

    listener.assertNext("list_changed");
    other.assertExhausted(200);
  }

  @Test
  void aFailingWatcherDoesNotBreakTheSubscription() throws InterruptedException {
    hub.close();
    hub =
        new ChangeHub(
            Map.of(
                TEMPLATE,
                target -> {
                  throw new IllegalStateException("boom");
                }),
            Duration.ZERO,
            McpChangeBus.local());
    RecordingSubscriber subscriber = new RecordingSubscriber();
    hub.subscribe(subscriber, URI, TEMPLATE, Map.of("id", "1"), Map.of());

    hub.changed(URI);

    subscriber.assertNext("updated " + URI);
  }
}
