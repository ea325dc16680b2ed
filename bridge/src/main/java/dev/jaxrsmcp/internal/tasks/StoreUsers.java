package dev.jaxrsmcp.internal.tasks;

import dev.jaxrsmcp.tasks.McpTaskStore;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * How many running applications use each task store (by identity). A store is closed when the last
 * of them stops, so that a store shared by several applications (one feature registered in two, or
 * one store given to two features) is not closed under the others. Thread-safe.
 */
final class StoreUsers {
  private static final Map<McpTaskStore, Integer> USERS = new IdentityHashMap<>();

  private StoreUsers() {}

  /** An application starts using {@code store}. */
  static synchronized void acquire(McpTaskStore store) {
    USERS.merge(store, 1, Integer::sum);
  }

  /**
   * An application stopped using {@code store}.
   *
   * @return true when it was the last one: the store is to be closed
   */
  static synchronized boolean release(McpTaskStore store) {
    Integer users = USERS.get(store);
    if (users == null || users <= 1) {
      USERS.remove(store);
      return true;
    }
    USERS.put(store, users - 1);
    return false;
  }
}
