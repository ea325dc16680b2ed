package dev.jaxrsmcp.internal.stream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.methods.TaggedMessages;
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.subscribe.Subscriber;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A modern {@code subscriptions/listen} stream as a subscriber: every message tagged with its id.
 * An open stream may idle for hours, by the thousand: it keeps of its plan only what it uses (the
 * id, also as written, the URIs and whether list changes are sent), and its notifications are
 * serialized once for all streams ({@link TaggedMessages}).
 */
final class ListenStream implements Subscriber {
  private final SseStream stream;
  private final JsonNode id;
  private final byte[] idJson;
  private final List<String> uris;
  private final boolean listChanged;
  private final AtomicBoolean ending = new AtomicBoolean();
  private final Runnable release;
  private volatile Future<?> timeout;

  /**
   * @param release gives back what the stream holds of its caller's quotas (runs once)
   */
  ListenStream(SseStream stream, ListenPlan plan, Runnable release) {
    this.stream = stream;
    this.id = plan.subscriptionId();
    this.idJson = TaggedMessages.id(id);
    this.uris = plan.uris().stream().map(ListenPlan.Watched::uri).toList();
    this.listChanged = plan.resourcesListChanged();
    this.release = release;
  }

  /** Gives back the stream's place and subscriptions in its caller's quotas. */
  void release() {
    release.run();
  }

  SseStream stream() {
    return stream;
  }

  /** The URIs this stream is subscribed to. */
  List<String> uris() {
    return uris;
  }

  JsonNode id() {
    return id;
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
    TaggedMessages.Around message = TaggedMessages.updated(uri);
    stream.send(SseFrame.message(message.head(), idJson, message.tail()));
  }

  @Override
  public void overwhelmed() {
    stream.overflow();
  }

  @Override
  public void resourcesListChanged() {
    if (listChanged) {
      TaggedMessages.Around message = TaggedMessages.listChanged();
      stream.send(SseFrame.message(message.head(), idJson, message.tail()));
    }
  }
}
