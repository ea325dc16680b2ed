package dev.jaxrsmcp.internal.protocol;

import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.logging.RouteLog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@link McpContext} of one MCP read: progress forwarded to a sink only when the client gave a
 * progress token, only when it increases and only until the read ends; a cancellation flag with its
 * completion stage. Thread-safe.
 */
public final class ReadContext implements McpContext {
  /** Where progress goes; implemented by the transport. */
  @FunctionalInterface
  public interface ProgressSink {
    void progress(double progress, double total, String message);
  }

  /** The context of requests that are not MCP reads. */
  public static final McpContext INERT =
      new McpContext() {
        private final CompletableFuture<Void> never = new CompletableFuture<>();

        @Override
        public boolean isMcpRead() {
          return false;
        }

        @Override
        public void progress(double progress, double total, String message) {}

        @Override
        public boolean isCancelled() {
          return false;
        }

        @Override
        public CompletionStage<Void> cancellation() {
          return never.minimalCompletionStage();
        }

        @Override
        public boolean isFull() {
          return false;
        }

        @Override
        public void log(LogLevel level, String logger, Object data) {}

        @Override
        public Map<String, Answer> ask(Question... questions) {
          return Asker.NONE.ask(List.of(questions));
        }

        @Override
        public boolean clientSupports(Question.Kind kind) {
          return false;
        }
      };

  private final boolean progressRequested;
  private final CompletableFuture<Void> cancelled = new CompletableFuture<>();
  private volatile ProgressSink sink = (p, t, m) -> {};
  private volatile RouteLog log = RouteLog.OFF;
  private volatile Asker asker = Asker.NONE;
  private volatile ProgressSink watcher = (p, t, m) -> {};
  private final long maxBytes;
  private final AtomicLong written = new AtomicLong();
  // guarded by this
  private double lastProgress = Double.NEGATIVE_INFINITY;
  private volatile boolean finished;

  /**
   * @param progressRequested whether the client gave a progress token
   * @param maxBytes the resource's {@code maxBytes}, for {@link #isFull()}
   */
  public ReadContext(boolean progressRequested, long maxBytes) {
    this.progressRequested = progressRequested;
    this.maxBytes = maxBytes;
  }

  /** Where progress goes from now on. */
  public void sink(ProgressSink sink) {
    this.sink = sink;
  }

  /**
   * Who else hears of progress (the operation's observers), whether or not the client asked for it:
   * the same increasing values as the client gets, until the read ends.
   */
  public void watch(ProgressSink watcher) {
    this.watcher = watcher;
  }

  /** Who answers the route's questions from now on (a tool call's era). */
  public void asker(Asker asker) {
    this.asker = asker;
  }

  /** Where log messages go from now on. */
  public void log(RouteLog log) {
    this.log = log;
  }

  /** Counts bytes the route wrote (as it writes them, before any buffering). */
  public void wrote(long count) {
    written.addAndGet(count);
  }

  /**
   * Cancels the read: the route sees it and its next write fails. Idempotent. Actions the route
   * attached to {@link #cancellation()} run on the calling thread.
   */
  public void cancel() {
    cancelled.complete(null);
  }

  /** The read ended: progress reported from now on goes nowhere. */
  public void finish() {
    finished = true;
  }

  @Override
  public boolean isMcpRead() {
    return true;
  }

  @Override
  public void progress(double progress, double total, String message) {
    if (cancelled.isDone() || !Double.isFinite(progress)) {
      return;
    }
    // Under the lock, so that notifications leave in increasing order and none after finish().
    synchronized (this) {
      if (finished || progress <= lastProgress) {
        return;
      }
      lastProgress = progress;
      double finiteTotal = Double.isFinite(total) ? total : Double.NaN;
      String text = message == null ? "" : message;
      watcher.progress(progress, finiteTotal, text);
      if (progressRequested) {
        sink.progress(progress, finiteTotal, text);
      }
    }
  }

  @Override
  public void log(LogLevel level, String logger, Object data) {
    // Under the lock, so that no message leaves after finish() (as for progress).
    synchronized (this) {
      if (!finished && !cancelled.isDone()) {
        log.log(level, logger, data);
      }
    }
  }

  @Override
  public Map<String, Answer> ask(Question... questions) {
    return asker.ask(List.of(questions));
  }

  @Override
  public boolean clientSupports(Question.Kind kind) {
    return asker.supports(kind);
  }

  @Override
  public boolean isCancelled() {
    return cancelled.isDone();
  }

  @Override
  public CompletionStage<Void> cancellation() {
    return cancelled.minimalCompletionStage();
  }

  @Override
  public boolean isFull() {
    return written.get() >= maxBytes;
  }
}
