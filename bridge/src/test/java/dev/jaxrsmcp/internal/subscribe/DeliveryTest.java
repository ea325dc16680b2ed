package dev.jaxrsmcp.internal.subscribe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DeliveryTest {
  private final Delivery delivery = new Delivery();

  @AfterEach
  void close() {
    delivery.close(Duration.ofSeconds(1));
  }

  /** Records what it is sent and on which thread; optionally blocks on the first update. */
  private static final class Recorder implements Subscriber {
    final List<String> received = new CopyOnWriteArrayList<>();
    final List<String> threads = new CopyOnWriteArrayList<>();
    final CountDownLatch blocking;
    final CountDownLatch entered = new CountDownLatch(1);

    Recorder(CountDownLatch blocking) {
      this.blocking = blocking;
    }

    @Override
    public void resourceUpdated(String uri) {
      received.add(uri);
      threads.add(Thread.currentThread().getName());
      entered.countDown();
      try {
        blocking.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void resourcesListChanged() {
      received.add("list_changed");
    }

    @Override
    public void overwhelmed() {
      received.add("overwhelmed");
    }
  }

  @Test
  void messagesArriveInOrderOnDeliveryThreadsNeverTheCallers() {
    Recorder recorder = new Recorder(new CountDownLatch(0));
    for (int i = 0; i < 500; i++) {
      String uri = "app://items/" + i;
      delivery.send(recorder, s -> s.resourceUpdated(uri));
    }

    await().atMost(Duration.ofSeconds(10)).until(() -> recorder.received.size() == 500);
    for (int i = 0; i < 500; i++) {
      assertThat(recorder.received.get(i)).isEqualTo("app://items/" + i);
    }
    assertThat(recorder.threads).allSatisfy(t -> assertThat(t).startsWith("jaxrs-mcp-delivery-"));
    await().atMost(Duration.ofSeconds(10)).until(() -> delivery.busy() == 0);
  }

  @Test
  void aBlockedSubscriberDoesNotHoldUpAnother() throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    Recorder stuck = new Recorder(release);
    Recorder other = new Recorder(new CountDownLatch(0));
    delivery.send(stuck, s -> s.resourceUpdated("app://stuck"));
    assertThat(stuck.entered.await(10, TimeUnit.SECONDS)).isTrue();

    delivery.send(other, Subscriber::resourcesListChanged);

    await().atMost(Duration.ofSeconds(10)).until(() -> other.received.contains("list_changed"));
    release.countDown();
  }

  /**
   * Issue 36: a client that keeps up, beside clients that stopped reading while what they subscribe
   * to keeps changing, gets its notification after the turns in progress, not after a turn of each
   * backlog (on Grizzly 20 such clients held a healthy listen's notification behind about a
   * thousand of theirs). Counted: the backlogs' deliveries that ran before it.
   */
  @Test
  void aSubscriberThatKeepsUpDoesNotWaitForOthersBacklogs() throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    List<Recorder> gates = new ArrayList<>();
    for (int i = 0; i < delivery.threads(); i++) {
      Recorder gate = new Recorder(release);
      gates.add(gate);
      delivery.send(gate, s -> s.resourceUpdated("app://gate"));
    }
    for (Recorder gate : gates) {
      assertThat(gate.entered.await(10, TimeUnit.SECONDS)).as("every drainer busy").isTrue();
    }
    int backlogged = 4 * delivery.threads();
    int each = 100;
    AtomicInteger backlogDelivered = new AtomicInteger();
    for (int i = 0; i < backlogged; i++) {
      Recorder behind = new Recorder(new CountDownLatch(0));
      for (int n = 0; n < each; n++) {
        delivery.send(behind, s -> backlogDelivered.incrementAndGet());
      }
    }
    AtomicLong before = new AtomicLong(-1);
    delivery.send(new Recorder(new CountDownLatch(0)), s -> before.set(backlogDelivered.get()));

    release.countDown();

    await().atMost(Duration.ofSeconds(10)).until(() -> before.get() >= 0);
    assertThat(before.get())
        .as("backlogged deliveries before the one of a subscriber that keeps up")
        .isLessThanOrEqualTo((long) delivery.threads() * Delivery.BATCH);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> backlogDelivered.get() == backlogged * each && delivery.busy() == 0);
  }

  @Test
  void aSubscriberTooFarBehindLosesItsQueueAndIsToldOnce() throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    Recorder stuck = new Recorder(release);
    delivery.send(stuck, s -> s.resourceUpdated("app://first"));
    assertThat(stuck.entered.await(10, TimeUnit.SECONDS)).isTrue();
    for (int i = 0; i < Delivery.MAX_PENDING + 100; i++) {
      delivery.send(stuck, Subscriber::resourcesListChanged);
    }

    release.countDown();

    await().atMost(Duration.ofSeconds(10)).until(() -> stuck.received.contains("overwhelmed"));
    await().atMost(Duration.ofSeconds(10)).until(() -> delivery.busy() == 0);
    assertThat(stuck.received).containsExactly("app://first", "overwhelmed");
  }

  @Test
  void aForgottenSubscriberGetsNothingThatWasQueued() throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    Recorder stuck = new Recorder(release);
    delivery.send(stuck, s -> s.resourceUpdated("app://first"));
    assertThat(stuck.entered.await(10, TimeUnit.SECONDS)).isTrue();
    delivery.send(stuck, Subscriber::resourcesListChanged);

    delivery.forget(stuck);
    release.countDown();

    assertThat(delivery.busy()).isZero();
    Thread.sleep(300); // nothing may arrive; there is no event to wait for
    assertThat(stuck.received).containsExactly("app://first");
  }
}
