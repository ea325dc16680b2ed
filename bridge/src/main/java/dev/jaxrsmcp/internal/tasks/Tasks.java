package dev.jaxrsmcp.internal.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.eras.Capabilities;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.observe.TaskRunWatch;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.quota.OwnerQuota;
import dev.jaxrsmcp.internal.quota.QuotaExceededException;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.taskrun.TaskExecution;
import dev.jaxrsmcp.internal.time.Scheduler;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.tasks.McpTasks;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * MCP tasks (SEP-2663) for the tools of long-running resources: creates a task for a {@code
 * tools/call} that may become one, runs its route through {@link TaskExecution}, keeps its state in
 * the {@link dev.jaxrsmcp.tasks.McpTaskStore} (shared by every instance when the store is), renews
 * the running instance's lease, ends the task at its TTL, and serves the {@code tasks/*} methods
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
  private final TaskLease lease;
  private final String instance = UUID.randomUUID().toString();

  /**
   * The timer of leases and expiries: one daemon thread in production; a cancelled timer (a task
   * that ended) is removed at once rather than when it would have fired.
   */
  private final Scheduler timer;

  private final Map<String, RunningTask> local = new ConcurrentHashMap<>();
  private final OwnerQuota runningQuota;
  private final TaskLedger ledger;

  public Tasks(
      ServerState state,
      TaskExecution execution,
      Function<McpCall, ToolMethods.ToolRead> resolve,
      Time time) {
    this.state = state;
    this.execution = execution;
    this.resolve = resolve;
    McpTasks settings = state.settings().get(LongRunningSettings.TASKS);
    this.records = new TaskRecords(settings.store());
    this.owners = new TaskOwner(state.settings().get(SecuritySettings.SESSION_BINDING));
    this.clock = time.clock();
    this.timer = time.newScheduler("jaxrs-mcp-tasks");
    this.ttlMs = settings.ttl().toMillis();
    this.pollMs = settings.pollInterval().toMillis();
    this.lease = new TaskLease(records, clock, instance, pollMs);
    this.runningQuota =
        new OwnerQuota(
            new OwnerQuota.Limit(settings.maxRunning(), "McpTasks.maxRunning"),
            new OwnerQuota.Limit(settings.maxRunningPerCaller(), "McpTasks.maxRunningPerCaller"),
            new OwnerQuota.Limit(settings.maxRunningPerCaller(), "McpTasks.maxRunningPerCaller"));
    this.ledger = new TaskLedger(settings.maxStored(), settings.maxStoredPerCaller());
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
    if (!TaskErrors.declaresExtension(call)) {
      if (support == McpResource.TaskSupport.REQUIRED) {
        throw TaskErrors.missingExtension(
            call.request().method() + " of tool " + read.entry().name());
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
   * @param watch observes the task's run for the creating call's observers
   * @return the {@code CreateTaskResult} (with {@code resultType: "task"}), once the task is
   *     durably created
   * @throws JsonRpcException {@code -32603} when the task cannot start (a quota, the store, a
   *     shutdown); nothing is kept then
   */
  public ObjectNode start(
      McpCall call,
      ToolMethods.ToolRead read,
      Caller creator,
      UnaryOperator<Runnable> carried,
      TaskRunWatch watch) {
    String quotaOwner = quotaOwner(creator);
    Runnable release;
    try {
      release = runningQuota.take(quotaOwner, 1);
    } catch (QuotaExceededException e) {
      throw TaskErrors.tooMany(e);
    }
    McpCall detached = new McpCall(call.request(), call.era(), call.protocolVersion(), creator);
    TaskState task;
    try {
      task = create(detached, quotaOwner);
    } catch (RuntimeException e) {
      release.run();
      throw e;
    }
    RunningTask running = new RunningTask(task.id(), release, local);
    local.put(task.id(), running);
    try {
      running.run =
          execution.start(detached, read, new RunListener(running, records, clock), carried, watch);
    } catch (RuntimeException e) {
      local.remove(task.id());
      release.run();
      ledger.remove(task.id());
      records.delete(task.id());
      throw e;
    }
    try {
      long renewEvery = TaskLease.renewEveryMillis(pollMs);
      running.renewal =
          timer.scheduleAtFixedRate(
              () -> lease.renew(running), renewEvery, renewEvery, TimeUnit.MILLISECONDS);
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
              lease.until(now),
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

  /** The task, when it exists and the caller created it. */
  Optional<TaskState> findOwned(String id, McpCall call) {
    return records.find(id).filter(task -> owners.matches(task, call.caller()));
  }

  /** The task, failed when its lease lapsed (see {@link TaskLease#check}). */
  TaskState checkLease(TaskState task) {
    return lease.check(task);
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
    RunningTask running = local.get(id);
    if (running != null) {
      running.stop();
    }
  }

  /** Ends every task running here as failed (the server stops), then stops their routes. */
  public void shutdown() {
    Instant now = clock.instant();
    String message = "Task failed: the server is shutting down";
    for (RunningTask running : List.copyOf(local.values())) {
      try {
        records.update(
            running.id,
            t ->
                t.status() == TaskStatus.WORKING
                    ? Optional.of(
                        t.failed(
                            TaskErrors.error(ErrorCodes.INTERNAL_ERROR, message), message, now))
                    : Optional.empty());
      } catch (JsonRpcException e) {
        // The store is gone: the task's lease lapses and other instances fail it.
      }
      running.stop();
    }
    execution.shutdown();
    timer.shutdown();
    records.close();
  }

  private void expire(RunningTask running) {
    running.stop();
    ledger.remove(running.id);
    try {
      records.delete(running.id);
    } catch (JsonRpcException e) {
      // The store expires the entry by itself.
    }
  }

  /** Timers waiting (leases and expiries of tasks running here), for tests. */
  int timersQueued() {
    return timer.queued();
  }

  /** Tasks this instance keeps (created and not expired), for tests. */
  int kept() {
    return ledger.size();
  }
}
