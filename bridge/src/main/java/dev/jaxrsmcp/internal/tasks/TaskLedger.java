package dev.jaxrsmcp.internal.tasks;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The tasks this instance created and keeps until they expire, by owner (contract section 15: the
 * task store has a per-owner and a total limit). A task is entered before it is stored; at an
 * owner's limit its oldest ended task makes room (the caller deletes it from the store), and when
 * all of them still run, or the instance keeps {@code maxStored} tasks, the new one is refused.
 * Entries leave when they expire (pruned as new ones come, oldest first: every task lives for the
 * same TTL) or when the task is deleted.
 *
 * <p>Thread safety: every method is synchronized; the work per call is the pruning of expired
 * entries plus a walk over one owner's entries at its limit.
 */
final class TaskLedger {
  private final int maxStored;
  private final int maxPerOwner;

  // guarded by this; in creation order, which is expiry order
  private final LinkedHashMap<String, Entry> all = new LinkedHashMap<>();
  // guarded by this
  private final Map<String, Set<String>> byOwner = new java.util.HashMap<>();

  private record Entry(String owner, Instant expiresAt) {}

  TaskLedger(int maxStored, int maxPerOwner) {
    this.maxStored = maxStored;
    this.maxPerOwner = maxPerOwner;
  }

  /**
   * Enters a new task of {@code owner}.
   *
   * @param running whether a task (by id) still runs: those are never evicted
   * @return the ids of ended tasks evicted to make room (to delete from the store)
   * @throws JsonRpcException {@code -32603} (HTTP 503 with {@code Retry-After} for the total limit)
   *     when there is no room; nothing is entered then
   */
  synchronized List<String> enter(
      String id, String owner, Instant now, Instant expiresAt, Predicate<String> running) {
    prune(now);
    List<String> evicted = new ArrayList<>();
    Set<String> owned = byOwner.getOrDefault(owner, Set.of());
    if (owned.size() >= maxPerOwner) {
      Optional<String> ended = owned.stream().filter(running.negate()).findFirst();
      if (ended.isEmpty()) {
        throw new JsonRpcException(
            ErrorCodes.INTERNAL_ERROR,
            "Too many tasks for this caller: at most "
                + maxPerOwner
                + " tasks of one caller are kept on this server (McpTasks.maxStoredPerCaller),"
                + " and all of them still run; cancel one or wait for one to end");
      }
      remove(ended.get());
      evicted.add(ended.get());
    }
    if (all.size() >= maxStored) {
      long wait =
          all.values().stream()
              .findFirst()
              .map(oldest -> Duration.between(now, oldest.expiresAt()).toSeconds() + 1)
              .orElse(1L);
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          "Too many tasks: at most "
              + maxStored
              + " tasks are kept on this server (McpTasks.maxStored); the oldest expires in "
              + wait
              + " s",
          Optional.empty(),
          503,
          Map.of("Retry-After", List.of(Long.toString(Math.max(1, wait)))));
    }
    all.put(id, new Entry(owner, expiresAt));
    byOwner.computeIfAbsent(owner, o -> new LinkedHashSet<>()).add(id);
    return evicted;
  }

  /** The task is gone (deleted, or its creation failed). */
  synchronized void remove(String id) {
    Entry entry = all.remove(id);
    if (entry != null) {
      Set<String> owned = byOwner.get(entry.owner());
      if (owned != null) {
        owned.remove(id);
        if (owned.isEmpty()) {
          byOwner.remove(entry.owner());
        }
      }
    }
  }

  /** How many tasks are entered now (expired ones not yet pruned included). */
  synchronized int size() {
    return all.size();
  }

  // guarded by this
  private void prune(Instant now) {
    for (Iterator<Map.Entry<String, Entry>> it = all.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, Entry> next = it.next();
      if (now.isBefore(next.getValue().expiresAt())) {
        return;
      }
      it.remove();
      Set<String> owned = byOwner.get(next.getValue().owner());
      if (owned != null) {
        owned.remove(next.getKey());
        if (owned.isEmpty()) {
          byOwner.remove(next.getValue().owner());
        }
      }
    }
  }
}
