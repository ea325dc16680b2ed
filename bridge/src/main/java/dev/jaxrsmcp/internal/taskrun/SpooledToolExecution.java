package dev.jaxrsmcp.internal.taskrun;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.content.ContentsMapper;
import dev.jaxrsmcp.internal.content.ContentsShape;
import dev.jaxrsmcp.internal.content.ReadMessage;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.methods.ResourceMethods;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.observe.TaskRunWatch;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ReadContext;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.spool.Spool;
import dev.jaxrsmcp.internal.spool.SpoolBudget;
import dev.jaxrsmcp.internal.spool.SpoolDirectory;
import dev.jaxrsmcp.tasks.McpTasks;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link TaskExecution} on today's read path: the route runs through the in-process reader on a
 * task worker (at most {@link McpTasks#maxRunning()} at once, threads inheriting nothing), writing
 * into a spool file; its progress goes to the listener; when it ends, its tool result is built from
 * the spool by the rules every {@code tools/call} follows ({@link ReadMessage#toolResult}, {@link
 * ContentsShape}) and the spool is deleted. A cancelled run's route sees the cancellation, and its
 * spool is deleted as soon as it stops.
 */
public final class SpooledToolExecution implements TaskExecution {
  private static final System.Logger LOG = System.getLogger(SpooledToolExecution.class.getName());

  /** How much of a refused read's body is quoted in the error result. */
  private static final int REFUSAL_HEAD_BYTES = 4096;

  private final ServerState state;
  private final SpoolDirectory spools;
  private final int resultMaxBytes;
  private final Duration timeout;
  private final Semaphore slots;
  private final int maxRunning;
  private final ThreadPoolExecutor workers;
  private volatile boolean closed;

  /**
   * @param budget the spool bytes shared with the server's long-running reads
   */
  public SpooledToolExecution(ServerState state, SpoolBudget budget) {
    this.state = state;
    this.spools =
        new SpoolDirectory(state.settings().get(LongRunningSettings.SPOOL_DIRECTORY), budget);
    McpTasks tasks = state.settings().get(LongRunningSettings.TASKS);
    this.resultMaxBytes = tasks.resultMaxBytes();
    this.timeout = state.settings().get(LongRunningSettings.LONG_RUNNING_TIMEOUT);
    this.maxRunning = tasks.maxRunning();
    this.slots = new Semaphore(maxRunning);
    this.workers =
        new ThreadPoolExecutor(
            0,
            maxRunning,
            60,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> {
              Thread t = new Thread(null, r, "jaxrs-mcp-task", 0, false);
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public Run start(
      McpCall call,
      ToolMethods.ToolRead read,
      Listener listener,
      java.util.function.UnaryOperator<Runnable> carried,
      TaskRunWatch watch) {
    if (closed) {
      throw shuttingDown();
    }
    if (!slots.tryAcquire()) {
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          "Too many tasks: at most "
              + maxRunning
              + " may run at once on this server (McpTasks.maxRunning); try again later");
    }
    ReadContext context = new ReadContext(true, read.entry().maxBytes());
    AtomicReference<TaskRunWatch.Run> observed = new AtomicReference<>();
    context.sink(
        (progress, total, message) -> {
          String described = describe(progress, total, message);
          TaskRunWatch.Run run = observed.get();
          if (run != null) {
            run.progress(described);
          }
          listener.progress(described);
        });
    Spool spool;
    try {
      spool = spools.create(read.entry().maxBytes(), context::isCancelled);
    } catch (RuntimeException e) {
      slots.release();
      throw e;
    }
    Run run =
        () -> {
          context.cancel();
          spool.delete(); // the route's next write fails; the file goes now
        };
    try {
      workers.execute(
          carried.apply(
              () -> {
                observed.set(watch.start());
                runRoute(call, read, context, spool, listener, observed.get());
              }));
    } catch (RejectedExecutionException e) {
      slots.release();
      spool.delete();
      throw closed
          ? shuttingDown()
          : new JsonRpcException(
              ErrorCodes.INTERNAL_ERROR, "Too many tasks: no worker is free; try again later");
    }
    return run;
  }

  private void runRoute(
      McpCall call,
      ToolMethods.ToolRead read,
      ReadContext context,
      Spool spool,
      Listener listener,
      TaskRunWatch.Run observed) {
    boolean ended = false;
    try {
      RouteResponse response =
          state
              .reader()
              .readInto(
                  read.entry(),
                  read.match(),
                  call.caller(),
                  // the run's own span, when current, is the route's parent
                  observed.carriesTrace() ? Map.of() : ResourceMethods.traceHeaders(call),
                  spool.output(),
                  context,
                  timeout);
      context.finish();
      if (context.isCancelled()) {
        return;
      }
      ObjectNode result = result(call, read, response, spool);
      observed.completed(response.status(), result.path("isError").asBoolean(false), spool.size());
      ended = true;
      listener.completed(result);
    } catch (JsonRpcException e) {
      if (!context.isCancelled()) {
        JsonRpcException error = detached(e);
        observed.failed(error.code());
        ended = true;
        listener.failed(error);
      }
    } catch (RuntimeException e) {
      if (!context.isCancelled()) {
        LOG.log(System.Logger.Level.ERROR, "task read of " + read.uri() + " failed", e);
        observed.failed(ErrorCodes.INTERNAL_ERROR);
        ended = true;
        listener.failed(new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Internal error"));
      }
    } finally {
      if (!ended) {
        observed.cancelled();
      }
      context.finish();
      spool.delete();
      slots.release();
    }
  }

  /**
   * The tool result, built from the spool by the rules of a {@code tools/call} ({@link
   * ReadMessage}, {@link ContentsShape}): its content (or an error result for a refusal), the
   * truncation marker when the route wrote past {@code maxBytes}.
   *
   * @throws JsonRpcException for a 401, and when the result is larger than {@code resultMaxBytes}
   */
  private ObjectNode result(
      McpCall call, ToolMethods.ToolRead read, RouteResponse response, Spool spool) {
    if (spool.size() > resultMaxBytes) {
      throw tooLarge(call);
    }
    ObjectNode result;
    if (ContentsMapper.isSuccess(response)) {
      ContentsShape shape =
          ContentsShape.of(
              read.entry(), response, () -> spool.head(ContentsShape.SNIFF_BYTES), spool.size());
      result =
          ReadMessage.toolResult(
              read.entry(),
              read.uri(),
              shape,
              shape.value(spool.head((int) spool.size())),
              spool.truncated());
    } else {
      int status = response.status();
      boolean quoted = status >= 400 && status < 500 && !response.guardRejected();
      result =
          ReadMessage.toolFailure(
              read.uri(), response.withBody(quoted ? spool.head(REFUSAL_HEAD_BYTES) : new byte[0]));
    }
    if (Json.writeBytes(result).length > resultMaxBytes) {
      throw tooLarge(call);
    }
    return result;
  }

  private JsonRpcException tooLarge(McpCall call) {
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        "Task result too large: the result of tool "
            + call.request().params().path("name").asText()
            + " is more than "
            + resultMaxBytes
            + " bytes of JSON (McpTasks.resultMaxBytes)");
  }

  /**
   * A task's error reaches the client long after its HTTP request: a route's 401 can no longer be
   * an HTTP status, so it becomes {@code -32603} with the status in {@code data.status}, as on a
   * stream that has started.
   */
  private static JsonRpcException detached(JsonRpcException e) {
    if (e.httpStatus() != 401) {
      return e;
    }
    ObjectNode data = e.data().map(ObjectNode::deepCopy).orElseGet(Json::object);
    data.put("status", 401);
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, e.getMessage(), data);
  }

  @Override
  public void shutdown() {
    closed = true;
    workers.shutdown();
    spools.deleteAll();
  }

  /** {@code "captured 3s"}, or {@code "3 of 10"} when the route gave no message. */
  private static String describe(double progress, double total, String message) {
    if (!message.isEmpty()) {
      return message;
    }
    String done = number(progress);
    return Double.isNaN(total) ? done : done + " of " + number(total);
  }

  private static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : Double.toString(value);
  }

  private static JsonRpcException shuttingDown() {
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Server is shutting down")
        .withHttpStatus(503);
  }
}
