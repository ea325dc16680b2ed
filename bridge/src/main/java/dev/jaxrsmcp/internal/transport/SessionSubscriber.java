package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.internal.protocol.Subscriptions;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.subscribe.Subscriber;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A legacy session as a subscriber: its notifications go to the session's GET stream, without a
 * subscription id, and are dropped while the session has no stream open.
 *
 * <p>Thread safety: the subscribed URIs are guarded by {@code this}; once {@link #end()} ran,
 * {@link #add} refuses, so nothing can be subscribed on behalf of an ended session.
 */
final class SessionSubscriber implements Subscriber {
  private final Session session;
  // guarded by this
  private final Set<String> uris = new LinkedHashSet<>();
  // guarded by this
  private boolean ended;

  SessionSubscriber(Session session) {
    this.session = session;
  }

  /**
   * Records {@code uri}, then runs {@code subscribe} (still under the lock, so an end cannot slip
   * in between); nothing happens when the URI was subscribed already or the session ended. False
   * (and nothing happens) only when the URI is new and {@code max} URIs are subscribed already.
   */
  synchronized boolean add(String uri, int max, Runnable subscribe) {
    if (ended || uris.contains(uri)) {
      return true;
    }
    if (uris.size() >= max) {
      return false;
    }
    uris.add(uri);
    subscribe.run();
    return true;
  }

  /** True when subscribing to {@code uri} would take this session past {@code max} URIs. */
  synchronized boolean isFull(String uri, int max) {
    return !ended && !uris.contains(uri) && uris.size() >= max;
  }

  /** Forgets {@code uri}; false when it was not subscribed. */
  synchronized boolean remove(String uri) {
    return uris.remove(uri);
  }

  /** Marks the session ended; returns the URIs it was subscribed to. */
  synchronized List<String> end() {
    ended = true;
    List<String> subscribed = List.copyOf(uris);
    uris.clear();
    return subscribed;
  }

  @Override
  public void resourceUpdated(String uri) {
    session.notify(Subscriptions.updated(Optional.empty(), uri));
  }

  /** Ends the session's stream (the session stays; the client may open a new stream). */
  @Override
  public void overwhelmed() {
    session.stream()
        .ifPresent(
            stream -> {
              if (stream instanceof SseStream sse) {
                sse.overflow(); // ends it with the reason; the session detaches a closed stream
              }
              session.detach(stream);
            });
  }

  @Override
  public void resourcesListChanged() {
    session.notify(Subscriptions.listChanged(Optional.empty()));
  }
}
