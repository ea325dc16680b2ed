package dev.jaxrsmcp.internal.subscriptions;

import dev.jaxrsmcp.internal.methods.Subscriptions;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.stream.SseStream;
import dev.jaxrsmcp.internal.subscribe.Subscriber;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A legacy session as a subscriber: its notifications go to the session's GET stream, without a
 * subscription id, and are dropped while the session has no stream open.
 *
 * <p>Thread safety: the subscribed URIs are guarded by {@code this}; once {@link #end()} ran,
 * {@link #add} refuses, so nothing can be subscribed on behalf of an ended session.
 */
final class SessionSubscriber implements Subscriber {
  private final Session session;
  // guarded by this; each URI with what gives back its place in the caller's quota
  private final Map<String, Runnable> uris = new LinkedHashMap<>();
  // guarded by this
  private boolean ended;

  SessionSubscriber(Session session) {
    this.session = session;
  }

  /** What {@link #add} did. */
  enum Added {
    /** The URI is now subscribed: it holds the quota place it was given. */
    NEW,
    /** Nothing: the URI was subscribed already, or the session ended. */
    NOTHING,
    /** Nothing: the session holds {@code max} URIs already. */
    FULL
  }

  /**
   * Records {@code uri} with the quota place it holds ({@code release} gives it back when the URI
   * is forgotten), then runs {@code subscribe} (still under the lock, so an end cannot slip in
   * between).
   */
  synchronized Added add(String uri, int max, Runnable release, Runnable subscribe) {
    if (ended || uris.containsKey(uri)) {
      return Added.NOTHING;
    }
    if (uris.size() >= max) {
      return Added.FULL;
    }
    uris.put(uri, release);
    subscribe.run();
    return Added.NEW;
  }

  /** True when {@code uri} is subscribed. */
  synchronized boolean holds(String uri) {
    return uris.containsKey(uri);
  }

  /** True when subscribing to {@code uri} would take this session past {@code max} URIs. */
  synchronized boolean isFull(String uri, int max) {
    return !ended && !uris.containsKey(uri) && uris.size() >= max;
  }

  /** Forgets {@code uri} (giving back its quota place); false when it was not subscribed. */
  synchronized boolean remove(String uri) {
    Runnable release = uris.remove(uri);
    if (release == null) {
      return false;
    }
    release.run();
    return true;
  }

  /** Marks the session ended; returns the URIs it was subscribed to (their places given back). */
  synchronized List<String> end() {
    ended = true;
    List<String> subscribed = List.copyOf(uris.keySet());
    uris.values().forEach(Runnable::run);
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

  /** Every instance hears list changes: only the one holding the session's stream sends them. */
  @Override
  public void resourcesListChanged() {
    session.notifyHere(Subscriptions.listChanged(Optional.empty()));
  }
}
