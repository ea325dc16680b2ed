package dev.jaxrsmcp.internal.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.McpTasks;
import dev.jaxrsmcp.internal.eras.Capabilities;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.quota.OwnerQuota;
import dev.jaxrsmcp.internal.quota.QuotaExceededException;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.UnaryOperator;

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
  private final ScheduledThreadPoolExecutor timer = newTimer();
  private final Map<String, LocalTask> local = new ConcurrentHashMap<>();
  private final OwnerQuota runningQuota;
  private final TaskLedger ledger;

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
    this.runningQuota =
        new OwnerQuota(
            new OwnerQuota.Limit(settings.maxRunning(), "McpTasks.maxRunning"),
            new OwnerQuota.Limit(settings.maxRunningPerCaller(), "McpTasks.maxRunningPerCaller"),
            new OwnerQuota.Limit(settings.maxRunningPerCaller(), "McpTasks.maxRunningPerCaller"));
    this.ledger = new TaskLedger(settings.maxStored(), settings.maxStoredPerCaller());
  }

  /**
   * The timer of leases and expiries: one daemon thread; a cancelled timer (a task that ended) is
   * removed at once rather than when it would have fired.
   */
  private static ScheduledThreadPoolExecutor newTimer() {
    ScheduledThreadPoolExecutor timer =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(null, r, "jaxrs-mcp-tasks", 0, false);
              t.setDaemon(true);
              return t;
            });
    timer.setRemoveOnCancelPolicy(true);
    return timer;
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
   * Whether a modern {@code tools/call} becomes a task: its resource has task support and the
   * request declares the tasks extension. Checks the call (tool, arguments, extension) and keeps
   * nothing: the task is created by {@link #start} once the application's filters accepted the
   * caller (contract section 15).
   *
   * @return the tool read the task will run; empty when the call runs as an ordinary call
   * @throws JsonRpcException {@code -32021} for a task-required tool without the extension; {@code
   *     -32602} for invalid arguments
   */
  public Optional<ToolMethods.ToolRead> asTask(McpCall call) {
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
    return Optional.of(read);
  }

  /**
   * Creates the task of a call {@link #asTask} accepted, owned by its creator, and starts its route
   * in the background.
   *
   * @param creator the caller as the application's filters accepted it, detached from its request
   *     (headers copied, identity captured, no request scope)
   * @param carried carries the creating request's thread context to the thread the route runs on
   * @return the {@code CreateTaskResult} (with {@code resultType: "task"}), once the task is
   *     durably created
   * @throws JsonRpcException {@code -32603} when the task cannot start (a quota, the store, a
   *     shutdown); nothing is kept then
   */
  public ObjectNode start(
      McpCall call, ToolMethods.ToolRead read, Caller creator, UnaryOperator<Runnable> carried) {
    String quotaOwner = quotaOwner(creator);
    Runnable release;
    try {
      release = runningQuota.take(quotaOwner, 1);
    } catch (QuotaExceededException e) {
      throw tooMany(e);
    }
    McpCall detached = new McpCall(call.request(), call.era(), call.protocolVersion(), creator);
    TaskState task;
    try {
      task = create(detached, quotaOwner);
    } catch (RuntimeException e) {
      release.run();
      throw e;
    }
    LocalTask running = new LocalTask(task.id(), release);
    local.put(task.id(), running);
    try {
      running.run = execution.start(detached, read, new Listener(running), carried);
    } catch (RuntimeException e) {
      local.remove(task.id());
      release.run();
      ledger.remove(task.id());
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
    return result;
  }

  /** Whose task quotas a creator uses: its principal, its caller key, or the anonymous bucket. */
  private static String quotaOwner(Caller creator) {
    Optional<String> name = creator.identity().principalName();
    if (name.isPresent()) {
      return "p:" + name.get();
    }
    return creator.identity().callerKey().map(k -> "k:" + k).orElse(OwnerQuota.ANONYMOUS);
  }

  private static JsonRpcException tooMany(QuotaExceededException e) {
    String message =
        e.scope() == QuotaExceededException.Scope.ALL
            ? "Too many tasks: " + e.describe() + " may run at once on this server; try again later"
            : "Too many tasks for this caller: "
                + e.describe()
                + " may run at once on this server; cancel one or try again later";
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, message);
  }

  static final String META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

  private TaskState create(McpCall call, String quotaOwner) {
    Instant now = clock.instant();
    String salt = TaskOwner.salt();
    String owner = owners.fingerprint(salt, call.caller());
    for (int attempt = 0; attempt < 3; attempt++) {
      String id = TaskIds.next();
      List<String> evicted =
          ledger.enter(id, quotaOwner, now, now.plusMillis(ttlMs), local::containsKey);
      for (String old : evicted) {
        records.delete(old);
      }
      TaskState task =
          new TaskState(
              id,
              1,
              owner,
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
      boolean created;
      try {
        created = records.create(task);
      } catch (RuntimeException e) {
        ledger.remove(id);
        throw e;
      }
      if (created) {
        return task;
      }
      ledger.remove(id);
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
    return records.find(id).filter(task -> owners.matches(task, call.caller()));
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
    ledger.remove(running.id);
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

  /** Timers waiting (leases and expiries of tasks running here), for tests. */
  int timersQueued() {
    return timer.getQueue().size();
  }

  /** Tasks this instance keeps (created and not expired), for tests. */
  int kept() {
    return ledger.size();
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
    final Runnable release;
    volatile Optional<String> message = Optional.empty();
    volatile TaskExecution.Run run = () -> {};
    volatile ScheduledFuture<?> renewal;
    volatile ScheduledFuture<?> expiry;

    LocalTask(String id, Runnable release) {
      this.id = id;
      this.release = release;
    }

    /** Stops the route (its spool goes) and forgets the task here. */
    void stop() {
      run.cancel();
      forget();
    }

    void forget() {
      local.remove(id, this);
      release.run(); // its running quota

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
