package dev.jaxrsmcp.internal.subscribe;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Writes to subscribers off the caller's thread, so that a client that stops reading holds up
 * neither the application (which calls {@code changed(uri)} from its own threads) nor the timers,
 * nor other subscribers. Each subscriber with messages on their way has a mailbox, drained in
 * order; at most one pool thread works on a mailbox at a time. When a subscriber falls more than
 * {@value #MAX_PENDING} messages behind, its queued messages are dropped and it is told it is
 * {@linkplain Subscriber#overwhelmed() overwhelmed} (its stream then ends).
 *
 * <p>Mailboxes with messages wait in line, taken by at most as many drainers as the pool has
 * threads: a change to 10,000 subscribers is a few pool tasks, not 10,000 (a hand-off each cost
 * more than the delivery). A drainer goes on while mailboxes wait and stops when none does. There
 * are two lines: a mailbox holding at most {@value #FEW} messages when its turn comes takes it; one
 * holding more (its subscriber fell behind, as a client that stopped reading does while changes
 * keep coming) is moved to the second line, served when the first is empty and on every {@value
 * #BACKLOG_EVERY}th turn of a drainer (so it is never starved). One notification to a client that
 * keeps up then waits for the turns in progress, not for a turn of each stalled client's backlog:
 * 20 such clients subscribed to 400 busy resources each held a healthy listen's notification behind
 * about a thousand of theirs.
 *
 * <p>The subscribers' methods only queue on their streams, and write themselves only what never
 * blocks ({@link NonBlockingWrites}: the drainers allow it), so a client that stops reading never
 * occupies a pool thread.
 */
final class Delivery {
  private static final System.Logger LOG = System.getLogger(Delivery.class.getName());

  static final int MAX_PENDING = 1024;

  /** The most messages delivered in one turn of a mailbox. */
  static final int BATCH = 64;

  /** The most messages a mailbox may hold and still take its turn in the first line. */
  static final int FEW = 4;

  /** How often a drainer's turn goes to the second line first. */
  static final int BACKLOG_EVERY = 8;

  private final ExecutorService pool;
  private final int threads;
  private final Map<Subscriber, Mailbox> mailboxes = new ConcurrentHashMap<>();
  private final Queue<Mailbox> ready = new ConcurrentLinkedQueue<>();
  private final Queue<Mailbox> behind = new ConcurrentLinkedQueue<>();
  private final AtomicInteger drainers = new AtomicInteger();

  Delivery() {
    this.threads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            threads,
            threads,
            30,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            BridgeThreads.numbered("jaxrs-mcp-delivery-"));
    executor.allowCoreThreadTimeOut(true);
    this.pool = executor;
  }

  /** Puts a mailbox with messages in line, and starts a drainer unless enough of them run. */
  private void waitInLine(Mailbox mailbox, Queue<Mailbox> line) {
    line.add(mailbox);
    if (claimDrainer()) {
      try {
        pool.execute(() -> NonBlockingWrites.inline(this::drain));
      } catch (RejectedExecutionException e) {
        drainers.decrementAndGet(); // shutting down: nothing more goes out
        for (Mailbox next; (next = ready.poll()) != null || (next = behind.poll()) != null; ) {
          next.drop();
        }
      }
    }
  }

  private boolean claimDrainer() {
    for (int now = drainers.get(); now < threads; now = drainers.get()) {
      if (drainers.compareAndSet(now, now + 1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Delivers from waiting mailboxes until none waits (rechecked after stopping: none is missed).
   */
  private void drain() {
    int turns = 0;
    do {
      for (Mailbox next; (next = next(turns)) != null; turns++) {
        next.run();
      }
      drainers.decrementAndGet();
    } while (!(ready.isEmpty() && behind.isEmpty()) && claimDrainer());
  }

  /**
   * The mailbox whose turn comes: the first in line that holds few messages (those holding more are
   * moved to the second line on the way), else the first of the second line; the second line first
   * on every {@value #BACKLOG_EVERY}th turn. Null when none waits.
   */
  private Mailbox next(int turns) {
    if (turns % BACKLOG_EVERY == BACKLOG_EVERY - 1) {
      Mailbox backlog = behind.poll();
      if (backlog != null) {
        return backlog;
      }
    }
    for (Mailbox next; (next = ready.poll()) != null; ) {
      if (next.holdsFew()) {
        return next;
      }
      behind.add(next);
    }
    return behind.poll();
  }

  /** Queues {@code message} for {@code subscriber}; never blocks. */
  void send(Subscriber subscriber, Consumer<Subscriber> message) {
    while (!mailboxes.computeIfAbsent(subscriber, Mailbox::new).offer(message)) {
      // that mailbox was just retired (empty and done); the next call makes a fresh one
    }
  }

  /** Drops the subscriber's mailbox; messages still queued for it are not sent. */
  void forget(Subscriber subscriber) {
    Mailbox mailbox = mailboxes.remove(subscriber);
    if (mailbox != null) {
      mailbox.forget();
    }
  }

  /** How many drainers may run at once (for tests). */
  int threads() {
    return threads;
  }

  /** How many subscribers have messages on their way (for tests). */
  int busy() {
    return mailboxes.size();
  }

  /** Lets queued messages go out for up to {@code grace}, then stops the pool. */
  void close(Duration grace) {
    pool.shutdown();
    try {
      if (!pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        pool.shutdownNow();
      }
    } catch (InterruptedException e) {
      pool.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  /**
   * One subscriber's queue. It exists while messages are on their way and retires (leaves the map)
   * once it is empty, so subscribers that went away leave nothing behind.
   */
  private final class Mailbox {
    private final Subscriber subscriber;
    // all guarded by this
    // sized for one message (most mailboxes carry one change, then retire); grows when needed
    private final ArrayDeque<Consumer<Subscriber>> queue = new ArrayDeque<>(1);
    private boolean scheduled;
    private boolean overflowed;
    private boolean told;
    private boolean forgotten;
    private boolean retired;

    Mailbox(Subscriber subscriber) {
      this.subscriber = subscriber;
    }

    /** Queues a message; false when this mailbox retired and the caller must use a new one. */
    boolean offer(Consumer<Subscriber> message) {
      synchronized (this) {
        if (retired) {
          return false;
        }
        if (overflowed || forgotten) {
          return true; // dropped: the stream is ending
        }
        if (queue.size() >= MAX_PENDING) {
          overflowed = true;
          queue.clear();
        } else {
          queue.add(message);
        }
        if (scheduled) {
          return true;
        }
        scheduled = true;
      }
      execute();
      return true;
    }

    synchronized void forget() {
      forgotten = true;
      retired = true;
      queue.clear();
    }

    private void execute() {
      waitInLine(this, ready);
    }

    /** Whether this mailbox takes its turn in the first line: its subscriber keeps up. */
    synchronized boolean holdsFew() {
      return queue.size() <= FEW;
    }

    /** Shutting down: nothing more goes out. */
    synchronized void drop() {
      queue.clear();
      retire();
    }

    /** Delivers a batch of messages, then gets back in line if more wait. */
    void run() {
      for (int i = 0; i < BATCH; i++) {
        Consumer<Subscriber> next;
        synchronized (this) {
          next = forgotten ? null : queue.poll();
          if (next == null && overflowed && !told && !forgotten) {
            told = true;
            next = Subscriber::overwhelmed;
          }
          if (next == null) {
            retire();
            return;
          }
        }
        deliver(next);
      }
      // more to send: let other mailboxes have a turn first
      waitInLine(this, holdsFew() ? ready : behind);
    }

    // guarded by this
    private void retire() {
      scheduled = false;
      retired = true;
      mailboxes.remove(subscriber, this);
    }

    private void deliver(Consumer<Subscriber> message) {
      try {
        message.accept(subscriber);
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.WARNING, "delivering an MCP notification failed", e);
      }
    }
  }
}
