package dev.jaxrsmcp.internal.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.changes.McpChangeBus;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hub's threads (delivery, the timer that sends trailing notifications) see none of the
 * inheritable thread-locals of the thread that happened to start them.
 */
class BridgeThreadsTest {
  private static final InheritableThreadLocal<String> CALLER = new InheritableThreadLocal<>();
  private static final String URI = "app://widgets/1/state";

  private final ChangeHub hub =
      new ChangeHub(Map.of(), Duration.ofMillis(100), McpChangeBus.local());

  @AfterEach
  void close() {
    CALLER.remove();
    hub.close();
  }

  @Test
  void deliveryAndTimerThreadsInheritNothingFromTheCaller() throws InterruptedException {
    BlockingQueue<String> seen = new LinkedBlockingQueue<>();
    Subscriber subscriber =
        new Subscriber() {
          @Override
          public void resourceUpdated(String uri) {
            seen.add(
                Thread.currentThread().getName()
                    + " sees "
                    + Optional.ofNullable(CALLER.get()).orElse("nothing"));
          }

          @Override
          public void resourcesListChanged() {}
        };
    CALLER.set("the caller's security context");
    hub.subscribe(subscriber, URI, "app://widgets/{id}/state", Map.of("id", "1"), Map.of());

    hub.changed(URI); // sent at once, by a delivery thread started now, from this thread
    hub.changed(URI); // folded into the trailing one, which the timer thread hands over

    List<String> both = List.of(poll(seen), poll(seen));
    assertThat(both).allMatch(s -> s.endsWith(" sees nothing"), "no thread-local inherited");
    assertThat(both).allMatch(s -> s.startsWith("jaxrs-mcp-delivery-"));
  }

  @Test
  void threadsMadeByTheFactoryInheritNothing() throws InterruptedException {
    BlockingQueue<String> seen = new LinkedBlockingQueue<>();
    CALLER.set("the caller's security context");

    Thread thread =
        BridgeThreads.named("probe")
            .newThread(() -> seen.add(Optional.ofNullable(CALLER.get()).orElse("nothing")));
    thread.start();

    assertThat(poll(seen)).isEqualTo("nothing");
    assertThat(thread.isDaemon()).isTrue();
  }

  private static String poll(BlockingQueue<String> queue) throws InterruptedException {
    String value = queue.poll(5, TimeUnit.SECONDS);
    assertThat(value).as("a notification within 5 s").isNotNull();
    return value;
  }
}
