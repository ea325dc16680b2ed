package dev.jaxrsmcp.internal.subscribe;

import dev.jaxrsmcp.internal.time.Scheduler;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.LongSupplier;

/**
 * At most one notification per subscriber and URI per window, and always one after the last change:
 * the first change of a quiet period is sent at once; changes inside the window are folded into one
 * notification sent when the window ends.
 *
 * <p>A slot (the state of one subscriber and URI) exists only while that subscription does: {@link
 * #forget} drops it when the subscription ends, and a submit that races the end (it saw the
 * subscriber just before it left) drops the slot it made once it sees the subscription gone.
 */
final class Debouncer {
  private final long windowNanos;
  private final Scheduler scheduler;
  private final LongSupplier nanoTime;
  private final BiConsumer<Subscriber, String> send;
  private final BiPredicate<Subscriber, String> subscribed;
  private final Map<Key, Slot> slots = new ConcurrentHashMap<>();

  /**
   * One subscription's slot key. Written out rather than left to the record's generated methods: a
   * change to 10,000 subscribers looks up 10,000 keys on the caller's thread, and the generated
   * ones go through a method handle each time.
   */
  private record Key(Subscriber subscriber, String uri) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Key key && subscriber.equals(key.subscriber) && uri.equals(key.uri);
    }

    @Override
    public int hashCode() {
      return 31 * subscriber.hashCode() + uri.hashCode();
    }
  }

  /**
   * @param scheduler runs the trailing notifications
   * @param nanoTime the clock the window is measured on
   * @param send hands one {@code resources/updated} for a URI to a subscriber (without blocking)
   * @param subscribed whether a subscriber is subscribed to a URI now
   */
  Debouncer(
      Duration window,
      Scheduler scheduler,
      LongSupplier nanoTime,
      BiConsumer<Subscriber, String> send,
      BiPredicate<Subscriber, String> subscribed) {
    this.windowNanos = window.toNanos();
    this.scheduler = scheduler;
    this.nanoTime = nanoTime;
    this.send = send;
    this.subscribed = subscribed;
  }

  /** Sends {@code uri}'s change to {@code subscriber}, now or when its window ends. */
  void submit(Subscriber subscriber, String uri) {
    if (windowNanos == 0) {
      send.accept(subscriber, uri);
      return;
    }
    Key key = new Key(subscriber, uri);
    Slot slot = slotOf(key);
    if (slot == null) {
      return; // the subscription ended meanwhile
    }
    long delayNanos;
    synchronized (slot) {
      long now = nanoTime.getAsLong();
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
      return;
    }
    try {
      // Not kept: a trailing notification is never cancelled (forget() makes it a no-op).
      Future<?> unused =
          scheduler.schedule(() -> fire(key, slot), delayNanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      // shutting down: nothing more goes out
    }
  }

  /**
   * The key's slot, made if there is none; null when the subscription ended meanwhile. Only a slot
   * made here may outlive its subscription (its end's forget ran just before), so only its maker
   * checks the subscription; a slot found is dropped by that forget. A change to many subscribers
   * then looks up each subscription only the first time.
   */
  private Slot slotOf(Key key) {
    Slot found = slots.get(key);
    if (found != null) {
      return found;
    }
    Slot made = new Slot();
    found = slots.putIfAbsent(key, made);
    if (found != null) {
      return found;
    }
    if (!subscribed.test(key.subscriber(), key.uri())) {
      slots.remove(key, made); // leave nothing behind
      return null;
    }
    return made;
  }

  private void fire(Key key, Slot slot) {
    synchronized (slot) {
      slot.scheduled = false;
      slot.everSent = true;
      slot.lastSentNanos = nanoTime.getAsLong();
    }
    if (slots.get(key) == slot) {
      send.accept(key.subscriber(), key.uri());
    }
  }

  /** Forgets one subscription; a notification still pending for it is dropped. */
  void forget(Subscriber subscriber, String uri) {
    slots.remove(new Key(subscriber, uri));
  }

  /** How many slots are held (for tests). */
  int size() {
    return slots.size();
  }

  private static final class Slot {
    // guarded by this
    boolean everSent;
    long lastSentNanos;
    boolean scheduled;
  }
}
