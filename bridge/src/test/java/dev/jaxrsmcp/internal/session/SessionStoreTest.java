package dev.jaxrsmcp.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The session store on a test clock. Durations are hours, so the background sweep (which runs on
 * real time) never runs during a test; the tests call {@link SessionStore#sweep()} themselves.
 */
class SessionStoreTest {
  static final Duration IDLE = Duration.ofHours(1);
  static final Duration KEEP_ALIVE = Duration.ofHours(1);

  final AtomicLong clock = new AtomicLong(1_000);
  final SessionStore store = new SessionStore(IDLE, KEEP_ALIVE, clock::get);

  /** A stream that records what is written to it and can be made to fail. */
  static final class RecordingStream implements NotificationStream {
    final List<ObjectNode> sent = new ArrayList<>();
    int keepAlives;
    boolean open = true;
    boolean broken;

    @Override
    public synchronized boolean send(ObjectNode message) {
      if (!open || broken) {
        open = false;
        return false;
      }
      sent.add(message);
      return true;
    }

    @Override
    public synchronized boolean keepAlive() {
      if (!open || broken) {
        open = false;
        return false;
      }
      keepAlives++;
      return true;
    }

    @Override
    public synchronized boolean isOpen() {
      return open;
    }

    @Override
    public synchronized void close() {
      open = false;
    }
  }

  Session create() {
    return store.create("2025-11-25", JsonNodeFactory.instance.objectNode(), Optional.empty());
  }

  void advance(Duration by) {
    clock.addAndGet(by.toNanos());
  }

  @Test
  void idsAre128RandomBitsInVisibleAscii() {
    for (int i = 0; i < 50; i++) {
      String id = create().id();
      assertThat(id).matches("[A-Za-z0-9_-]{22}");
      assertThat(Base64.getUrlDecoder().decode(id)).hasSize(16);
    }
    assertThat(store.size()).isEqualTo(50);
  }

  @Test
  void aSessionLivesUntilItHasBeenIdleLongerThanTheTimeout() {
    Session session = create();
    advance(IDLE);
    assertThat(store.find(session.id())).contains(session);
    advance(IDLE);
    assertThat(store.find(session.id())).isEmpty();
    assertThat(session.isEnded()).isTrue();
  }

  @Test
  void activityRestartsTheIdleClock() {
    Session session = create();
    advance(IDLE.minusMinutes(1));
    session.touch();
    advance(IDLE.minusMinutes(1));
    assertThat(store.find(session.id())).contains(session);
  }

  @Test
  void aRequestInFlightKeepsTheSessionAlive() {
    Session session = create();
    session.enter();
    advance(IDLE.multipliedBy(3));
    store.sweep();
    assertThat(store.find(session.id())).contains(session);
    session.exit();
    advance(IDLE.plusNanos(1));
    assertThat(store.find(session.id())).isEmpty();
  }

  @Test
  void anOpenStreamKeepsTheSessionAliveAndGetsKeepAlives() {
    Session session = create();
    RecordingStream stream = new RecordingStream();
    session.attach(stream);
    advance(IDLE.multipliedBy(3));
    store.sweep();
    assertThat(store.find(session.id())).contains(session);
    assertThat(stream.keepAlives).isEqualTo(1);
    store.sweep();
    assertThat(stream.keepAlives).as("no second keep-alive within the interval").isEqualTo(1);
  }

  @Test
  void aDeadStreamIsNoticedByTheKeepAliveAndTheSessionThenExpires() {
    Session session = create();
    RecordingStream stream = new RecordingStream();
    session.attach(stream);
    advance(IDLE.multipliedBy(3));
    stream.broken = true;
    store.sweep();
    assertThat(session.stream()).isEmpty();
    assertThat(store.find(session.id())).as("idle time counts from the stream's end").isPresent();
    advance(IDLE.plusNanos(1));
    store.sweep();
    assertThat(session.isEnded()).isTrue();
    assertThat(store.size()).isZero();
  }

  @Test
  void theSweepEndsIdleSessionsAndRunsTheirEndListeners() {
    Session session = create();
    AtomicInteger ended = new AtomicInteger();
    session.onEnd(ended::incrementAndGet);
    advance(IDLE.plusNanos(1));
    store.sweep();
    assertThat(store.size()).isZero();
    assertThat(ended).hasValue(1);
    session.onEnd(ended::incrementAndGet);
    assertThat(ended).as("a listener added after the end runs at once").hasValue(2);
  }

  @Test
  void endingASessionClosesItsStream() {
    Session session = create();
    RecordingStream stream = new RecordingStream();
    session.attach(stream);
    assertThat(store.end(session.id())).isTrue();
    assertThat(stream.open).isFalse();
    assertThat(store.find(session.id())).isEmpty();
    assertThat(store.end(session.id())).isFalse();
  }

  @Test
  void aNewStreamReplacesAndClosesTheOldOne() {
    Session session = create();
    RecordingStream first = new RecordingStream();
    RecordingStream second = new RecordingStream();
    session.attach(first);
    session.attach(second);
    assertThat(first.open).isFalse();
    assertThat(session.stream()).containsSame(second);
  }

  @Test
  void notificationsGoToTheOpenStreamOnly() {
    Session session = create();
    ObjectNode message = JsonNodeFactory.instance.objectNode().put("method", "x");
    assertThat(session.notify(message)).isFalse();
    RecordingStream stream = new RecordingStream();
    session.attach(stream);
    assertThat(session.notify(message)).isTrue();
    assertThat(stream.sent).containsExactly(message);
    stream.broken = true;
    assertThat(session.notify(message)).isFalse();
    assertThat(session.stream()).isEmpty();
  }

  @Test
  void shutdownEndsEverySessionAndRefusesNewOnes() {
    Session one = create();
    Session two = create();
    RecordingStream stream = new RecordingStream();
    two.attach(stream);
    store.shutdown();
    assertThat(one.isEnded()).isTrue();
    assertThat(two.isEnded()).isTrue();
    assertThat(stream.open).isFalse();
    assertThat(store.size()).isZero();
    assertThatThrownBy(this::create)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the MCP endpoint is shutting down");
  }

  @Test
  void aStreamAttachedToAnEndedSessionIsClosedAtOnce() {
    Session session = create();
    store.end(session.id());
    RecordingStream stream = new RecordingStream();
    session.attach(stream);
    assertThat(stream.open).isFalse();
    assertThat(session.stream()).isEmpty();
  }
}
