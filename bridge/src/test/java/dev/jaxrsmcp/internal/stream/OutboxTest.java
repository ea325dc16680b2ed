package dev.jaxrsmcp.internal.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.internal.subscribe.StreamWriters;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The outbox of one stream, over a sink that stands for a client: writes happen on writer threads
 * (never the caller's), a stalled client costs at most the limit, and it never holds up another
 * stream.
 */
class OutboxTest {
  private static final InheritableThreadLocal<String> CALLER = new InheritableThreadLocal<>();

  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void releaseStalled() {
    release.countDown();
    CALLER.remove();
  }

  /** A client: records frames; a stalled one blocks in its first write until released. */
  private final class Client implements Outbox.Sink, Outbox.Events {
    final BlockingQueue<String> written = new LinkedBlockingQueue<>();
    final CountDownLatch blocked = new CountDownLatch(1);
    final boolean stalled;
    final AtomicInteger ended = new AtomicInteger();
    final AtomicInteger dropped = new AtomicInteger();

    Client(boolean stalled) {
      this.stalled = stalled;
    }

    @Override
    public void write(Outbox.Frame frame) throws IOException {
      if (stalled) {
        blocked.countDown();
        try {
          release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
      written.add(
          frame.payload()
              + " on "
              + Thread.currentThread().getName()
              + " seeing "
              + Optional.ofNullable(CALLER.get()).orElse("nothing"));
    }

    @Override
    public void close() {
      written.add("closed");
    }

    @Override
    public void dropped() {
      dropped.incrementAndGet();
    }

    @Override
    public void ended() {
      ended.incrementAndGet();
    }

    String next() throws InterruptedException {
      String frame = written.poll(10, TimeUnit.SECONDS);
      assertThat(frame).as("a frame written within 10 s").isNotNull();
      return frame;
    }
  }

  private static Outbox outbox(Client client, long max) {
    return new Outbox(
        client,
        client,
        max,
        () -> List.of(new Outbox.Frame("why", 0, false)),
        StreamWriters::execute,
        false);
  }

  private static Outbox.Frame frame(String text) {
    return new Outbox.Frame(text, text.length(), false);
  }

  @Test
  void aStalledClientIsEndedAtItsLimitAndGetsTheReasonLast() throws Exception {
    Client client = new Client(true);
    Outbox outbox = outbox(client, 1_000);
    assertThat(outbox.offer(frame("x".repeat(100)))).isTrue();
    assertThat(client.blocked.await(10, TimeUnit.SECONDS)).isTrue(); // the write is stuck

    int accepted = 0;
    while (outbox.offer(frame("y".repeat(100))) && accepted < 100) {
      accepted++;
      assertThat(outbox.unsent()).isLessThanOrEqualTo(1_000);
    }

    assertThat(accepted).as("frames queued behind the stuck write").isEqualTo(9);
    assertThat(client.ended).hasValue(1);
    assertThat(outbox.offer(frame("z"))).as("nothing more once ended").isFalse();
    assertThat(outbox.unsent()).isEqualTo(100); // only the write in progress
    release.countDown();
    assertThat(client.next()).startsWith("x".repeat(100) + " on jaxrs-mcp-writer-");
    assertThat(client.next()).startsWith("why on ");
    assertThat(client.next()).isEqualTo("closed");
    assertThat(outbox.finished()).succeedsWithin(java.time.Duration.ofSeconds(10));
  }

  @Test
  void manyStalledClientsDoNotHoldUpAHealthyOne() throws Exception {
    for (int i = 0; i < 16; i++) {
      Client stalled = new Client(true);
      outbox(stalled, 1_000).offer(frame("stuck"));
      assertThat(stalled.blocked.await(10, TimeUnit.SECONDS)).isTrue();
    }
    Client healthy = new Client(false);
    Outbox outbox = outbox(healthy, 1_000);

    CALLER.set("the caller's context");
    outbox.offer(frame("hello"));
    outbox.close();

    assertThat(healthy.next()).startsWith("hello on jaxrs-mcp-writer-").endsWith("seeing nothing");
    assertThat(healthy.next()).isEqualTo("closed");
    assertThat(healthy.ended).as("closed by its owner, not ended by the outbox").hasValue(0);
  }

  @Test
  void keepAlivesDoNotPileUpBehindAStuckWrite() throws Exception {
    Client client = new Client(true);
    Outbox outbox = outbox(client, 1_000);
    outbox.offer(frame("first"));
    assertThat(client.blocked.await(10, TimeUnit.SECONDS)).isTrue();

    for (int i = 0; i < 1_000; i++) {
      assertThat(outbox.offer(new Outbox.Frame("keep-alive", 16, true))).isTrue();
    }

    assertThat(outbox.unsent()).as("the stuck write and one keep-alive").isEqualTo(5 + 16);
    assertThat(client.ended).hasValue(0);
  }

  @Test
  void abortDropsWhatIsQueuedAndEndsTheResponse() throws Exception {
    Client client = new Client(true);
    Outbox outbox = outbox(client, 1_000);
    outbox.offer(frame("first"));
    assertThat(client.blocked.await(10, TimeUnit.SECONDS)).isTrue();
    outbox.offer(frame("second"));

    outbox.abort();
    release.countDown();

    assertThat(client.next()).startsWith("first on ");
    assertThat(client.next()).isEqualTo("closed");
    assertThat(client.dropped.get()).isPositive();
  }

  @Test
  void aHeldOutboxTouchesTheSinkOnlyOnceReleased() throws Exception {
    Client client = new Client(false);
    AtomicInteger scheduled = new AtomicInteger();
    Outbox outbox =
        new Outbox(
            client,
            client,
            1_000,
            List::of,
            task -> {
              scheduled.incrementAndGet();
              task.run(); // on this thread: what runs is visible at once
            },
            true);
    assertThat(outbox.offer(frame("first"))).isTrue();
    assertThat(outbox.offer(frame("second"))).isTrue();
    outbox.close();

    assertThat(scheduled.get()).isZero();
    assertThat(client.written).isEmpty();
    assertThat(outbox.unsent()).isEqualTo("first".length() + "second".length());

    outbox.release(Wire.NONE);
    outbox.release(Wire.NONE); // idempotent

    List<String> written = List.copyOf(client.written);
    assertThat(written).hasSize(3);
    assertThat(written.get(0)).startsWith("first on ");
    assertThat(written.get(1)).startsWith("second on ");
    assertThat(written.get(2)).isEqualTo("closed");
    assertThat(outbox.finished()).isCompleted();
    assertThat(client.dropped.get()).isZero();
  }

  /**
   * A container's output that takes writes only while {@code open}; counts flushes. One that {@code
   * keeps} is a non-blocking servlet output: while closed, what a batch wrote stays with it.
   */
  private static final class Gate implements Wire {
    volatile boolean open;
    volatile boolean keeps;
    volatile boolean neverBlocks;
    volatile Runnable resume;
    final AtomicInteger flushes = new AtomicInteger();
    final AtomicInteger asked = new AtomicInteger();

    @Override
    public boolean writable() {
      return open;
    }

    @Override
    public void whenWritable(Runnable resume) {
      asked.incrementAndGet();
      this.resume = resume;
    }

    @Override
    public void startBatch() {}

    @Override
    public boolean endBatch() {
      flushes.incrementAndGet();
      return open || !keeps;
    }

    @Override
    public boolean neverBlocks() {
      return neverBlocks;
    }

    void opens() {
      open = true;
      Runnable r = resume;
      resume = null;
      r.run();
    }
  }

  private static Outbox inline(Client client, long max, Gate gate) {
    Outbox outbox =
        new Outbox(
            client,
            client,
            max,
            () -> List.of(new Outbox.Frame("why", 0, false)),
            Runnable::run, // on this thread: what runs is visible at once
            true);
    outbox.release(gate);
    return outbox;
  }

  /**
   * On a wire that never blocks, a turn runs where non-blocking turns run (here: the thread that
   * queued the frame); a body streamed from disk, and the last frames written regardless of the
   * client, still take a writer thread.
   */
  @Test
  void onAWireThatNeverBlocksOnlyWhatMayBlockTakesAWriterThread() throws Exception {
    Client client = new Client(false);
    Gate gate = new Gate();
    gate.open = true;
    gate.neverBlocks = true;
    Outbox outbox =
        new Outbox(
            client,
            client,
            1_000,
            () -> List.of(new Outbox.Frame("why", 0, false)),
            StreamWriters::execute,
            Runnable::run,
            true);
    outbox.release(gate);
    String here = Thread.currentThread().getName();

    assertThat(outbox.offer(frame("in memory"))).isTrue();
    assertThat(client.next()).startsWith("in memory on " + here + " ");
    assertThat(outbox.offer(new Outbox.Frame("streamed", 0, false, true))).isTrue();
    assertThat(client.next()).startsWith("streamed on jaxrs-mcp-writer-");
    outbox.overflow();
    assertThat(client.next()).startsWith("why on jaxrs-mcp-writer-");
    assertThat(client.next()).isEqualTo("closed");
  }

  @Test
  void framesTheContainerCannotTakeWaitHereCountedAndGoOutTogetherOnceItCan() {
    Client client = new Client(false);
    Gate gate = new Gate();
    Outbox outbox = inline(client, 1_000, gate);

    for (int i = 0; i < 10; i++) {
      assertThat(outbox.offer(frame("frame" + i))).isTrue();
    }
    assertThat(client.written).as("nothing handed to a container that cannot take it").isEmpty();
    assertThat(outbox.unsent()).as("what waits is counted").isEqualTo(60);
    assertThat(gate.asked.get()).as("one wait at a time, however much is offered").isEqualTo(1);

    int flushesBefore = gate.flushes.get();
    gate.opens();
    assertThat(client.written).hasSize(10);
    assertThat(List.copyOf(client.written).get(9)).startsWith("frame9 on ");
    assertThat(gate.flushes.get() - flushesBefore)
        .as("ten waiting frames flushed together, not one by one")
        .isEqualTo(1);
    assertThat(outbox.unsent()).isZero();
  }

  @Test
  void aClientWhoseContainerNeverDrainsEndsAtTheLimitWithTheReason() {
    Client client = new Client(false);
    Gate gate = new Gate();
    Outbox outbox = inline(client, 100, gate);

    int accepted = 0;
    while (outbox.offer(frame("0123456789"))) {
      accepted++;
    }
    assertThat(accepted).as("frames within the limit of 100 bytes").isEqualTo(10);
    assertThat(client.written)
        .as("the reason is written although the container is full, then the response ends")
        .hasSize(2);
    assertThat(List.copyOf(client.written).get(0)).startsWith("why on ");
    assertThat(List.copyOf(client.written).get(1)).isEqualTo("closed");
    assertThat(client.ended.get()).isEqualTo(1);
  }

  @Test
  void aStreamWhoseLastWritesTheWireStillKeepsEndsOnlyOnceItTookThem() {
    Client client = new Client(false);
    Gate gate = new Gate();
    gate.keeps = true;
    Outbox outbox = inline(client, 100, gate);

    while (outbox.offer(frame("0123456789"))) {
      // up to the limit
    }
    assertThat(client.written).as("the reason, written to the wire").hasSize(1);
    assertThat(List.copyOf(client.written).get(0)).startsWith("why on ");
    assertThat(outbox.finished())
        .as("not ended while the wire keeps the reason (a servlet output not ready)")
        .isNotDone();

    gate.opens();
    assertThat(client.written).hasSize(2);
    assertThat(List.copyOf(client.written).get(1)).isEqualTo("closed");
    assertThat(outbox.finished()).isCompleted();
  }

  @Test
  void aCloseWaitsForTheContainerThenWritesEverythingAndEnds() {
    Client client = new Client(false);
    Gate gate = new Gate();
    Outbox outbox = inline(client, 1_000, gate);
    outbox.offer(frame("last"));
    outbox.close();
    assertThat(client.written).isEmpty();
    assertThat(outbox.finished()).isNotDone();

    gate.opens();
    assertThat(client.written).hasSize(2);
    assertThat(List.copyOf(client.written).get(1)).isEqualTo("closed");
    assertThat(outbox.finished()).isDone();
  }
}
