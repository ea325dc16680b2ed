package dev.jaxrsmcp.internal.stream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.methods.Subscriptions;
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.subscribe.Subscriber;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A modern {@code subscriptions/listen} stream as a subscriber: every message tagged with its id.
 */
final class ListenStream implements Subscriber {
  private final SseStream stream;
  private final ListenPlan plan;
  private final AtomicBoolean ending = new AtomicBoolean();
  private final Runnable release;
  private volatile Future<?> timeout;

  /**
   * @param release gives back what the stream holds of its caller's quotas (runs once)
   */
  ListenStream(SseStream stream, ListenPlan plan, Runnable release) {
    this.stream = stream;
    this.plan = plan;
    this.release = release;
  }

  /** Gives back the stream's place and subscriptions in its caller's quotas. */
  void release() {
    release.run();
  }

  SseStream stream() {
    return stream;
  }

  ListenPlan plan() {
    return plan;
  }

  JsonNode id() {
    return plan.subscriptionId();
  }

  /** True for the one caller that gets to end this stream with the completion result. */
  boolean startEnding() {
    return ending.compareAndSet(false, true);
  }

  /** Remembers the listen timeout's task, so it can be dropped when the stream ends earlier. */
  void timeout(Future<?> task) {
    this.timeout = task;
  }

  /** Drops the listen timeout's task (it would otherwise keep this stream until it fires). */
  void cancelTimeout() {
    Future<?> task = timeout;
    if (task != null) {
      task.cancel(false);
    }
  }

  @Override
  public void resourceUpdated(String uri) {
    stream.send(Subscriptions.updated(Optional.of(plan.subscriptionId()), uri));
  }

  @Override
  public void overwhelmed() {
    stream.overflow();
  }

  @Override
  public void resourcesListChanged() {
    if (plan.resourcesListChanged()) {
      stream.send(Subscriptions.listChanged(Optional.of(plan.subscriptionId())));
    }
  }
}
