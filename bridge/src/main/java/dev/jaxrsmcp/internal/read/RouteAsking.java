package dev.jaxrsmcp.internal.read;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.asking.Asking;
import dev.jaxrsmcp.internal.asking.CallAsker;
import dev.jaxrsmcp.internal.asking.RequestState;
import dev.jaxrsmcp.internal.asking.StreamQuestions;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.envelope.InPlaceRead;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.longrun.LongRunningReads;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.protocol.Asker;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ReadContext;
import dev.jaxrsmcp.internal.session.Session;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The questions of a {@code tools/call}, {@code prompts/get} or {@code resources/read}, once the
 * application's filters admitted it: its {@link CallAsker} (2026-07-28: the answers the request
 * carries; 2025-11-25: requests on the request's own stream) given to the route's {@code
 * McpContext}, and a tool's confirmation ({@code McpTool.confirm}) asked before the route runs. A
 * long-running resource read cannot ask: its answer streams as the route writes it.
 */
final class RouteAsking {
  private final Asking asking;
  private final LongRunningReads longReads;
  private final Duration askTimeout;

  RouteAsking(Asking asking, LongRunningReads longReads, Duration askTimeout) {
    this.asking = asking;
    this.longReads = longReads;
    this.askTimeout = askTimeout;
  }

  /**
   * The route's context: a long read's (which cannot ask, unless it is a tool's), else one the
   * request's asker is given once it is admitted.
   */
  ReadContext context(
      McpCall call, CatalogueEntry entry, boolean longRunning, boolean eventStream, boolean tool) {
    if (!longRunning) {
      return new ReadContext(false, entry.maxBytes());
    }
    ReadContext context = longReads.context(call, entry, eventStream);
    if (!tool) {
      context.asker(
          Asker.refusing(
              RequestState.describe(call)
                  + " is long-running (@McpResource(longRunning = true)) and cannot ask its"
                  + " client: its answer streams while the route writes it; ask in a tool, a"
                  + " prompt or a resource that is not long-running"));
    }
    return context;
  }

  /**
   * Sets up the request's asker and, for a tool, asks its confirmation.
   *
   * @param eventStream whether the client accepts an SSE answer (as it sent it: the rewrite set the
   *     route's {@code Accept} since)
   * @return false when the call is answered without its route (a question, or the user did not
   *     confirm)
   * @throws dev.jaxrsmcp.internal.jsonrpc.JsonRpcException to refuse the call before its route
   */
  boolean admit(
      McpCall call,
      Caller caller,
      Optional<Session> session,
      ContainerRequest request,
      ReadResponseWriter writer,
      InPlaceRead read,
      ReadContext context,
      boolean eventStream,
      boolean longRunning,
      Optional<ToolMethods.ToolRead> tool) {
    if (longRunning && tool.isEmpty()) {
      return true; // a long resource read: its context refuses to ask
    }
    CallAsker asker = asker(call, caller, session, request, writer, read, context, eventStream);
    request.setProperty(Asking.PROPERTY, asker);
    context.asker(asker);
    Optional<String> confirm = tool.flatMap(ToolMethods.ToolRead::confirm);
    if (confirm.isEmpty()) {
      return true;
    }
    Optional<ObjectNode> notConfirmed;
    try {
      notConfirmed =
          Asking.confirm(
              asker,
              call,
              confirm.get(),
              tool.orElseThrow().route().orElseThrow().annotation().runWithoutElicitation());
    } catch (McpContext.InputRequired e) {
      CallAsker.Outcome outcome = asker.outcome().orElseThrow();
      if (outcome instanceof CallAsker.Outcome.Refuse refuse) {
        throw refuse.error();
      }
      read.answer(((CallAsker.Outcome.Ask) outcome).result());
      return false;
    }
    notConfirmed.ifPresent(read::answer);
    return notConfirmed.isEmpty();
  }

  /** The asker of a request: its era's, its client's capabilities as the era declares them. */
  private CallAsker asker(
      McpCall call,
      Caller caller,
      Optional<Session> session,
      ContainerRequest request,
      ReadResponseWriter writer,
      InPlaceRead read,
      ReadContext context,
      boolean eventStream) {
    if (session.isEmpty()) {
      // A retry's result depends on its answers, which no cache key holds: it is not cacheable.
      read.uncacheable = Asking.retried(call);
      return asking.modern(call, caller);
    }
    Session s = session.get();
    // Questions go on the call's own stream, which starts with the first one; keep-alives then
    // notice a client that went away, and notifications/cancelled ends the wait too.
    CompletableFuture<Void> ended = new CompletableFuture<>();
    context.cancellation().whenComplete((done, failure) -> ended.complete(null));
    EventChannel channel =
        longReads.waitingChannel(
            request, writer.container(), eventStream, () -> ended.complete(null));
    read.askChannel = Optional.of(channel);
    AtomicBoolean kept = new AtomicBoolean();
    StreamQuestions questions =
        new StreamQuestions(
            call,
            s.id(),
            asking.pending(),
            channel::send,
            () -> {
              if (kept.compareAndSet(false, true)) {
                s.reads()
                    .track(call.request().id().orElseThrow(), () -> ended.complete(null))
                    .ifPresent(read::onEnd);
                longReads.keepAlive(channel, read::onEnd);
              }
            },
            ended,
            askTimeout);
    return asking.legacy(call, caller, s.clientCapabilities(), questions);
  }
}
