package dev.jaxrsmcp.internal.subscribe;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads the bridge creates: daemons that inherit no thread-locals from whichever thread happened
 * to start them (an application's request thread may hold a security context or a transaction in an
 * {@link InheritableThreadLocal}).
 */
public final class BridgeThreads {
  private BridgeThreads() {}

  /** Daemon threads all named {@code name}. */
  public static ThreadFactory named(String name) {
    return task -> daemon(task, name);
  }

  /** Daemon threads named {@code prefix} followed by 1, 2, 3... */
  public static ThreadFactory numbered(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return task -> daemon(task, prefix + n.incrementAndGet());
  }

  private static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(null, task, name, 0, false);
    thread.setDaemon(true);
    return thread;
  }
}
