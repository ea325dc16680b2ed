package dev.jaxrsmcp.internal.subscribe;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads the bridge creates: daemons that inherit nothing from whichever thread happened to start
 * them. No thread-locals (an application's request thread may hold a security context or a
 * transaction in an {@link InheritableThreadLocal}), and not its context class loader: a thread's
 * is the bridge's own class loader. When several web applications share one copy of the bridge (its
 * jar in the container's {@code lib/}), a pool thread one application's request started serves the
 * others too, and lives on after that application stopped; with the application's class loader it
 * would hold the stopped application in memory, and the container would warn of it. Work that runs
 * an application's code on these threads sets that application's loader for its run ({@code
 * ThreadContexts}).
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
    thread.setContextClassLoader(BridgeThreads.class.getClassLoader());
    return thread;
  }
}
