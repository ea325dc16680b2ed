package dev.jaxrsmcp.internal.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.tasks.McpTaskStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Optional;

/**
 * One task as the store keeps it, and as {@code tasks/get} shows it. Immutable; changes make a new
 * state with the next version ({@link McpTaskStore#replace} compares versions).
 *
 * <p>The state machine: a task starts {@code working}; exactly one transition ends it: {@code
 * completed} (with the tool result, which may be an error result), {@code failed} (with a JSON-RPC
 * error), or {@code cancelled}. Terminal states never change again.
 *
 * @param id the task id
 * @param version the store version this state was read at (or will be written with)
 * @param owner the creator's fingerprint ({@link TaskOwner}), base64
 * @param salt the fingerprint's salt, base64
 * @param status the status
 * @param statusMessage the latest progress message or why the task ended; empty for none
 * @param createdAt when the task was created
 * @param lastUpdatedAt when the status or message last changed
 * @param ttlMs how long the task is kept from {@code createdAt}
 * @param pollIntervalMs the polling interval suggested to clients
 * @param instance the id of the instance running the route
 * @param leaseUntil until when that instance vouches for the task (it renews while it runs)
 * @param result the tool result, for {@code completed}
 * @param error the JSON-RPC error object, for {@code failed}
 */
record TaskState(
    String id,
    long version,
    String owner,
    String salt,
    TaskStatus status,
    Optional<String> statusMessage,
    Instant createdAt,
    Instant lastUpdatedAt,
    long ttlMs,
    long pollIntervalMs,
    String instance,
    Instant leaseUntil,
    Optional<ObjectNode> result,
    Optional<ObjectNode> error) {

  /** When the task expires. */
  Instant expiresAt() {
    return createdAt.plusMillis(ttlMs);
  }

  /** The same task with the lease renewed and the latest progress message. */
  TaskState renewed(Instant until, Optional<String> message, Instant now) {
    boolean changed = !message.equals(statusMessage);
    return new TaskState(
        id,
        version + 1,
        owner,
        salt,
        status,
        message,
        createdAt,
        changed ? now : lastUpdatedAt,
        ttlMs,
        pollIntervalMs,
        instance,
        until,
        result,
        error);
  }

  /** Completed with the tool result; {@code message} is the route's last progress message. */
  TaskState completed(ObjectNode toolResult, Optional<String> message, Instant now) {
    return ended(TaskStatus.COMPLETED, message, Optional.of(toolResult), Optional.empty(), now);
  }

  TaskState failed(ObjectNode rpcError, String message, Instant now) {
    return ended(
        TaskStatus.FAILED, Optional.of(message), Optional.empty(), Optional.of(rpcError), now);
  }

  TaskState cancelled(String message, Instant now) {
    return ended(
        TaskStatus.CANCELLED, Optional.of(message), Optional.empty(), Optional.empty(), now);
  }

  private TaskState ended(
      TaskStatus next,
      Optional<String> message,
      Optional<ObjectNode> toolResult,
      Optional<ObjectNode> rpcError,
      Instant now) {
    return new TaskState(
        id,
        version + 1,
        owner,
        salt,
        next,
        message,
        createdAt,
        now,
        ttlMs,
        pollIntervalMs,
        instance,
        leaseUntil,
        toolResult,
        rpcError);
  }

  /** The {@code Task} members: what a {@code CreateTaskResult} carries (no result or error). */
  ObjectNode task() {
    ObjectNode task = Json.object().put("taskId", id).put("status", status.wireName());
    statusMessage.ifPresent(m -> task.put("statusMessage", m));
    task.put("createdAt", createdAt.toString());
    task.put("lastUpdatedAt", lastUpdatedAt.toString());
    task.put("ttlMs", ttlMs);
    task.put("pollIntervalMs", pollIntervalMs);
    return task;
  }

  /** The {@code DetailedTask} of {@code tasks/get}: the task with its result or error inlined. */
  ObjectNode detailed() {
    ObjectNode task = task();
    result.ifPresent(r -> task.set("result", r.deepCopy()));
    error.ifPresent(e -> task.set("error", e.deepCopy()));
    return task;
  }

  /** The store entry holding this state. */
  McpTaskStore.Entry entry() {
    ObjectNode data = Json.object();
    data.put("owner", owner).put("salt", salt).put("status", status.wireName());
    statusMessage.ifPresent(m -> data.put("statusMessage", m));
    data.put("createdAt", createdAt.toString());
    data.put("lastUpdatedAt", lastUpdatedAt.toString());
    data.put("ttlMs", ttlMs).put("pollIntervalMs", pollIntervalMs);
    data.put("instance", instance).put("leaseUntil", leaseUntil.toString());
    result.ifPresent(r -> data.set("result", r));
    error.ifPresent(e -> data.set("error", e));
    return new McpTaskStore.Entry(id, version, Json.write(data), expiresAt());
  }

  /**
   * Decodes a store entry.
   *
   * @throws IllegalStateException when the entry is not a task this bridge wrote
   */
  static TaskState of(McpTaskStore.Entry entry) {
    JsonNode data;
    try {
      data = Json.reader(64).readTree(entry.data());
    } catch (IOException e) {
      throw new UncheckedIOException("task " + entry.id() + " is not valid JSON in the store", e);
    }
    TaskStatus status =
        TaskStatus.parse(data.path("status").asText())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "task " + entry.id() + " has an unknown status in the store"));
    return new TaskState(
        entry.id(),
        entry.version(),
        data.path("owner").asText(),
        data.path("salt").asText(),
        status,
        text(data, "statusMessage"),
        Instant.parse(data.path("createdAt").asText()),
        Instant.parse(data.path("lastUpdatedAt").asText()),
        data.path("ttlMs").asLong(),
        data.path("pollIntervalMs").asLong(),
        data.path("instance").asText(),
        Instant.parse(data.path("leaseUntil").asText()),
        object(data, "result"),
        object(data, "error"));
  }

  private static Optional<String> text(JsonNode data, String name) {
    JsonNode value = data.get(name);
    return value != null && value.isTextual() ? Optional.of(value.textValue()) : Optional.empty();
  }

  private static Optional<ObjectNode> object(JsonNode data, String name) {
    return data.get(name) instanceof ObjectNode o ? Optional.of(o) : Optional.empty();
  }
}
