package dev.jaxrsmcp.internal.subscribe;

import dev.jaxrsmcp.McpChangeBus;
import dev.jaxrsmcp.McpChangeBus.Change;
import dev.jaxrsmcp.McpChanges;
import dev.jaxrsmcp.McpWatcher;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.function.Consumer;

/**
 * Who listens to what on this instance, and the delivery of changes to them: debounced per
 * subscriber and URI, written off the caller's thread ({@link Delivery}), shared watchers started
 * and stopped by reference count, and a {@link McpChangeBus} to and from other instances.
 * Thread-safe; never blocks on the network.
 */
public final class ChangeHub implements McpChanges {
  private final Map<String, Set<Subscriber>> byUri = new ConcurrentHashMap<>();
  private final Set<Subscriber> listListeners = ConcurrentHashMap.newKeySet();
  private final Map<String, McpWatcher> watchers;
  private final WatcherRegistry watches = new WatcherRegistry();
  private final ScheduledExecutorService scheduler;
  private final Debouncer debouncer;
  private final Delivery delivery = new Delivery();
  private final McpChangeBus bus;

  /**
   * @param watchers watcher per template text
   * @param debounce the debounce window (zero: none)
   * @param bus the bus to other instances
   */
  public ChangeHub(Map<String, McpWatcher> watchers, Duration debounce, McpChangeBus bus) {
    this.watchers = Map.copyOf(watchers);
    this.bus = bus;
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "jaxrs-mcp-changes");
              t.setDaemon(true);
              return t;
            });
    executor.setRemoveOnCancelPolicy(true);
    this.scheduler = executor;
    this.debouncer =
        new Debouncer(
            debounce, scheduler, (s, uri) -> delivery.send(s, to -> to.resourceUpdated(uri)));
  }

  /** Starts listening to other instances. */
  public void start() {
    // Changes may have been lost on the bus: every URI subscribed here, and the list, changed.
    bus.start(
        this::deliver,
        () -> {
          List.copyOf(byUri.keySet()).forEach(uri -> deliver(Change.updated(uri)));
          deliver(Change.listChanged());
        });
  }

  /**
   * The scheduler for timed work around subscriptions (debounce, keep-alives, timeouts). Its tasks
   * must not write to clients themselves: they hand writes to {@link #send}.
   */
  public ScheduledExecutorService scheduler() {
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
   *
   * @param template the subscribed resource's template text (finds the watcher)
   */
  public void subscribe(
      Subscriber subscriber,
      String uri,
      String template,
      Map<String, String> variables,
      Map<String, List<String>> headers) {
    boolean added = byUri.computeIfAbsent(uri, u -> ConcurrentHashMap.newKeySet()).add(subscriber);
    McpWatcher watcher = watchers.get(template);
    if (added && watcher != null) {
      watches.acquire(uri, watcher, new Target(uri, variables, headers));
    }
  }

  /** Removes one subscription; stops the watcher when it was the last. Idempotent. */
  public void unsubscribe(Subscriber subscriber, String uri) {
    Set<Subscriber> subscribers = byUri.get(uri);
    boolean removed = subscribers != null && subscribers.remove(subscriber);
    if (subscribers != null && subscribers.isEmpty()) {
      byUri.remove(uri, subscribers);
    }
    if (removed) {
      watches.release(uri); // no-op for URIs without a watcher
    }
  }

  /** Adds a listener for list changes. */
  public void listenToListChanges(Subscriber subscriber) {
    listListeners.add(subscriber);
  }

  /** Removes every subscription of a subscriber that went away. */
  public void removeAll(Subscriber subscriber, Iterable<String> uris) {
    for (String uri : uris) {
      unsubscribe(subscriber, uri);
    }
    listListeners.remove(subscriber);
    debouncer.forget(subscriber);
    delivery.forget(subscriber);
  }

  /** URIs whose watcher is running now. */
  public List<String> watchedUris() {
    return watches.watched();
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
    Set<Subscriber> subscribers = byUri.get(uri);
    if (subscribers == null) {
      return 0;
    }
    int count = 0;
    for (Subscriber subscriber : subscribers) {
      debouncer.submit(subscriber, uri);
      count++;
    }
    return count;
  }

  /**
   * Stops timers and the bus; notifications and final results already queued get up to five seconds
   * to go out.
   */
  public void close() {
    scheduler.shutdownNow();
    delivery.close(Duration.ofSeconds(5));
    bus.close();
  }

  private final class Target implements McpWatcher.Target {
    private final String uri;
    private final Map<String, String> variables;
    private final Map<String, List<String>> headers;

    Target(String uri, Map<String, String> variables, Map<String, List<String>> headers) {
      this.uri = uri;
      this.variables = Map.copyOf(variables);
      this.headers = Map.copyOf(headers);
    }

    @Override
    public String uri() {
      return uri;
    }

    @Override
    public Map<String, String> variables() {
      return variables;
    }

    @Override
    public Map<String, List<String>> headers() {
      return headers;
    }

    @Override
    public void changed() {
      ChangeHub.this.changed(uri);
    }
  }
}
