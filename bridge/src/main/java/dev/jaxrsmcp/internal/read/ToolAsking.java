package dev.jaxrsmcp.internal.read;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.asking.Asking;
import dev.jaxrsmcp.internal.asking.CallAsker;
import dev.jaxrsmcp.internal.asking.StreamQuestions;
import dev.jaxrsmcp.internal.envelope.InPlaceRead;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.longrun.LongRunningReads;
import dev.jaxrsmcp.internal.methods.ToolMethods;
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
 * A tool call's questions, once the application's filters admitted it: its {@link CallAsker}
 * (2026-07-28: the answers the call carries; 2025-11-25: requests on the call's own stream) given
 * to the route's {@code McpContext}, and the tool's confirmation ({@code McpTool.confirm}) asked
 * before the route runs.
 */
final class ToolAsking {
  private final Asking asking;
  private final LongRunningReads longReads;
  private final Duration askTimeout;

  ToolAsking(Asking asking, LongRunningReads longReads, Duration askTimeout) {
    this.asking = asking;
    this.longReads = longReads;
    this.askTimeout = askTimeout;
  }

  /**
   * Sets up the call's asker and asks its confirmation.
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
      ToolMethods.ToolRead tool) {
    CallAsker asker = asker(call, caller, session, request, writer, read, context, eventStream);
    request.setProperty(Asking.PROPERTY, asker);
    context.asker(asker);
    Optional<String> confirm = tool.confirm();
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
              tool.route().orElseThrow().annotation().runWithoutElicitation());
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

  /** The asker of a tool call: its era's, its client's capabilities as the era declares them. */
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
