package dev.jaxrsmcp.internal.subscribe;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * At most one notification per subscriber and URI per window, and always one after the last change:
 * the first change of a quiet period is sent at once; changes inside the window are folded into one
 * notification sent when the window ends.
 */
final class Debouncer {
  private final long windowNanos;
  private final ScheduledExecutorService scheduler;
  private final BiConsumer<Subscriber, String> send;
  private final Map<Subscriber, Map<String, Slot>> slots = new ConcurrentHashMap<>();

  /**
   * @param send hands one {@code resources/updated} for a URI to a subscriber (without blocking)
   */
  Debouncer(
      Duration window, ScheduledExecutorService scheduler, BiConsumer<Subscriber, String> send) {
    this.windowNanos = window.toNanos();
    this.scheduler = scheduler;
    this.send = send;
  }

  /** Sends {@code uri}'s change to {@code subscriber}, now or when its window ends. */
  void submit(Subscriber subscriber, String uri) {
    if (windowNanos == 0) {
      send.accept(subscriber, uri);
      return;
    }
    Slot slot =
        slots
            .computeIfAbsent(subscriber, s -> new ConcurrentHashMap<>())
            .computeIfAbsent(uri, u -> new Slot());
    long delayNanos;
    synchronized (slot) {
      long now = System.nanoTime();
      if (slot.scheduled) {
        return; // a trailing notification is already due and will carry this change
      }
      long since = now - slot.lastSentNanos;
      if (!slot.everSent || since >= windowNanos) {
        slot.everSent = true;
        slot.lastSentNanos = now;
        delayNanos = -1;
      } else {
        slot.scheduled = true;
        delayNanos = windowNanos - since;
      }
    }
    if (delayNanos < 0) {
      send.accept(subscriber, uri);
    } else {
      // Not kept: a trailing notification is never cancelled (forget() makes it a no-op).
      Future<?> unused =
          scheduler.schedule(() -> fire(subscriber, uri, slot), delayNanos, TimeUnit.NANOSECONDS);
    }
  }

  private void fire(Subscriber subscriber, String uri, Slot slot) {
    synchronized (slot) {
      slot.scheduled = false;
      slot.everSent = true;
      slot.lastSentNanos = System.nanoTime();
    }
    if (slots.containsKey(subscriber)) {
      send.accept(subscriber, uri);
    }
  }

  /** Forgets a subscriber; notifications still pending for it are dropped. */
  void forget(Subscriber subscriber) {
    slots.remove(subscriber);
  }

  private static final class Slot {
    // guarded by this
    boolean everSent;
    long lastSentNanos;
    boolean scheduled;
  }
}
