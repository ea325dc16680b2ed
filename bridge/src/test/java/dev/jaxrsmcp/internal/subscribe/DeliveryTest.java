package dev.jaxrsmcp.internal.subscribe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
