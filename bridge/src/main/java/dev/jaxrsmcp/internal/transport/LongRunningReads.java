package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.dispatch.ReadContext;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ResourceMethods;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.protocol.SpooledResult;
import dev.jaxrsmcp.internal.session.SessionRead;
import dev.jaxrsmcp.internal.spool.Spool;
import dev.jaxrsmcp.internal.spool.SpoolDirectory;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Long-running reads (contract section 9): the route runs on a worker thread and writes into a
 * spool file; the response stays plain JSON when the read ends quickly, and becomes an SSE stream
 * as soon as there is something to send (progress, or a keep-alive comment). A client that goes
 * away (a keep-alive or progress write fails), a legacy {@code notifications/cancelled}, the read
 * timeout and shutdown all cancel the route; every spool file is deleted once sent, on error, on
 * cancel and on shutdown.
 */
final class LongRunningReads {
  private static final System.Logger LOG = System.getLogger(LongRunningReads.class.getName());

  /** How long a finished result may wait to be written before its spool is given up. */
  private static final long UNSENT_RESULT_GRACE_SECONDS = 60;

  /** How much of a refused read's body is quoted in its error message. */
  private static final int REFUSAL_HEAD_BYTES = 4096;

  private final ServerState state;
  private final SpoolDirectory spools;
  private final ScheduledExecutorService timer;
  private final Supplier<ObjectNode> serverInfo;
  private final ExecutorService workers =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "jaxrs-mcp-long-read");
            t.setDaemon(true);
            return t;
          });
  private final Set<LongRead> active = ConcurrentHashMap.newKeySet();
  private final Map<Object, LongRead> byCancelKey = new ConcurrentHashMap<>();
  private volatile boolean closed;

  LongRunningReads(
      ServerState state, ScheduledExecutorService timer, Supplier<ObjectNode> serverInfo) {
    this.state = state;
    this.spools = new SpoolDirectory(state.settings().spoolDirectory());
    this.timer = timer;
    this.serverInfo = serverInfo;
  }

  /**
   * Runs a long-running read and answers it.
   *
   * @param kind whether the read answers a {@code resources/read} or a {@code tools/call}
   * @param uri the URI read (for a tool: the one its arguments expand to)
   * @param cancelKey identifies the request for {@link #cancel} (legacy {@code
   *     notifications/cancelled}); empty when it cannot be cancelled that way
   */
  Response read(
      SpooledResult.Kind kind,
      McpCall call,
      CatalogueEntry entry,
      TemplateMatch match,
      String uri,
      boolean acceptsEventStream,
      Optional<Object> cancelKey) {
    if (closed) {
      throw shuttingDown();
    }
    JsonNode id = call.request().id().orElseThrow();
    Optional<JsonNode> token = progressToken(call);
    ReadContext context =
        new ReadContext(token.isPresent() && acceptsEventStream, entry.maxBytes());
    Spool spool = spools.create(entry.maxBytes(), context::isCancelled);
    LongRead read = new LongRead(context, spool);
    ProgressRelay relay = new ProgressRelay(token.orElseGet(Json::object));
    context.sink(relay);
    active.add(read);
    cancelKey.ifPresent(key -> byCancelKey.put(key, read));
    SessionRead.track(cancelKey, read::cancel, read.outcome); // DELETE, expiry, any instance
    read.outcome.whenComplete(
        (r, e) -> {
          active.remove(read);
          cancelKey.ifPresent(key -> byCancelKey.remove(key, read));
        });
    if (closed) { // shutdown began after the first check and may not have seen this read
      read.fail(shuttingDown());
    } else {
      start(read, call, entry, match);
    }

    Answer answer = new Answer(kind, id, call, entry, uri);
    if (!acceptsEventStream) {
      return plain(read, answer);
    }
    try {
      CompletableFuture.anyOf(read.outcome, relay.first)
          .get(state.settings().longRunningKeepAlive().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // Still running with nothing to send (SSE for the keep-alive), or ended (looked at below).
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      read.fail(shuttingDown());
    }
    if (read.outcome.isDone() && !relay.first.isDone()) {
      return plain(read, answer);
    }
    return stream(read, relay, answer);
  }

  /**
   * Cancels an in-flight read (legacy {@code notifications/cancelled}); true when one was found.
   */
  boolean cancel(Object key) {
    LongRead read = byCancelKey.remove(key);
    if (read != null) {
      read.cancel();
    }
    return read != null;
  }

  /**
   * Ends every read with a shutdown error (their routes see the cancellation), lets the workers
   * wind down and deletes every spool file.
   */
  void shutdown() {
    closed = true;
    for (LongRead read : List.copyOf(active)) {
      read.fail(shuttingDown());
    }
    workers.shutdown();
    spools.deleteAll();
  }

  private void start(LongRead read, McpCall call, CatalogueEntry entry, TemplateMatch match) {
    long timeout = state.settings().longRunningTimeout().toMillis();
    try {
      workers.execute(
          () -> {
            try {
              read.outcome.complete(
                  state
                      .reader()
                      .readInto(
                          entry,
                          match,
                          call.caller(),
                          ResourceMethods.traceHeaders(call),
                          read.spool.output(),
                          read.context,
                          state.settings().longRunningTimeout()));
            } catch (Throwable t) {
              read.outcome.completeExceptionally(t);
            }
          });
    } catch (RejectedExecutionException e) {
      read.fail(shuttingDown());
      return;
    }
    schedule(
            () ->
                read.fail(
                    new JsonRpcException(
                        ErrorCodes.INTERNAL_ERROR, "Read timed out after " + timeout + " ms")),
            timeout)
        .ifPresent(task -> read.outcome.whenComplete((r, e) -> task.cancel(false)));
  }

  /** Waits for the read and answers it as one JSON response. */
  private Response plain(LongRead read, Answer answer) {
    SpooledResult result;
    try {
      result = answer.result(await(read), read.spool);
    } catch (RuntimeException e) {
      read.end();
      throw e;
    }
    read.context.finish();
    SpoolBody body = new SpoolBody(result, read.spool);
    schedule(body::abandon, TimeUnit.SECONDS.toMillis(UNSENT_RESULT_GRACE_SECONDS));
    return Response.ok(body, MediaType.APPLICATION_JSON_TYPE).build();
  }

  /** Answers with an SSE stream: progress and keep-alives while the route runs, then its end. */
  private Response stream(LongRead read, ProgressRelay relay, Answer answer) {
    SseStream stream = new SseStream();
    stream.onClose(read::cancel); // no effect once the read has ended
    relay.attach(stream);
    long every = state.settings().longRunningKeepAlive().toMillis();
    try {
      ScheduledFuture<?> keepAlive =
          timer.scheduleWithFixedDelay(
              () -> {
                if (!stream.keepAlive()) {
                  read.cancel(); // the client went away
                }
              },
              every,
              every,
              TimeUnit.MILLISECONDS);
      read.outcome.whenComplete((r, e) -> keepAlive.cancel(false));
    } catch (RejectedExecutionException e) {
      read.fail(shuttingDown());
    }
    read.outcome.whenComplete(
        (response, failure) -> finish(read, stream, response, failure, answer));
    return stream.response();
  }

  /** Sends the read's last message on its stream (or nothing, when cancelled) and closes it. */
  private void finish(
      LongRead read, SseStream stream, RouteResponse response, Throwable failure, Answer answer) {
    JsonNode id = answer.id;
    read.context.finish();
    try {
      if (failure != null) {
        Throwable cause = unwrap(failure);
        if (cause instanceof LongRead.Aborted aborted) {
          aborted.answer().ifPresent(e -> stream.send(errorMessage(id, e)));
        } else {
          stream.send(errorMessage(id, asJsonRpc(cause, answer.uri)));
        }
        read.end();
        return;
      }
      if (stream.isClosed()) {
        read.end();
        return;
      }
      SpooledResult result;
      try {
        result = answer.result(response, read.spool);
      } catch (JsonRpcException e) {
        stream.send(errorMessage(id, e));
        read.end();
        return;
      }
      SpoolBody body = new SpoolBody(result, read.spool);
      stream.onFailure(body::abandon); // an earlier event failed: the queued result is dropped
      if (!stream.sendStreaming(body)) {
        body.abandon();
      }
      // Jersey may still hold the event queued (the response is not on the wire yet); if it never
      // writes it, the spool goes after a grace period.
      schedule(body::abandon, TimeUnit.SECONDS.toMillis(UNSENT_RESULT_GRACE_SECONDS));
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.ERROR, "long-running read of " + answer.uri + " failed", e);
      read.end();
    } finally {
      stream.close();
    }
  }

  private RouteResponse await(LongRead read) {
    try {
      return read.outcome.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      read.fail(shuttingDown());
      throw shuttingDown();
    } catch (ExecutionException e) {
      Throwable cause = unwrap(e);
      if (cause instanceof LongRead.Aborted aborted) {
        throw aborted
            .answer()
            .orElseGet(() -> new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Read cancelled"));
      }
      throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
    }
  }

  /** A 4xx body is quoted in the error message; the spool holds it, not the response. */
  private static RouteResponse withRefusalText(RouteResponse response, Spool spool) {
    int status = response.status();
    return status >= 400 && status < 500
        ? response.withBody(spool.head(REFUSAL_HEAD_BYTES))
        : response;
  }

  private static ObjectNode errorMessage(JsonNode id, JsonRpcException e) {
    return JsonRpcMessages.error(Optional.of(id), streamed(e));
  }

  /** Once an SSE stream has started, a 401 can no longer be an HTTP status. */
  private static JsonRpcException streamed(JsonRpcException e) {
    if (e.httpStatus() != 401) {
      return e;
    }
    ObjectNode data = e.data().map(ObjectNode::deepCopy).orElseGet(Json::object);
    data.put("status", 401);
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, e.getMessage(), data);
  }

  private static JsonRpcException asJsonRpc(Throwable failure, String uri) {
    if (failure instanceof JsonRpcException e) {
      return e;
    }
    LOG.log(System.Logger.Level.ERROR, "long-running read of " + uri + " failed", failure);
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Internal error");
  }

  /** What a finished read answers: its request's result, built from the spool. */
  private final class Answer {
    final SpooledResult.Kind kind;
    final JsonNode id;
    final McpCall call;
    final CatalogueEntry entry;
    final String uri;

    Answer(SpooledResult.Kind kind, JsonNode id, McpCall call, CatalogueEntry entry, String uri) {
      this.kind = kind;
      this.id = id;
      this.call = call;
      this.entry = entry;
      this.uri = uri;
    }

    /** The result to stream, or the request's error. */
    SpooledResult result(RouteResponse response, Spool spool) {
      return SpooledResult.of(
          kind, id, call, entry, uri, withRefusalText(response, spool), spool, serverInfo.get());
    }
  }

  /** The client's progress token when it is a string or an integer (the only valid kinds). */
  private static Optional<JsonNode> progressToken(McpCall call) {
    JsonNode token = call.request().meta().get("progressToken");
    return token != null && (token.isTextual() || token.isIntegralNumber())
        ? Optional.of(token)
        : Optional.empty();
  }

  private Optional<ScheduledFuture<?>> schedule(Runnable task, long millis) {
    try {
      return Optional.of(timer.schedule(task, millis, TimeUnit.MILLISECONDS));
    } catch (RejectedExecutionException e) {
      return Optional.empty(); // shutting down: shutdown() cleans up instead
    }
  }

  private static JsonRpcException shuttingDown() {
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Server is shutting down")
        .withHttpStatus(503);
  }

  private static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }
}
