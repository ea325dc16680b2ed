package dev.jaxrsmcp.internal.subscribe;

import dev.jaxrsmcp.changes.McpWatcher;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs one watcher per watched URI on this instance, shared by every subscriber of that URI, with
 * the request headers of a subscriber that is still subscribed: when the subscriber whose headers
 * the watcher was started with leaves while others stay, the watcher is restarted with the headers
 * of the oldest remaining one (the new watch starts before the old one stops, so no change falls
 * between them). The last subscriber leaving stops it.
 *
 * <p>Thread safety: {@link #reconcile} compares what runs with the subscribers the hub holds now
 * and starts, restarts or stops accordingly, under a lock per URI stripe (so the watchers' {@code
 * watch} and {@code close} run under it too: they must not wait on other subscriptions). The hub
 * calls it after every change to a URI's subscribers, so the last call sees the final state
 * whatever the interleaving: nothing runs for a URI nobody subscribes to.
 */
final class WatcherRegistry {
  private static final System.Logger LOG = System.getLogger(WatcherRegistry.class.getName());
  private static final int STRIPES = 64;

  private final Map<String, McpWatcher> watchers;
  private final Consumer<String> changed;
  private final Function<String, Map<Subscriber, Subscription>> subscribers;
  private final Object[] stripes = new Object[STRIPES];
  // an entry is changed only under the stripe lock of its URI
  private final Map<String, Running> running = new ConcurrentHashMap<>();

  private record Running(Subscriber owner, McpWatcher.Handle handle) {}

  /**
   * @param watchers watcher per template text
   * @param changed reports a change of a URI (what a watcher's {@code changed()} calls)
   * @param subscribers the hub's live subscribers of a URI (read under the URI's lock)
   */
  WatcherRegistry(
      Map<String, McpWatcher> watchers,
      Consumer<String> changed,
      Function<String, Map<Subscriber, Subscription>> subscribers) {
    this.watchers = Map.copyOf(watchers);
    this.changed = changed;
    this.subscribers = subscribers;
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Object();
    }
  }

  /**
   * Makes the watcher of {@code uri} match the URI's subscribers as they are now: running with the
   * headers of one of them when any subscribes through a watched template, stopped otherwise.
   */
  void reconcile(String uri) {
    synchronized (stripes[Math.floorMod(uri.hashCode(), STRIPES)]) {
      Map<Subscriber, Subscription> subscribers = this.subscribers.apply(uri);
      Optional<Running> current = Optional.ofNullable(running.get(uri));
      if (current.isPresent() && subscribers.containsKey(current.get().owner())) {
        return; // its owner is still there
      }
      Optional<Map.Entry<Subscriber, Subscription>> next =
          subscribers.entrySet().stream()
              .filter(e -> watchers.containsKey(e.getValue().template()))
              .min(Comparator.comparingLong(e -> e.getValue().order()));
      if (next.isPresent()) {
        Subscription subscription = next.get().getValue();
        McpWatcher watcher = watchers.get(subscription.template());
        running.put(uri, new Running(next.get().getKey(), start(uri, watcher, subscription)));
      } else {
        running.remove(uri);
      }
      current.ifPresent(old -> close(uri, old.handle()));
    }
  }

  /** URIs currently watched. */
  List<String> watched() {
    return List.copyOf(running.keySet());
  }

  private McpWatcher.Handle start(String uri, McpWatcher watcher, Subscription subscription) {
    try {
      return watcher.watch(new Target(uri, subscription));
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.ERROR, "watcher for " + uri + " failed to start", e);
      return () -> {};
    }
  }

  private static void close(String uri, McpWatcher.Handle handle) {
    try {
      handle.close();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "watcher for " + uri + " failed to stop", e);
    }
  }

  private final class Target implements McpWatcher.Target {
    private final String uri;
    private final Subscription subscription;

    Target(String uri, Subscription subscription) {
      this.uri = uri;
      this.subscription = subscription;
    }

    @Override
    public String uri() {
      return uri;
    }

    @Override
    public Map<String, String> variables() {
      return subscription.variables();
    }

    @Override
    public Map<String, List<String>> headers() {
      return subscription.headers();
    }

    @Override
    public void changed() {
      changed.accept(uri);
    }
  }
}
