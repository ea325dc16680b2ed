package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.protocol.Subscriptions;
import dev.jaxrsmcp.internal.subscribe.Subscriber;
import java.util.Optional;

/**
 * A modern {@code subscriptions/listen} stream as a subscriber: every message tagged with its id.
 */
final class ListenStream implements Subscriber {
  private final SseStream stream;
  private final ListenPlan plan;

  ListenStream(SseStream stream, ListenPlan plan) {
    this.stream = stream;
    this.plan = plan;
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

  @Override
  public void resourceUpdated(String uri) {
    stream.send(Subscriptions.updated(Optional.of(plan.subscriptionId()), uri));
  }

  @Override
  public void resourcesListChanged() {
    if (plan.resourcesListChanged()) {
      stream.send(Subscriptions.listChanged(Optional.of(plan.subscriptionId())));
    }
  }
}
