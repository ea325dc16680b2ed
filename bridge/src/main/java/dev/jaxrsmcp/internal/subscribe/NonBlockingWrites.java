package dev.jaxrsmcp.internal.subscribe;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Where a write that never blocks runs (a stream's turn on a container that says when it takes
 * more, frames held in memory): on the change hub's delivery thread that queued it, else on a small
 * fixed pool shared by the JVM. Handing each of 10,000 streams' notification to a thread of its own
 * cost more than the writes themselves (a thread hand-off each, and the writer pool grew by
 * hundreds of threads); such a write takes a few microseconds and never waits for its client, so
 * the thread that delivers the notification writes it, and a change to many streams keeps as many
 * threads as it found.
 *
 * <p>A delivery thread runs one such write at a time, between two notifications, with no lock held
 * ({@link Delivery} marks it while it delivers); a write queued while it runs one (the turn that
 * follows) goes to the pool, so turns never nest. Writes from other threads (a timer's keep-alives,
 * a request thread releasing its stream, a container's callback that the connection takes more) go
 * to the pool, whose idle threads stop ({@link BridgePools}), so it needs no shutdown. A write that
 * throws is logged; the next one runs.
 */
public final class NonBlockingWrites {

  private static final System.Logger LOG = System.getLogger(NonBlockingWrites.class.getName());

  /** What a delivering thread is doing; null on any other thread. */
  private enum Inline {
    MAY_WRITE,
    WRITING
  }

  private static final ThreadLocal<Inline> INLINE = new ThreadLocal<>();

  private static final ThreadPoolExecutor POOL = newPool();

  private NonBlockingWrites() {}

  /** Runs {@code write} here when this thread may, else on the pool; never blocks. */
  public static void execute(Runnable write) {
    if (INLINE.get() == Inline.MAY_WRITE) {
      INLINE.set(Inline.WRITING);
      try {
        run(write);
      } finally {
        INLINE.set(Inline.MAY_WRITE);
      }
    } else {
      POOL.execute(() -> run(write));
    }
  }

  /** Runs {@code delivering} with writes that never block allowed on this thread. */
  static void inline(Runnable delivering) {
    INLINE.set(Inline.MAY_WRITE);
    try {
      delivering.run();
    } finally {
      INLINE.remove();
    }
  }

  /** Threads of the pool alive now (for tests). */
  static int threads() {
    return POOL.getPoolSize();
  }

  private static void run(Runnable write) {
    try {
      write.run();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "writing to an MCP notification stream failed", e);
    }
  }

  private static ThreadPoolExecutor newPool() {
    int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
    return BridgePools.managed(
        new ThreadPoolExecutor(
            threads,
            threads,
            BridgePools.IDLE_SECONDS,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            BridgeThreads.numbered("jaxrs-mcp-sender-")));
  }
}
