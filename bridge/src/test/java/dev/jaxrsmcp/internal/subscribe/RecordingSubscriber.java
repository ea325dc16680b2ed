package dev.jaxrsmcp.internal.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Records notifications; assertNext waits with a per-event timeout, assertExhausted checks none.
 */
final class RecordingSubscriber implements Subscriber {
  private final BlockingQueue<String> events = new LinkedBlockingQueue<>();

  @Override
  public void resourceUpdated(String uri) {
    events.add("updated " + uri);
  }

  @Override
  public void resourcesListChanged() {
    events.add("list_changed");
  }

  void assertNext(String expected) throws InterruptedException {
    String event = events.poll(5, TimeUnit.SECONDS);
    assertThat(event).as("next event").isEqualTo(expected);
  }

  void assertExhausted(long waitMillis) throws InterruptedException {
    String event = events.poll(waitMillis, TimeUnit.MILLISECONDS);
    assertThat(event).as("no further event").isNull();
  }

  int drain() {
    return events.drainTo(new java.util.ArrayList<>());
  }
}
