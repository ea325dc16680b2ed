package dev.jaxrsmcp.internal.subscribe;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The lifetime of the bridge's thread pools that serve every application of their class loader
 * (stream writers, non-blocking senders, queued reads): while an application runs the bridge, an
 * idle thread lives {@value #IDLE_SECONDS} s; once the last one stopped, idle threads end at once,
 * and the stop waits (up to {@link #STOP_WAIT}) until they have. So a stopped web application's
 * class loader is not held by the bridge's idle threads, and its container finds none of them left
 * (Tomcat warns of every thread a stopped application left running). The pools need no shutdown: a
 * task after the last stop runs on a new thread, and the next application's start makes threads
 * live long again. Thread-safe.
 */
public final class BridgePools {
  /** How long an idle thread lives while an application runs the bridge. */
  public static final int IDLE_SECONDS = 10;

  /** How long the last application's stop waits for the idle threads to end. */
  static final Duration STOP_WAIT = Duration.ofSeconds(2);

  private static final List<ThreadPoolExecutor> POOLS = new CopyOnWriteArrayList<>();
  private static int running;

  /** Whether the last application stopped (and none started since). */
  private static boolean quiet;

  private BridgePools() {}

  /**
   * Puts {@code pool} under this lifetime: its threads, core ones included, end after being idle
   * for as long as the applications' state says.
   */
  public static synchronized ThreadPoolExecutor managed(ThreadPoolExecutor pool) {
    pool.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
    pool.allowCoreThreadTimeOut(true);
    if (quiet) {
      idleThreadsEnd(pool); // first used after the last application stopped
    }
    POOLS.add(pool);
    return pool;
  }

  /** An application that runs the bridge started; once for each start. */
  public static synchronized void started() {
    if (running++ == 0) {
      quiet = false;
      for (ThreadPoolExecutor pool : POOLS) {
        pool.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
      }
    }
  }

  /**
   * An application that {@link #started} stopped; after the last, idle threads end, and this waits
   * (up to {@link #STOP_WAIT}) until the pools have none left. A thread still busy (a write to a
   * client that does not read) ends when its task does.
   */
  public static void stopped() {
    synchronized (BridgePools.class) {
      if (running == 0 || --running > 0) {
        return;
      }
      quiet = true;
      POOLS.forEach(BridgePools::idleThreadsEnd);
    }
    long deadline = System.nanoTime() + STOP_WAIT.toNanos();
    while (threads() > 0 && isStopped() && System.nanoTime() < deadline) {
      LockSupport.parkNanos(
          TimeUnit.MILLISECONDS.toNanos(5)); // polls: a pool tells no thread's end
    }
  }

  /** The threads of all the pools alive now. */
  static int threads() {
    return POOLS.stream().mapToInt(ThreadPoolExecutor::getPoolSize).sum();
  }

  private static synchronized boolean isStopped() {
    return quiet;
  }

  /** Lowering the keep-alive wakes the idle threads, which then end. */
  private static void idleThreadsEnd(ThreadPoolExecutor pool) {
    pool.setKeepAliveTime(1, TimeUnit.MILLISECONDS);
  }
}
