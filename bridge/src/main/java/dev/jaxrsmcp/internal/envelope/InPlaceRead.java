package dev.jaxrsmcp.internal.envelope;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.content.ReadMessage;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.longrun.LongRead;
import dev.jaxrsmcp.internal.observe.Observed;
import dev.jaxrsmcp.internal.protocol.McpCall;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * One MCP read running in place (contract section 7): the MCP request that was rewritten into its
 * route's {@code GET}, what it reads, and, for a long-running read, its spool and stream. Kept as a
 * request property from the rewrite to the end of the response; {@link #end()} runs once, when the
 * container is done with the response (written, failed or abandoned).
 */
public final class InPlaceRead {
  public static final String PROPERTY = "dev.jaxrsmcp.transport.inPlaceRead";

  final McpCall call;
  final ReadMessage.Kind kind;
  final CatalogueEntry entry;
  public final String uri;
  public final JsonNode id;

  /**
   * Present for a long-running read once the application's filters admitted it ({@code
   * ReadAdmission}); its spool, stream and cancel handle exist only from then on.
   */
  public volatile Optional<LongRead> longRead = Optional.empty();

  /**
   * The stream a legacy tool call, prompt or read asks its client on ({@code McpContext.ask}); it
   * starts with the first question, and the call's answer is then its last event.
   */
  public volatile Optional<dev.jaxrsmcp.internal.longrun.EventChannel> askChannel =
      Optional.empty();

  /** The read's event channel: a long read's, else the one it asks on. */
  public Optional<dev.jaxrsmcp.internal.longrun.EventChannel> channel() {
    Optional<LongRead> running = longRead;
    return running.isPresent() ? running.get().channel : askChannel;
  }

  /**
   * True for a 2026-07-28 retry that carries answers ({@code inputResponses}, {@code
   * requestState}): its result depends on them, so a resource's carries {@code ttlMs} 0, {@code
   * private}.
   */
  public volatile boolean uncacheable;

  /**
   * True for a call of an {@code @McpTool} route: a JSON object its route answers is also the
   * result's {@code structuredContent} (the body is then held whole, up to {@code maxReadBytes}).
   */
  public volatile boolean structured;

  /**
   * The prompt's name for a {@code prompts/get}: its route's body is held whole (up to {@code
   * maxReadBytes}) and becomes the prompt's messages; empty for any other read.
   */
  public volatile String prompt = "";

  /** The most bytes a plain read's route may write ({@code maxReadBytes}). */
  final long maxReadBytes;

  /** The read timeout in milliseconds once an async route's suspension outlived it; else 0. */
  public final AtomicLong timedOut = new AtomicLong();

  /** Set when the read was refused before its route ran (the caller does not own the session). */
  private volatile Optional<JsonRpcException> refusal = Optional.empty();

  /**
   * Set when the request is answered by the bridge instead of the route, once the application's
   * filters admitted it (a {@code tools/call} that became a task: its handle).
   */
  private volatile Optional<ObjectNode> answer = Optional.empty();

  /**
   * What the bridge does once the application's filters accepted the caller and before the route
   * runs (contract section 15): tell the session's owner, start a long-running read's spool and
   * cancel handle, create a task. Runs in {@code ReadAdmission}, on the request's thread.
   */
  @FunctionalInterface
  public interface Admission {
    /**
     * @throws JsonRpcException to refuse the read before its route runs
     */
    void admit(ContainerRequest request, InPlaceRead read);
  }

  /** What {@code ReadAdmission} runs for this read; nothing by default. */
  public volatile Admission admission = (request, read) -> {};

  /**
   * True when the read's legacy session is bound to a principal or caller key: whether the caller
   * owns it is told only once the application's filters ran. A read whose filters refused it before
   * then is answered as on an unknown session (contract section 15), whatever they said.
   */
  public volatile boolean ownerPending;

  /** Set once {@code ReadAdmission} ran (the application's filters let the request through). */
  public volatile boolean admitted;

  /**
   * Whether the caller of the request, as the application's filters left it, owns the read's
   * session; asked when the filters refused the read before {@code ReadAdmission} could tell (their
   * answer then reaches the owner only).
   */
  public volatile java.util.function.Predicate<ContainerRequest> owns = request -> true;

  /**
   * The operation observers watch, once the response filter found it on the request; empty when
   * nothing observes MCP operations.
   */
  public volatile Optional<Observed> observed = Optional.empty();

  /** Tells the observers what the answer is: a JSON-RPC error's code, a tool's error result. */
  void answered(ObjectNode message) {
    Optional<Observed> watching = observed;
    if (watching.isEmpty()) {
      return;
    }
    JsonNode error = message.get("error");
    if (error != null) {
      watching.get().errorCode(error.path("code").asInt());
    } else if (message.path("result").path("isError").asBoolean(false)) {
      watching.get().toolError();
    }
  }

  private final List<Runnable> onEnd = new CopyOnWriteArrayList<>();
  private final AtomicBoolean ended = new AtomicBoolean();

  public InPlaceRead(
      McpCall call, ReadMessage.Kind kind, CatalogueEntry entry, String uri, long maxReadBytes) {
    this.maxReadBytes = maxReadBytes;
    this.call = call;
    this.kind = kind;
    this.entry = entry;
    this.uri = uri;
    this.id = call.request().id().orElseThrow();
  }

  /** Refuses the read before its route runs: its response is this error. */
  public void refuse(JsonRpcException error) {
    refusal = Optional.of(error);
  }

  /** The error the read was refused with, if it was. */
  public Optional<JsonRpcException> refusal() {
    return refusal;
  }

  /** Answers the request with this result instead of the route's ({@link #answer}). */
  public void answer(ObjectNode result) {
    answer = Optional.of(result);
  }

  /** The result the bridge answers with instead of the route's, if any. */
  public Optional<ObjectNode> answer() {
    return answer;
  }

  /**
   * The header names the MCP response may carry besides its content's type and length, compared
   * ignoring case: those the response filter left on it (CORS headers of the application's filters,
   * a challenge, {@code Retry-After}). Whatever a writer interceptor adds later is dropped when the
   * response is committed ({@code ReadResponseWriter}), so nothing of the route's response leaks.
   */
  private volatile java.util.Optional<java.util.Set<String>> headersSent =
      java.util.Optional.empty();

  /** What every MCP response may carry (the usual case: nothing else). */
  private static final java.util.Set<String> ALWAYS_SENT = sent(java.util.List.of());

  public void headersSent(java.util.Collection<String> names) {
    headersSent = java.util.Optional.of(names.isEmpty() ? ALWAYS_SENT : sent(names));
  }

  private static java.util.Set<String> sent(java.util.Collection<String> names) {
    java.util.TreeSet<String> sent = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    sent.addAll(names);
    sent.add("Content-Type");
    sent.add("Content-Length");
    return java.util.Collections.unmodifiableSet(sent);
  }

  /**
   * Whether the MCP response may carry the header {@code name} (see {@link #headersSent}); every
   * header may until the response filter has run.
   */
  public boolean sends(String name) {
    java.util.Optional<java.util.Set<String>> sent = headersSent;
    return sent.isEmpty() || sent.get().contains(name);
  }

  /** Runs {@code action} when the read ends (in registration order). */
  public void onEnd(Runnable action) {
    onEnd.add(action);
  }

  /** The container is done with the response: runs the end actions once. */
  public void end() {
    if (ended.compareAndSet(false, true)) {
      for (Runnable action : onEnd) {
        try {
          action.run();
        } catch (RuntimeException e) {
          System.getLogger(InPlaceRead.class.getName())
              .log(System.Logger.Level.WARNING, "ending the read of " + uri + " failed", e);
        }
      }
    }
  }
}
