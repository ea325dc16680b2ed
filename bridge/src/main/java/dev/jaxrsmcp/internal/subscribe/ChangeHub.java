package dev.jaxrsmcp.internal.subscribe;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpChangeBus.Change;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.internal.time.Scheduler;
import dev.jaxrsmcp.internal.time.Time;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Who listens to what in one running application, and the delivery of changes to them: debounced
 * per subscriber and URI, handed over off the caller's thread ({@link Delivery}), shared watchers
 * started, restarted and stopped with their subscribers ({@link WatcherRegistry}), and a {@link
 * McpChangeBus} to and from other instances.
 *
 * <p>Lifecycle: one hub per application start ({@link #start}), ended once by {@link #close}; a
 * closed hub is never restarted (a container reload makes a new one).
 *
 * <p>Thread safety: a URI's subscribers are one map entry changed only inside {@code compute}
 * (subscribing and unsubscribing cannot interleave into a detached set); delivery reads the live
 * entry. Never blocks on the network.
 */
public final class ChangeHub implements McpChanges {
  private final Map<String, Map<Subscriber, Subscription>> byUri = new ConcurrentHashMap<>();
  private final Set<Subscriber> listListeners = ConcurrentHashMap.newKeySet();
  private final Map<String, McpWatcher> watchers;
  private final WatcherRegistry watches;
  private final Scheduler scheduler;
  private final Debouncer debouncer;
  private final Delivery delivery = new Delivery();
  private final McpChangeBus bus;
  private final AtomicLong order = new AtomicLong();
  private final AtomicBoolean started = new AtomicBoolean();
  private final AtomicBoolean closed = new AtomicBoolean();

  /**
   * @param watchers watcher per template text
   * @param debounce the debounce window (zero: none)
   * @param bus the bus to other instances
   */
  public ChangeHub(Map<String, McpWatcher> watchers, Duration debounce, McpChangeBus bus) {
    this(watchers, debounce, bus, Time.system());
  }

  /**
   * A hub whose timed work (debounce, and what others schedule on {@link #scheduler()}) runs on
   * {@code time}.
   */
  public ChangeHub(
      Map<String, McpWatcher> watchers, Duration debounce, McpChangeBus bus, Time time) {
    this.watchers = Map.copyOf(watchers);
    this.watches = new WatcherRegistry(watchers, this::changed, this::subscribersOf);
    this.bus = bus;
    this.scheduler = time.newScheduler("jaxrs-mcp-changes");
    this.debouncer =
        new Debouncer(
            debounce,
            scheduler,
            time::nanoTime,
            (s, uri) -> delivery.send(s, to -> to.resourceUpdated(uri)),
            this::isSubscribed);
  }

  /**
   * Starts listening to other instances; once. Refused after {@link #close}: a closed hub stays
   * closed.
   */
  public void start() {
    if (closed.get()) {
      throw new IllegalStateException(
          "this change hub was closed; a new application needs its own");
    }
    if (started.compareAndSet(false, true)) {
      // Changes may have been lost on the bus: every URI subscribed here, and the list, changed.
      bus.start(
          this::deliver,
          () -> {
            List.copyOf(byUri.keySet()).forEach(uri -> deliver(Change.updated(uri)));
            deliver(Change.listChanged());
          });
    }
  }

  /**
   * The scheduler for timed work around subscriptions (debounce, keep-alives, timeouts). Its tasks
   * must not write to clients themselves: they hand writes to {@link #send} or to a stream's own
   * writer (which never blocks).
   */
  public Scheduler scheduler() {
    return scheduler;
  }

  /**
   * Hands {@code message} (a write to the subscriber's stream: a keep-alive, the final result) to
   * the subscriber's delivery queue, behind the notifications already queued; never blocks.
   */
  public void send(Subscriber subscriber, Consumer<Subscriber> message) {
    delivery.send(subscriber, message);
  }

  /**
   * Subscribes to {@code uri}; starts the template's watcher when this is its first subscriber.
   * Subscribing again to a URI already subscribed changes nothing.
   *
   * @param template the subscribed resource's template text (finds the watcher)
   */
  public void subscribe(
      Subscriber subscriber,
      String uri,
      String template,
      Map<String, String> variables,
      Map<String, List<String>> headers) {
    // Only a watcher uses the variables and headers: a URI without one does not keep them.
    boolean watched = watchers.containsKey(template);
    Subscription subscription =
        new Subscription(
            template,
            watched ? variables : Map.of(),
            watched ? headers : Map.of(),
            order.incrementAndGet());
    boolean[] added = {false};
    byUri.compute(
        uri,
        (u, subscribers) -> {
          Map<Subscriber, Subscription> next =
              subscribers == null ? new ConcurrentHashMap<>() : subscribers;
          added[0] = next.putIfAbsent(subscriber, subscription) == null;
          return next;
        });
    if (added[0] && watched) {
      watches.reconcile(uri);
    }
  }

  /**
   * Removes one subscription (and its debounce state); stops the watcher when it was the last, or
   * restarts it with another subscriber's headers when it ran with this one's. Idempotent.
   */
  public void unsubscribe(Subscriber subscriber, String uri) {
    boolean[] removed = {false};
    byUri.computeIfPresent(
        uri,
        (u, subscribers) -> {
          removed[0] = subscribers.remove(subscriber) != null;
          return subscribers.isEmpty() ? null : subscribers;
        });
    debouncer.forget(subscriber, uri);
    if (removed[0]) {
      watches.reconcile(uri);
    }
  }

  /** Adds a listener for list changes. */
  public void listenToListChanges(Subscriber subscriber) {
    listListeners.add(subscriber);
  }

  /** Removes every subscription of a subscriber that went away, and what is queued for it. */
  public void removeAll(Subscriber subscriber, Iterable<String> uris) {
    for (String uri : uris) {
      unsubscribe(subscriber, uri);
    }
    listListeners.remove(subscriber);
    delivery.forget(subscriber);
  }

  /** URIs whose watcher is running now. */
  public List<String> watchedUris() {
    return watches.watched();
  }

  /** How many URIs have subscribers now (for tests). */
  int subscribedUris() {
    return byUri.size();
  }

  /** How many debounce slots are held now (for tests). */
  int debounceSlots() {
    return debouncer.size();
  }

  @Override
  public int changed(String uri) {
    Objects.requireNonNull(uri, "uri");
    bus.publish(Change.updated(uri));
    return deliver(Change.updated(uri));
  }

  @Override
  public int listChanged() {
    bus.publish(Change.listChanged());
    return deliver(Change.listChanged());
  }

  private int deliver(Change event) {
    if (event.uri().isEmpty()) {
      int count = 0;
      for (Subscriber listener : listListeners) {
        delivery.send(listener, Subscriber::resourcesListChanged);
        count++;
      }
      return count;
    }
    String uri = event.uri().get();
    int count = 0;
    for (Subscriber subscriber : subscribersOf(uri).keySet()) {
      debouncer.submit(subscriber, uri);
      count++;
    }
    return count;
  }

  private Map<Subscriber, Subscription> subscribersOf(String uri) {
    return byUri.getOrDefault(uri, Map.of());
  }

  private boolean isSubscribed(Subscriber subscriber, String uri) {
    return subscribersOf(uri).containsKey(subscriber);
  }

  /**
   * Stops timers and the bus; messages already handed to subscribers' streams are theirs to write.
   * Idempotent.
   */
  public void close() {
    if (closed.compareAndSet(false, true)) {
      scheduler.shutdown();
      delivery.close(Duration.ofSeconds(1));
      bus.close();
    }
  }

  /** True once {@link #close} ran. */
  public boolean isClosed() {
    return closed.get();
  }
}
