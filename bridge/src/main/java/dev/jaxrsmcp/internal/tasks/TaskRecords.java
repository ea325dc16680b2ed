package dev.jaxrsmcp.internal.tasks;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.tasks.McpTaskStore;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * Task states in the store: reads decode, changes are compare-and-set loops, and a store that
 * cannot be reached becomes a {@code -32603} naming what failed. Thread-safe.
 */
final class TaskRecords {
  /** Compare-and-set attempts before a change gives up (only under heavy contention). */
  private static final int ATTEMPTS = 32;

  private final McpTaskStore store;
  private final AtomicBoolean closed = new AtomicBoolean();

  TaskRecords(McpTaskStore store) {
    this.store = store;
    StoreUsers.acquire(store);
  }

  /** Stores a new task; false when its id is taken. */
  boolean create(TaskState task) {
    try {
      return store.create(task.entry());
    } catch (RuntimeException e) {
      throw unavailable("create", task.id(), e);
    }
  }

  Optional<TaskState> find(String id) {
    try {
      return store.find(id).map(TaskState::of);
    } catch (RuntimeException e) {
      throw unavailable("read", id, e);
    }
  }

  /**
   * Applies {@code change} to the task until the store takes it: the change returns the next state,
   * or empty to leave the task as it is.
   *
   * @return the task as it is afterwards; empty when it is gone (expired or deleted)
   */
  Optional<TaskState> update(String id, Function<TaskState, Optional<TaskState>> change) {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Optional<TaskState> current = find(id);
      if (current.isEmpty()) {
        return current;
      }
      Optional<TaskState> next = change.apply(current.get());
      if (next.isEmpty()) {
        return current;
      }
      boolean replaced;
      try {
        replaced = store.replace(current.get().version(), next.get().entry());
      } catch (RuntimeException e) {
        throw unavailable("update", id, e);
      }
      if (replaced) {
        return next;
      }
    }
    throw new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        "Internal error: task " + id + " changed " + ATTEMPTS + " times while it was updated");
  }

  void delete(String id) {
    try {
      store.delete(id);
    } catch (RuntimeException e) {
      throw unavailable("delete", id, e);
    }
  }

  /** This application is done with the store: closes it when no other application uses it. */
  void close() {
    if (closed.compareAndSet(false, true) && StoreUsers.release(store)) {
      store.close();
    }
  }

  private static JsonRpcException unavailable(String what, String id, RuntimeException e) {
    System.getLogger(TaskRecords.class.getName())
        .log(System.Logger.Level.WARNING, "task store: could not " + what + " task " + id, e);
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        "Internal error: the task store is unavailable (could not " + what + " the task)");
  }
}
