package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.McpContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;

/**
 * The {@link McpContext} of one MCP read: progress forwarded to a sink only when the client gave a
 * progress token and only when it increases, and a cancellation flag with its completion stage.
 * Thread-safe.
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
      };

  private final boolean progressRequested;
  private final CompletableFuture<Void> cancelled = new CompletableFuture<>();
  private volatile ProgressSink sink = (p, t, m) -> {};
  private volatile BooleanSupplier full = () -> false;
  // guarded by this
  private double lastProgress = Double.NEGATIVE_INFINITY;

  /**
   * @param progressRequested whether the client gave a progress token
   */
  public ReadContext(boolean progressRequested) {
    this.progressRequested = progressRequested;
  }

  /** Where progress goes from now on. */
  public void sink(ProgressSink sink) {
    this.sink = sink;
  }

  /** What {@link #isFull()} asks. */
  public void full(BooleanSupplier full) {
    this.full = full;
  }

  /** Cancels the read: the route sees it and its next spool write fails. Idempotent. */
  public void cancel() {
    cancelled.complete(null);
  }

  @Override
  public boolean isMcpRead() {
    return true;
  }

  @Override
  public void progress(double progress, double total, String message) {
    if (!progressRequested || cancelled.isDone() || Double.isNaN(progress)) {
      return;
    }
    synchronized (this) {
      if (progress <= lastProgress) {
        return;
      }
      lastProgress = progress;
    }
    sink.progress(progress, total, message == null ? "" : message);
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
    return full.getAsBoolean();
  }
}
