package dev.jaxrsmcp.internal.stream;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * What is on its way to one client, written in order by at most one thread at a time, so that
 * nobody who hands something to a stream (the change hub, a timer, a long-running read) ever waits
 * for the network. A client that stops reading costs a bounded amount: a frame is handed to the
 * container only when its {@link Wire} takes it without queueing past the container's own bound (so
 * bytes count as unsent until the socket nearly took them), and once the bytes queued here plus the
 * write in progress exceed {@code maxUnsent}, everything queued is dropped and the stream ends with
 * {@code overflow}'s frames (why it ended), which are written regardless. The frames of one turn go
 * out as one flush.
 *
 * <p>A turn runs on a writer thread of its own ({@code writers}) unless its {@link Wire}
 * {@linkplain Wire#neverBlocks never blocks} and no frame queued may block (a body streamed from
 * disk, the final frames written regardless): it then runs on {@code nonBlocking} (the thread that
 * queued the frame, or a small pool), and hands over to a writer thread when such a frame comes.
 *
 * <p>An outbox may start <em>held</em>: it queues (and counts) frames, a close or an abort, but
 * touches the sink only once {@link #release} says the container is ready for it.
 *
 * <p>Thread safety: every field but the immutable ones is guarded by {@code this}; the sink is only
 * used by the one writer running at a time.
 */
final class Outbox implements Runnable {
  /** Where the frames go: the container's response. */
  interface Sink {
    void write(Frame frame) throws IOException;

    void close() throws IOException;
  }

  /** What the outbox tells its stream. */
  interface Events {
    /** Frames were dropped unwritten (the write failed, the stream was aborted or overflowed). */
    void dropped();

    /** The stream ended because a write failed or it overflowed (not by {@link #close}). */
    void ended();
  }

  /**
   * One thing to write: {@code bytes} is what it holds in memory until written (zero for a body
   * streamed from disk); a {@code keepAlive} comment is skipped while another one waits; writing a
   * {@code streamed} one may block its thread.
   */
  record Frame(Object payload, long bytes, boolean keepAlive, boolean streamed) {
    Frame(Object payload, long bytes, boolean keepAlive) {
      this(payload, bytes, keepAlive, false);
    }
  }

  private static final int BATCH = 64;

  private final Sink sink;
  private final Events events;
  private final long maxUnsent;
  private final Supplier<List<Frame>> overflow;
  private final Executor writers;
  private final Executor nonBlocking;
  private final CompletableFuture<Void> finished = new CompletableFuture<>();

  // guarded by this
  private final ArrayDeque<Frame> queue = new ArrayDeque<>(1); // idle or one at a time, mostly
  private long queuedBytes;
  private long writingBytes;
  private boolean scheduled;
  private boolean keepAliveQueued;
  private boolean closing;
  private boolean done;
  private boolean held;
  private boolean parked; // waiting for the wire to take writes again
  private boolean writableAgain; // the wire said so while a turn was deciding whether to park
  private boolean finalFrames; // what is queued is the overflow's or nothing: written regardless
  private int streamedQueued; // queued frames whose write may block
  private boolean ownThread; // the turn scheduled runs on a writer thread of its own
  private volatile Wire wire = Wire.NONE;

  /**
   * @param maxUnsent bytes that may wait for the client (queued here and in the write in progress)
   * @param overflow makes the last frames when the client fell further behind (not counted), only
   *     then: an idle stream does not hold them
   * @param writers runs a turn that may block on a thread of its own
   * @param nonBlocking runs a turn that never blocks
   * @param held whether the sink waits for {@link #release}
   */
  Outbox(
      Sink sink,
      Events events,
      long maxUnsent,
      Supplier<List<Frame>> overflow,
      Executor writers,
      Executor nonBlocking,
      boolean held) {
    this.sink = sink;
    this.events = events;
    this.maxUnsent = maxUnsent;
    this.overflow = overflow;
    this.writers = writers;
    this.nonBlocking = nonBlocking;
    this.held = held;
  }

  /** An outbox whose turns all run on {@code writers}. */
  Outbox(
      Sink sink,
      Events events,
      long maxUnsent,
      Supplier<List<Frame>> overflow,
      Executor writers,
      boolean held) {
    this(sink, events, maxUnsent, overflow, writers, writers, held);
  }

  /** Lets a held outbox write what it queued to {@code wire} (and end, if closed). Idempotent. */
  void release(Wire wire) {
    synchronized (this) {
      if (!held) {
        return;
      }
      this.wire = wire;
      held = false;
    }
    schedule();
  }

  /**
   * Queues a frame; false when the stream is closing or this frame would take it past its limit
   * (the stream then ends with the overflow frames).
   */
  boolean offer(Frame frame) {
    boolean accepted;
    synchronized (this) {
      if (closing) {
        return false;
      }
      if (frame.keepAlive() && keepAliveQueued) {
        return true; // one is waiting already (a stuck write): they do not pile up
      }
      if (queuedBytes + writingBytes + frame.bytes() <= maxUnsent) {
        queue.add(frame);
        queuedBytes += frame.bytes();
        keepAliveQueued |= frame.keepAlive();
        streamedQueued += frame.streamed() ? 1 : 0;
        accepted = true;
      } else {
        accepted = false;
        overflowNow();
      }
    }
    schedule();
    if (accepted) {
      return true;
    }
    events.dropped();
    events.ended();
    return false;
  }

  /**
   * Drops what is queued and ends the stream with the overflow frames, as when the limit is passed
   * (the bridge itself fell too far behind this client). No effect once closing.
   */
  void overflow() {
    synchronized (this) {
      if (closing) {
        return;
      }
      overflowNow();
    }
    schedule();
    events.dropped();
    events.ended();
  }

  // guarded by this
  private void overflowNow() {
    finalFrames = true;
    parked = false; // the overflow frames are written regardless
    queue.clear();
    streamedQueued = 0;
    keepAliveQueued = false;
    queuedBytes = 0;
    closing = true;
    queue.addAll(overflow.get());
  }

  /** Writes what is queued, then ends the response. Idempotent. */
  void close() {
    synchronized (this) {
      closing = true;
    }
    schedule();
  }

  /** Drops what is queued and ends the response once a write in progress returns. Idempotent. */
  void abort() {
    boolean hadFrames;
    synchronized (this) {
      closing = true;
      hadFrames = !queue.isEmpty();
      queue.clear();
      streamedQueued = 0;
      queuedBytes = 0;
      finalFrames = true;
      parked = false;
    }
    if (hadFrames) {
      events.dropped();
    }
    schedule();
  }

  /** Completes once the response ended (written and closed, or failed). */
  CompletableFuture<Void> finished() {
    return finished;
  }

  /** Bytes waiting for the client now: queued plus the write in progress. */
  synchronized long unsent() {
    return queuedBytes + writingBytes;
  }

  /**
   * One turn of the writer: up to {@value #BATCH} frames, flushed together. Only one turn runs at a
   * time ({@code scheduled}), and it touches the wire only while it holds that turn. A turn that
   * must not block ends before a frame that may (the next turn gets a writer thread).
   */
  @Override
  public void run() {
    Wire out = wire;
    out.startBatch();
    int written = 0;
    while (written < BATCH) {
      Frame next;
      boolean wait;
      boolean handOver; // a frame that may block is queued: a writer thread writes on
      synchronized (this) {
        handOver = !ownThread && (streamedQueued > 0 || finalFrames);
        wait = !handOver && !queue.isEmpty() && !finalFrames && !out.writable();
        next = wait || handOver ? null : queue.poll();
        if (next != null) {
          queuedBytes -= next.bytes();
          writingBytes = next.bytes();
          keepAliveQueued &= !next.keepAlive();
          streamedQueued -= next.streamed() ? 1 : 0;
        }
      }
      if (handOver) {
        break; // flushes what this turn wrote, then schedules the next turn
      }
      if (next == null) {
        Flushed flushed = endBatch(out);
        if (flushed == Flushed.FAILED) {
          return;
        }
        boolean kept = flushed == Flushed.KEPT; // even final frames wait for the wire then
        if (wait || kept) {
          out.whenWritable(this::unpark); // may run unpark at once, on this thread or another
        }
        synchronized (this) {
          if ((wait || kept) && (writableAgain || (!kept && (finalFrames || done)))) {
            writableAgain = false;
          } else if (wait || kept) {
            parked = true;
            scheduled = false;
            return;
          } else if (!queue.isEmpty()) {
            // offered while this turn flushed: go on
          } else if (closing && !done) {
            done = true;
          } else {
            scheduled = false;
            return;
          }
          if (done && queue.isEmpty()) {
            break;
          }
        }
        out.startBatch();
        continue;
      }
      try {
        sink.write(next);
        written++;
      } catch (IOException | RuntimeException e) {
        fail();
        return;
      } finally {
        synchronized (this) {
          writingBytes = 0;
        }
      }
    }
    Flushed flushed = endBatch(out);
    if (flushed == Flushed.FAILED) {
      return;
    }
    if (flushed == Flushed.KEPT) {
      synchronized (this) {
        scheduled = false;
      }
      schedule(); // the next turn ends the batch again, or parks until the wire takes more
      return;
    }
    boolean ended;
    synchronized (this) {
      ended = done && queue.isEmpty();
      if (!ended) {
        scheduled = false;
      }
    }
    if (ended) {
      end();
      return;
    }
    schedule(); // more to write: let other streams have a turn first
  }

  /** How a turn's flush went: all handed to the container, some kept by the wire, or failed. */
  private enum Flushed {
    DONE,
    KEPT,
    FAILED
  }

  /** Flushes what this turn wrote; FAILED (and the stream failed) when that failed. */
  private Flushed endBatch(Wire out) {
    try {
      return out.endBatch() ? Flushed.DONE : Flushed.KEPT;
    } catch (IOException | RuntimeException e) {
      fail();
      return Flushed.FAILED;
    }
  }

  /** The wire takes writes again (or failed): the next turn writes (or fails). */
  private void unpark() {
    synchronized (this) {
      if (!parked) {
        writableAgain = true; // the turn that asked is still deciding whether to park
        return;
      }
      parked = false;
    }
    schedule();
  }

  private void schedule() {
    boolean own;
    synchronized (this) {
      if (scheduled || done || held || parked) {
        return;
      }
      scheduled = true;
      own = ownThread = streamedQueued > 0 || finalFrames || !wire.neverBlocks();
    }
    (own ? writers : nonBlocking).execute(this);
  }

  private void end() {
    try {
      sink.close();
      finished.complete(null);
    } catch (IOException | RuntimeException e) {
      finished.complete(null);
      events.dropped();
    }
  }

  private void fail() {
    synchronized (this) {
      closing = true;
      done = true;
      queue.clear();
      streamedQueued = 0;
      queuedBytes = 0;
    }
    events.dropped();
    events.ended();
    try {
      sink.close();
    } catch (IOException | RuntimeException e) {
      // the client is gone already
    }
    finished.complete(null);
  }
}
