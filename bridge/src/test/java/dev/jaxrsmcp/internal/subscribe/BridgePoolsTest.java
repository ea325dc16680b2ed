package dev.jaxrsmcp.internal.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.TestServer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/**
 * The bridge's shared pools while applications run and once the last has stopped: idle threads live
 * on while one runs, and none is left when the last application's stop returns, so a stopped web
 * application's class loader is not held by them. Applications start and stop over real Grizzly
 * servers, with two running at once.
 */
class BridgePoolsTest {
  @Test
  void idleThreadsLiveWhileAnApplicationRunsAndEndWithTheLastOnesStop() throws Exception {
    TestServer first = start();
    TestServer second = start();
    try {
      runOnEveryPool(8);
      assertThat(BridgePools.threads()).as("threads just used").isPositive();
      first.close();
      first = null;
      // One application still runs: a keep-alive of 10 s, not of 1 ms, keeps the threads.
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(300));
      assertThat(BridgePools.threads()).as("idle threads, one application running").isPositive();
    } finally {
      if (first != null) {
        first.close();
      }
      second.close();
    }
    assertThat(BridgePools.threads()).as("threads once the last application stopped").isZero();

    // After the last stop, a task still runs (on a new thread, which ends at once) ...
    runOnEveryPool(1);
    // ... and the next application's start makes idle threads live long again.
    TestServer third = start();
    try {
      runOnEveryPool(4);
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(300));
      assertThat(BridgePools.threads()).as("idle threads after a new start").isPositive();
    } finally {
      third.close();
    }
    assertThat(BridgePools.threads()).isZero();
  }

  private static TestServer start() {
    return TestServer.start(new ResourceConfig().register(McpFeature.builder().build()));
  }

  /** Runs {@code n} tasks on each of the writers and the senders at once, and waits for them. */
  private static void runOnEveryPool(int n) throws InterruptedException {
    CountDownLatch all = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(2 * n);
    for (int i = 0; i < n; i++) {
      StreamWriters.execute(() -> awaitThenCount(all, done));
      NonBlockingWrites.execute(() -> awaitThenCount(all, done));
    }
    all.countDown();
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
  }

  private static void awaitThenCount(CountDownLatch all, CountDownLatch done) {
    try {
      all.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    done.countDown();
  }
}
