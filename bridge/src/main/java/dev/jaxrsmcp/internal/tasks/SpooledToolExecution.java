package dev.jaxrsmcp.internal.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpTasks;
import dev.jaxrsmcp.internal.dispatch.ReadContext;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ResourceMethods;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.protocol.SpooledResult;
import dev.jaxrsmcp.internal.protocol.ToolMethods;
import dev.jaxrsmcp.internal.spool.Spool;
import dev.jaxrsmcp.internal.spool.SpoolDirectory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link TaskExecution} on today's read path: the route runs through the in-process reader on a
 * task worker (at most {@link McpTasks#maxRunning()} at once, threads inheriting nothing), writing
 * into a spool file; its progress goes to the listener; when it ends, its tool result is built from
 * the spool by the same rules as a long-running {@code tools/call} and the spool is deleted. A
 * cancelled run's route sees the cancellation, and its spool is deleted as soon as it stops.
 */
public final class SpooledToolExecution implements TaskExecution {
  private static final System.Logger LOG = System.getLogger(SpooledToolExecution.class.getName());

  /** How much of a refused read's body is quoted in the error result. */
  private static final int REFUSAL_HEAD_BYTES = 4096;

  private final ServerState state;
  private final SpoolDirectory spools;
  private final Supplier<ObjectNode> serverInfo;
  private final int resultMaxBytes;
  private final Duration timeout;
  private final Semaphore slots;
  private final int maxRunning;
  private final ThreadPoolExecutor workers;
  private volatile boolean closed;

  public SpooledToolExecution(ServerState state, Supplier<ObjectNode> serverInfo) {
    this.state = state;
    this.spools = new SpoolDirectory(state.settings().spoolDirectory());
    this.serverInfo = serverInfo;
    McpTasks tasks = state.settings().tasks();
    this.resultMaxBytes = tasks.resultMaxBytes();
    this.timeout = state.settings().longRunningTimeout();
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
  public Run start(McpCall call, ToolMethods.ToolRead read, Listener listener) {
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
    context.sink(
        (progress, total, message) -> listener.progress(describe(progress, total, message)));
    Spool spool;
    try {
      spool = spools.create(read.entry().maxBytes(), context::isCancelled);
    } catch (RuntimeException e) {
      slots.release();
      throw e;
    }
    McpCall detached =
        new McpCall(
            call.request(), call.era(), call.protocolVersion(), CallerSnapshot.of(call.caller()));
    Run run =
        () -> {
          context.cancel();
          spool.delete(); // the route's next write fails; the file goes now
        };
    try {
      workers.execute(() -> runRoute(detached, read, context, spool, listener));
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
      Listener listener) {
    try {
      RouteResponse response =
          state
              .reader()
              .readInto(
                  read.entry(),
                  read.match(),
                  call.caller(),
                  ResourceMethods.traceHeaders(call),
                  spool.output(),
                  context,
                  timeout);
      context.finish();
      if (context.isCancelled()) {
        return;
      }
      listener.completed(result(call, read, response, spool));
    } catch (JsonRpcException e) {
      if (!context.isCancelled()) {
        listener.failed(detached(e));
      }
    } catch (RuntimeException e) {
      if (!context.isCancelled()) {
        LOG.log(System.Logger.Level.ERROR, "task read of " + read.uri() + " failed", e);
        listener.failed(new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Internal error"));
      }
    } finally {
      context.finish();
      spool.delete();
      slots.release();
    }
  }

  /** The tool result, built from the spool as a long-running {@code tools/call} answers. */
  private ObjectNode result(
      McpCall call, ToolMethods.ToolRead read, RouteResponse response, Spool spool) {
    int status = response.status();
    RouteResponse quoted =
        status >= 400 && status < 500
            ? response.withBody(spool.head(REFUSAL_HEAD_BYTES))
            : response;
    SpooledResult message =
        SpooledResult.of(
            SpooledResult.Kind.TOOL_CALL,
            IntNode.valueOf(0),
            call,
            read.entry(),
            read.uri(),
            quoted,
            spool,
            serverInfo.get());
    Bounded out = new Bounded(resultMaxBytes);
    try {
      message.writeTo(out);
    } catch (Bounded.Full e) {
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          "Task result too large: the result of tool "
              + call.request().params().path("name").asText()
              + " is more than "
              + resultMaxBytes
              + " bytes of JSON (McpTasks.resultMaxBytes)");
    } catch (IOException e) {
      throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Internal error: " + e.getMessage());
    }
    JsonNode parsed;
    try {
      parsed = Json.reader(64).readTree(out.toByteArray());
    } catch (IOException e) {
      throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Internal error: " + e.getMessage());
    }
    ObjectNode result = (ObjectNode) parsed.get("result");
    // Inlined in tasks/get, which carries resultType and serverInfo itself.
    result.remove("resultType");
    if (result.get("_meta") instanceof ObjectNode meta) {
      meta.remove("io.modelcontextprotocol/serverInfo");
      if (meta.isEmpty()) {
        result.remove("_meta");
      }
    }
    return result;
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

  /** Collects at most {@code max} bytes; one more fails the write. */
  private static final class Bounded extends OutputStream {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final int max;

    Bounded(int max) {
      this.max = max;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (bytes.size() + len > max) {
        throw new Full();
      }
      bytes.write(b, off, len);
    }

    byte[] toByteArray() {
      return bytes.toByteArray();
    }

    static final class Full extends IOException {
      private static final long serialVersionUID = 1L;

      Full() {
        super("full", null);
      }
    }
  }
}
