package dev.jaxrsmcp.tasks;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Where MCP tasks (the tasks extension, {@code io.modelcontextprotocol/tasks}) keep their state, so
 * that {@code tasks/get} and {@code tasks/cancel} work on whichever instance a request reaches. The
 * store holds opaque, versioned entries that expire; the bridge encodes a task into an entry. The
 * default, {@link #inMemory()}, serves one instance; the {@code jaxrs-mcp-redis} artifact offers a
 * Redis store shared by every instance:
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .tasks(McpTasks.builder().store(RedisTaskStore.builder("redis://localhost:6379").build()).build())
 *     .build();
 * }</pre>
 *
 * <p>Implementations are thread-safe. Every method returns once its effect is visible to {@link
 * #find} on every instance (a task's creation is durable before its handle is sent); a store that
 * cannot reach its backend throws {@link IllegalStateException}, which the client sees as {@code
 * -32603}.
 */
public interface McpTaskStore extends AutoCloseable {

  /**
   * One stored task.
   *
   * @param id the task id
   * @param version increases with every replacement; compared by {@link #replace}
   * @param data the task as the bridge encoded it
   * @param expiresAt when the entry goes: {@link #find} no longer returns it from then on (stores
   *     may keep it to the millisecond)
   */
  record Entry(String id, long version, String data, Instant expiresAt) {
    public Entry {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(data, "data");
      Objects.requireNonNull(expiresAt, "expiresAt");
    }
  }

  /** Stores a new entry; false (and nothing changes) when an entry with its id exists. */
  boolean create(Entry entry);

  /** The entry with this id, unless there is none or it has expired. */
  Optional<Entry> find(String id);

  /**
   * Replaces the entry with {@code next}'s id when its version is still {@code expectedVersion}
   * (compare-and-set); false when it changed, expired or is gone.
   */
  boolean replace(long expectedVersion, Entry next);

  /** Removes the entry (nothing happens when there is none). */
  void delete(String id);

  /** Releases connections; called once, when the last application using this store shuts down. */
  @Override
  void close();

  /** A store for a single instance, in this JVM's memory. */
  static McpTaskStore inMemory() {
    return new InMemoryTaskStore();
  }
}
