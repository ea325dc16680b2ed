package dev.jaxrsmcp.tasks;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link McpTaskStore#inMemory()}: entries in a concurrent map. Expired entries are never returned
 * and are swept every 64 creations, so the map holds at most the tasks of one TTL. Package-private
 * beside its interface, so that the API needs nothing of the internals to offer it.
 */
final class InMemoryTaskStore implements McpTaskStore {
  private static final int SWEEP_EVERY = 64;

  private final ConcurrentMap<String, Entry> entries = new ConcurrentHashMap<>();
  private final AtomicInteger created = new AtomicInteger();
  private final Clock clock;

  InMemoryTaskStore() {
    this(Clock.systemUTC());
  }

  InMemoryTaskStore(Clock clock) {
    this.clock = clock;
  }

  @Override
  public boolean create(Entry entry) {
    if (created.incrementAndGet() % SWEEP_EVERY == 0) {
      sweep();
    }
    Instant now = clock.instant();
    boolean[] stored = {false};
    entries.compute(
        entry.id(),
        (id, current) -> {
          if (current != null && !expired(current, now)) {
            return current;
          }
          stored[0] = true;
          return entry;
        });
    return stored[0];
  }

  @Override
  public Optional<Entry> find(String id) {
    Entry entry = entries.get(id);
    if (entry == null) {
      return Optional.empty();
    }
    if (expired(entry, clock.instant())) {
      entries.remove(id, entry);
      return Optional.empty();
    }
    return Optional.of(entry);
  }

  @Override
  public boolean replace(long expectedVersion, Entry next) {
    Instant now = clock.instant();
    boolean[] replaced = {false};
    entries.computeIfPresent(
        next.id(),
        (id, current) -> {
          if (expired(current, now)) {
            return null;
          }
          if (current.version() != expectedVersion) {
            return current;
          }
          replaced[0] = true;
          return next;
        });
    return replaced[0];
  }

  @Override
  public void delete(String id) {
    entries.remove(id);
  }

  @Override
  public void close() {
    entries.clear();
  }

  /** How many entries the map holds now, expired ones included (for tests). */
  int size() {
    return entries.size();
  }

  private void sweep() {
    Instant now = clock.instant();
    entries.values().removeIf(entry -> expired(entry, now));
  }

  private static boolean expired(Entry entry, Instant now) {
    return !now.isBefore(entry.expiresAt());
  }
}
