package dev.jaxrsmcp.internal.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.McpTasks;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Capabilities;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.protocol.ToolMethods;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * MCP tasks (SEP-2663) for the tools of long-running resources: creates a task for a {@code
 * tools/call} that may become one, runs its route through {@link TaskExecution}, keeps its state in
 * the {@link dev.jaxrsmcp.McpTaskStore} (shared by every instance when the store is), renews the
 * running instance's lease, ends the task at its TTL, and serves the {@code tasks/*} methods
 * ({@link TaskMethods}).
 *
 * <p>Which instance writes what: the instance running a task renews its lease and status message
 * and writes the terminal state when the route ends; any instance may cancel a working task, or
 * fail one whose lease lapsed. Every write is a compare-and-set of a working task, so exactly one
 * terminal state wins. The running instance notices a cancellation made elsewhere at its next
 * renewal and stops the route.
 */
public final class Tasks {
  private static final System.Logger LOG = System.getLogger(Tasks.class.getName());

  private final ServerState state;
  private final TaskExecution execution;
  private final Function<McpCall, ToolMethods.ToolRead> resolve;
  private final TaskRecords records;
  private final TaskOwner owners;
  private final Clock clock;
  private final long ttlMs;
  private final long pollMs;
  private final long leaseMs;
  private final String instance = UUID.randomUUID().toString();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(null, r, "jaxrs-mcp-tasks", 0, false);
            t.setDaemon(true);
            return t;
          });
  private final Map<String, LocalTask> local = new ConcurrentHashMap<>();

  public Tasks(
      ServerState state,
      TaskExecution execution,
      Function<McpCall, ToolMethods.ToolRead> resolve,
      Clock clock) {
    this.state = state;
    this.execution = execution;
    this.resolve = resolve;
    McpTasks settings = state.settings().get(LongRunningSettings.TASKS);
    this.records = new TaskRecords(settings.store());
    this.owners = new TaskOwner(state.settings().get(SecuritySettings.SESSION_BINDING));
    this.clock = clock;
    this.ttlMs = settings.ttl().toMillis();
    this.pollMs = settings.pollInterval().toMillis();
    this.leaseMs = leaseMillis(pollMs);
  }

  /** Whether any tool may run as a task (what {@code server/discover} advertises). */
  public boolean offered() {
    return Capabilities.offersTasks(state);
  }

  /** The {@code tasks/*} methods for the modern method table; none when no task is offered. */
  public Map<String, MethodHandler> methods() {
    return offered() ? new TaskMethods(this).table() : Map.of();
  }

  /**
   * Answers a modern {@code tools/call} of a long-running resource's tool with a task, when it
   * becomes one: its resource has task support and the request declares the tasks extension.
   *
   * @return the {@code CreateTaskResult} (with {@code resultType: "task"}), once the task is
   *     durably created; empty when the call runs as an ordinary call
   * @throws JsonRpcException {@code -32021} for a task-required tool without the extension; {@code
   *     -32602} for invalid arguments; {@code -32603} when the task cannot start
   */
  public Optional<ObjectNode> callAsTask(McpCall call) {
    ToolMethods.ToolRead read = resolve.apply(call);
    McpResource.TaskSupport support = read.entry().taskSupport();
    if (support == McpResource.TaskSupport.NONE) {
      return Optional.empty();
    }
    if (!declaresExtension(call)) {
      if (support == McpResource.TaskSupport.REQUIRED) {
        throw missingExtension(call.request().method() + " of tool " + read.entry().name());
      }
      return Optional.empty();
    }
    TaskState task = create(call);
    LocalTask running = new LocalTask(task.id());
    local.put(task.id(), running);
    try {
      running.run = execution.start(call, read, new Listener(running));
    } catch (RuntimeException e) {
      local.remove(task.id());
      records.delete(task.id());
      throw e;
    }
    try {
      long renewEvery = Math.max(1, pollMs / 3);
      running.renewal =
          timer.scheduleAtFixedRate(
              () -> renew(running), renewEvery, renewEvery, TimeUnit.MILLISECONDS);
      running.expiry =
          timer.schedule(
              () -> expire(running),
              Math.max(0, task.expiresAt().toEpochMilli() - clock.millis()),
              TimeUnit.MILLISECONDS);
      if (!local.containsKey(task.id())) {
        running.forget(); // it ended before its timers were set
      }
    } catch (RejectedExecutionException e) {
      running.stop();
      throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Server is shutting down")
          .withHttpStatus(503);
    }
    ObjectNode result = Json.object().put("resultType", "task");
    result.setAll(task.task());
    result.putObject("_meta").set(META_SERVER_INFO, Capabilities.serverInfo(state));
    return Optional.of(result);
  }

  static final String META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

  private TaskState create(McpCall call) {
    Instant now = clock.instant();
    String salt = TaskOwner.salt();
    for (int attempt = 0; attempt < 3; attempt++) {
      TaskState task =
          new TaskState(
              TaskIds.next(),
              1,
              owners.fingerprint(salt, call.caller().headers()),
              salt,
              TaskStatus.WORKING,
              Optional.empty(),
              now,
              now,
              ttlMs,
              pollMs,
              instance,
              now.plusMillis(leaseMs),
              Optional.empty(),
              Optional.empty());
      if (records.create(task)) {
        return task;
      }
    }
    throw new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR, "Internal error: no free task id after 3 attempts");
  }

  /** True when the request's {@code _meta} client capabilities declare the tasks extension. */
  static boolean declaresExtension(McpCall call) {
    return call.request()
        .meta()
        .path("io.modelcontextprotocol/clientCapabilities")
        .path("extensions")
        .path(Capabilities.TASKS_EXTENSION)
        .isObject();
  }

  /** {@code -32021} naming the tasks extension in {@code data.requiredCapabilities}. */
  static JsonRpcException missingExtension(String what) {
    ObjectNode data = Json.object();
    data.putObject("requiredCapabilities")
        .putObject("extensions")
        .putObject(Capabilities.TASKS_EXTENSION);
    return new JsonRpcException(
        ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY,
        "Missing required client capability: "
            + what
            + " needs the extension "
            + Capabilities.TASKS_EXTENSION
            + " in _meta io.modelcontextprotocol/clientCapabilities.extensions",
        Optional.of(data),
        400,
        Map.of());
  }

  /** The task, when it exists and the caller created it. */
  Optional<TaskState> findOwned(String id, McpCall call) {
    return records.find(id).filter(task -> owners.matches(task, call.caller().headers()));
  }

  /**
   * How long a lease lasts: three poll intervals, and at least 2 seconds, renewed every third of a
   * poll interval. One interval was too short: an instance that is merely slow for a moment (a
   * loaded machine, a collection pause) had its running tasks failed by another instance.
   */
  static long leaseMillis(long pollMs) {
    return Math.max(3 * pollMs, 2_000);
  }

  /**
   * A working task whose running instance stopped renewing its lease ends {@code failed}: the
   * instance died or lost the store.
   */
  TaskState checkLease(TaskState task) {
    Instant now = clock.instant();
    if (task.status() != TaskStatus.WORKING || !now.isAfter(task.leaseUntil())) {
      return task;
    }
    String message =
        "Task failed: the server instance running it stopped renewing its lease at "
            + task.leaseUntil()
            + " (it stopped, or lost the task store)";
    return records
        .update(
            task.id(),
            t ->
                t.status() == TaskStatus.WORKING && now.isAfter(t.leaseUntil())
                    ? Optional.of(t.failed(error(ErrorCodes.INTERNAL_ERROR, message), message, now))
                    : Optional.empty())
        .orElse(task);
  }

  /** Cancels a working task (wherever it runs) and stops its route when it runs here. */
  void cancel(String id) {
    Instant now = clock.instant();
    records.update(
        id,
        t ->
            t.status() == TaskStatus.WORKING
                ? Optional.of(t.cancelled("Cancelled at the client's request", now))
                : Optional.empty());
    LocalTask running = local.get(id);
    if (running != null) {
      running.stop();
    }
  }

  /** Ends every task running here as failed (the server stops), then stops their routes. */
  public void shutdown() {
    Instant now = clock.instant();
    String message = "Task failed: the server is shutting down";
    for (LocalTask running : List.copyOf(local.values())) {
      try {
        records.update(
            running.id,
            t ->
                t.status() == TaskStatus.WORKING
                    ? Optional.of(t.failed(error(ErrorCodes.INTERNAL_ERROR, message), message, now))
                    : Optional.empty());
      } catch (JsonRpcException e) {
        // The store is gone: the task's lease lapses and other instances fail it.
      }
      running.stop();
    }
    execution.shutdown();
    timer.shutdownNow();
    records.close();
  }

  private void renew(LocalTask running) {
    Instant now = clock.instant();
    Optional<TaskState> after;
    try {
      after =
          records.update(
              running.id,
              t ->
                  t.status() == TaskStatus.WORKING && t.instance().equals(instance)
                      ? Optional.of(t.renewed(now.plusMillis(leaseMs), running.message, now))
                      : Optional.empty());
    } catch (JsonRpcException e) {
      return; // logged by the store; the lease lapses if this goes on
    }
    if (after.isEmpty() || after.get().status() != TaskStatus.WORKING) {
      running.stop(); // cancelled or failed elsewhere, or gone
    }
  }

  private void expire(LocalTask running) {
    running.stop();
    try {
      records.delete(running.id);
    } catch (JsonRpcException e) {
      // The store expires the entry by itself.
    }
  }

  private void finished(LocalTask running, Function<TaskState, TaskState> end) {
    try {
      records.update(
          running.id,
          t -> t.status() == TaskStatus.WORKING ? Optional.of(end.apply(t)) : Optional.empty());
    } catch (JsonRpcException e) {
      LOG.log(System.Logger.Level.WARNING, "task " + running.id + " ended but was not stored");
    } finally {
      running.forget();
    }
  }

  static ObjectNode error(int code, String message) {
    return Json.object().put("code", code).put("message", message);
  }

  static ObjectNode error(JsonRpcException e) {
    ObjectNode error = error(e.code(), e.getMessage());
    e.data().ifPresent(d -> error.set("data", d));
    return error;
  }

  /** A task whose route runs on this instance. */
  private final class LocalTask {
    final String id;
    volatile Optional<String> message = Optional.empty();
    volatile TaskExecution.Run run = () -> {};
    volatile ScheduledFuture<?> renewal;
    volatile ScheduledFuture<?> expiry;

    LocalTask(String id) {
      this.id = id;
    }

    /** Stops the route (its spool goes) and forgets the task here. */
    void stop() {
      run.cancel();
      forget();
    }

    void forget() {
      local.remove(id, this);
      ScheduledFuture<?> r = renewal;
      if (r != null) {
        r.cancel(false);
      }
      ScheduledFuture<?> x = expiry;
      if (x != null) {
        x.cancel(false);
      }
    }
  }

  /** Hears one run and writes its end into the store. */
  private final class Listener implements TaskExecution.Listener {
    private final LocalTask running;

    Listener(LocalTask running) {
      this.running = running;
    }

    @Override
    public void progress(String message) {
      running.message = Optional.of(message);
    }

    @Override
    public void completed(ObjectNode toolResult) {
      Instant now = clock.instant();
      finished(running, t -> t.completed(toolResult, running.message, now));
    }

    @Override
    public void failed(JsonRpcException error) {
      Instant now = clock.instant();
      finished(
          running,
          t -> t.failed(error(error), "Tool execution failed: " + error.getMessage(), now));
    }
  }
}
