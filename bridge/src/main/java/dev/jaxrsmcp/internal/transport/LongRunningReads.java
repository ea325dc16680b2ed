package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.dispatch.ReadContext;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.protocol.ContentsMapper;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.protocol.SpooledResult;
import dev.jaxrsmcp.internal.spool.Spool;
import dev.jaxrsmcp.internal.spool.SpoolDirectory;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Long-running reads (contract section 9): the route runs on a worker thread and writes into a
 * spool file; the response stays plain JSON when the read ends quickly, and becomes an SSE stream
 * as soon as there is something to send (progress, or a keep-alive comment). A client that goes
 * away cancels the route; every spool file is deleted once sent, on error, on cancel and on
 * shutdown.
 */
final class LongRunningReads {
  private static final System.Logger LOG = System.getLogger(LongRunningReads.class.getName());

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
  private final Map<Object, ReadContext> inFlight = new ConcurrentHashMap<>();

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
   * @param cancelKey identifies the request for {@link #cancel} (legacy {@code
   *     notifications/cancelled}); empty when it cannot be cancelled that way
   */
  Response read(
      McpCall call,
      CatalogueEntry entry,
      TemplateMatch match,
      String uri,
      boolean acceptsEventStream,
      Optional<Object> cancelKey) {
    JsonNode id = call.request().id().orElseThrow();
    JsonNode progressToken = call.request().meta().get("progressToken");
    ReadContext context = new ReadContext(progressToken != null && acceptsEventStream);
    Spool spool = spools.create(entry.maxBytes(), context::isCancelled);
    context.full(spool::isFull);
    cancelKey.ifPresent(key -> inFlight.put(key, context));
    Handoff handoff = new Handoff(progressToken);
    context.sink(handoff::progress);
    CompletableFuture<RouteResponse> done =
        CompletableFuture.supplyAsync(
            () ->
                state
                    .reader()
                    .readInto(
                        entry,
                        match,
                        call.caller(),
                        traceHeaders(call),
                        spool.output(),
                        context,
                        state.settings().longRunningTimeout()),
            workers);
    done.whenComplete((r, e) -> cancelKey.ifPresent(key -> inFlight.remove(key, context)));
    try {
      if (!acceptsEventStream) {
        return plain(id, call, entry, uri, spool, await(done, context));
      }
      CompletableFuture.anyOf(done, handoff.somethingToSend)
          .get(state.settings().longRunningKeepAlive().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      // Nothing to send yet and still running: switch to SSE for the keep-alive.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      context.cancel();
      spool.delete();
      throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Read interrupted");
    } catch (ExecutionException e) {
      // Handled below through the future.
    } catch (RuntimeException e) {
      spool.delete();
      throw e;
    }
    if (done.isDone() && !handoff.somethingToSend.isDone()) {
      return plain(id, call, entry, uri, spool, await(done, context));
    }
    return stream(id, call, entry, uri, spool, context, handoff, done);
  }

  /**
   * Cancels an in-flight read (legacy {@code notifications/cancelled}); true when one was found.
   */
  boolean cancel(Object key) {
    ReadContext context = inFlight.remove(key);
    if (context != null) {
      context.cancel();
    }
    return context != null;
  }

  /** Cancels every read and deletes every spool file. */
  void shutdown() {
    inFlight.values().forEach(ReadContext::cancel);
    workers.shutdownNow();
    spools.deleteAll();
  }

  /** The spool files not yet deleted (for tests and diagnostics). */
  int liveSpools() {
    return spools.live().size();
  }

  private Response plain(
      JsonNode id, McpCall call, CatalogueEntry entry, String uri, Spool spool, RouteResponse r) {
    try {
      ContentsMapper.checkSuccess(r, uri, call.era());
    } catch (RuntimeException e) {
      spool.delete();
      throw e;
    }
    SpooledResult result = result(id, call, entry, uri, spool, r);
    StreamingOutput body =
        out -> {
          try {
            result.writeTo(out);
          } finally {
            spool.delete();
          }
        };
    return Response.ok(body, MediaType.APPLICATION_JSON_TYPE).build();
  }

  private Response stream(
      JsonNode id,
      McpCall call,
      CatalogueEntry entry,
      String uri,
      Spool spool,
      ReadContext context,
      Handoff handoff,
      CompletableFuture<RouteResponse> done) {
    SseStream stream = new SseStream();
    stream.onClose(
        () -> {
          if (!done.isDone()) {
            context.cancel(); // the client went away
          }
        });
    handoff.attach(stream);
    long every = state.settings().longRunningKeepAlive().toMillis();
    ScheduledFuture<?> keepAlive =
        timer.scheduleWithFixedDelay(
            () -> {
              if (!stream.keepAlive()) {
                context.cancel();
              }
            },
            every,
            every,
            TimeUnit.MILLISECONDS);
    done.whenComplete(
        (response, failure) -> {
          keepAlive.cancel(false);
          if (context.isCancelled() || stream.isClosed()) {
            spool.delete();
            stream.close();
            return;
          }
          try {
            RouteResponse r = response;
            if (failure != null) {
              throw unwrap(failure);
            }
            ContentsMapper.checkSuccess(r, uri, call.era());
            SpooledResult result = result(id, call, entry, uri, spool, r);
            boolean queued =
                stream.sendStreaming(
                    out -> {
                      try {
                        result.writeTo(out);
                      } finally {
                        spool.delete();
                      }
                    });
            if (!queued) {
              spool.delete();
            }
          } catch (JsonRpcException e) {
            spool.delete();
            stream.send(JsonRpcMessages.error(Optional.of(id), streamed(e)));
          } catch (RuntimeException e) {
            spool.delete();
            LOG.log(System.Logger.Level.ERROR, "long-running read of " + uri + " failed", e);
            stream.send(
                JsonRpcMessages.error(
                    Optional.of(id),
                    new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Internal error")));
          } finally {
            stream.close();
            timer.schedule(spool::delete, 60, TimeUnit.SECONDS); // if the last chunk never ran
          }
        });
    return stream.response();
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

  private SpooledResult result(
      JsonNode id, McpCall call, CatalogueEntry entry, String uri, Spool spool, RouteResponse r) {
    return new SpooledResult(
        id, uri, entry, r.mediaType().orElse(""), spool, call.era(), serverInfo.get());
  }

  private RouteResponse await(CompletableFuture<RouteResponse> done, ReadContext context) {
    try {
      return done.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      context.cancel();
      throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Read interrupted");
    } catch (ExecutionException e) {
      throw unwrap(e.getCause());
    }
  }

  private static RuntimeException unwrap(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof java.util.concurrent.CompletionException
            || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
  }

  private static Map<String, String> traceHeaders(McpCall call) {
    return dev.jaxrsmcp.internal.protocol.ResourceMethods.traceHeaders(call);
  }

  /** Progress before the switch to SSE is kept, then sent in order once the stream exists. */
  private static final class Handoff {
    final CompletableFuture<Void> somethingToSend = new CompletableFuture<>();
    private final JsonNode token;
    // guarded by this
    private final List<ObjectNode> pending = new ArrayList<>();
    // guarded by this
    private SseStream stream;

    Handoff(JsonNode token) {
      this.token = token;
    }

    void progress(double progress, double total, String message) {
      ObjectNode params = Json.object();
      params.set("progressToken", token);
      params.put("progress", progress);
      if (!Double.isNaN(total)) {
        params.put("total", total);
      }
      if (!message.isEmpty()) {
        params.put("message", message);
      }
      ObjectNode notification = JsonRpcMessages.notification("notifications/progress", params);
      synchronized (this) {
        if (stream == null) {
          pending.add(notification);
          somethingToSend.complete(null);
          return;
        }
        stream.send(notification);
      }
    }

    synchronized void attach(SseStream target) {
      pending.forEach(target::send);
      pending.clear();
      stream = target;
    }
  }
}
