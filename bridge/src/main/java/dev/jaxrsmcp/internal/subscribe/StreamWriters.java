package dev.jaxrsmcp.internal.subscribe;

import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads for writes to clients' streams that may block, shared by every stream of the JVM:
 * every write on a container whose writes block (not Grizzly, nor a servlet container, whose
 * outputs say when they take more: the stream then waits without a thread), a body streamed from
 * disk, the last frames written regardless of the client (a stream that overflowed or was aborted),
 * and the bridge's other hand-offs that must not run on the caller's thread. Writes that never
 * block run on fewer threads ({@link NonBlockingWrites}). A write that a client does not take (it
 * stopped reading and the socket buffers are full) blocks its thread until the container gives up
 * on the connection; each stream has at most one write in progress, so such a client holds one
 * thread and no more, and the pool starts another thread for the next stream instead of making it
 * wait. The pool is bounded ({@value #MAX_THREADS} threads, then writes queue) and keeps no thread
 * idle for long ({@link BridgePools}), so it needs no shutdown.
 */
public final class StreamWriters {
  static final int MAX_THREADS = 512;

  private static final ThreadPoolExecutor POOL = newPool();

  private StreamWriters() {}

  /** Runs {@code task} on a writer thread: an idle one, a new one, or the first free one. */
  public static void execute(Runnable task) {
    POOL.execute(task);
  }

  /** Threads alive now (for tests). */
  static int threads() {
    return POOL.getPoolSize();
  }

  /**
   * A pool that hands a task to an idle thread, else starts a thread (up to the bound), else queues
   * it: a plain executor would queue while its core threads are blocked on stalled clients.
   */
  private static ThreadPoolExecutor newPool() {
    HandOff queue = new HandOff();
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            0,
            MAX_THREADS,
            BridgePools.IDLE_SECONDS,
            TimeUnit.SECONDS,
            queue,
            BridgeThreads.numbered("jaxrs-mcp-writer-"),
            (task, executor) -> queue.add(task)); // every thread is busy: wait for one
    return BridgePools.managed(pool);
  }

  /** Accepts a task only when an idle thread takes it at once, so the pool grows instead. */
  private static final class HandOff extends LinkedTransferQueue<Runnable> {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean offer(Runnable task) {
      return tryTransfer(task);
    }
  }
}
