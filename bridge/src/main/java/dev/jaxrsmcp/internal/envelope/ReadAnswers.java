package dev.jaxrsmcp.internal.envelope;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.content.ContentsShape;
import dev.jaxrsmcp.internal.content.MessageSplice;
import dev.jaxrsmcp.internal.content.ReadMessage;
import dev.jaxrsmcp.internal.content.SuccessSplices;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.longrun.LongRead;
import dev.jaxrsmcp.internal.prompts.PromptMessages;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/**
 * The final messages of an in-place read, built by {@link ReadMessage}'s rules from the read and
 * its route's answer: the success around the placeholder, the error of a refusal, of a route that
 * failed while writing, of an aborted read; on a stream that has started, a 401 or 403 is an error
 * object like any other.
 */
final class ReadAnswers {
  private static final System.Logger LOG = System.getLogger(ReadAnswers.class.getName());

  /** How much of a refused read's body is quoted in its error message. */
  private static final int REFUSAL_HEAD_BYTES = 4096;

  private ReadAnswers() {}

  /** The response to a route that answered 2xx, its content the placeholder. */
  static ObjectNode success(ReadEnvelope envelope, ContentsShape shape, boolean truncated) {
    InPlaceRead read = envelope.read();
    return ReadMessage.success(
        read.kind,
        read.id,
        read.call.era(),
        read.entry,
        read.uri,
        shape,
        truncated,
        envelope.serverInfo());
  }

  /**
   * The response to a structured tool call whose route answered 2xx with {@code body}, whole (see
   * {@link ReadMessage#structuredSuccess}).
   */
  static ObjectNode structuredSuccess(ReadEnvelope envelope, ContentsShape shape, byte[] body) {
    InPlaceRead read = envelope.read();
    return ReadMessage.structuredSuccess(
        read.id,
        read.call.era(),
        read.entry,
        read.uri,
        shape,
        shape.value(body),
        envelope.serverInfo());
  }

  /**
   * The response to a {@code prompts/get} whose route answered 2xx with {@code body}, whole: the
   * prompt's messages ({@link PromptMessages}), or the error of a route that answered none.
   */
  static ObjectNode prompt(ReadEnvelope envelope, ContentsShape shape, byte[] body) {
    InPlaceRead read = envelope.read();
    try {
      return ReadMessage.result(
          read.id,
          PromptMessages.of(read.prompt, read.uri, shape, body),
          read.call.era(),
          envelope.serverInfo());
    } catch (JsonRpcException | IllegalStateException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "the route of prompt '" + read.prompt + "' (" + read.uri + ") answered no prompt: " + e);
      return error(
          envelope,
          e instanceof JsonRpcException rpc
              ? rpc
              : new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Internal error"));
    }
  }

  /**
   * The response to a tool call whose route answered 2xx with content items, {@code body} whole
   * (see {@link ReadMessage#contentItemsSuccess}).
   */
  static ObjectNode contentItemsSuccess(ReadEnvelope envelope, ContentsShape shape, byte[] body) {
    InPlaceRead read = envelope.read();
    return ReadMessage.contentItemsSuccess(
        read.id, read.call.era(), shape.value(body), envelope.serverInfo());
  }

  /**
   * The response to a plain read whose route answered 2xx, split where its content goes (from the
   * application's kept messages, see {@link SuccessSplices}).
   */
  static MessageSplice successSplice(ReadEnvelope envelope, ContentsShape shape) {
    InPlaceRead read = envelope.read();
    return envelope
        .splices()
        .splice(
            read.kind,
            read.id,
            read.call.era(),
            read.entry,
            read.uri,
            shape,
            false,
            envelope.serverInfo());
  }

  /** The response to a route that did not answer 2xx (a 4xx quotes the head of its body). */
  static ObjectNode failure(ReadEnvelope envelope) {
    RouteResponse route = envelope.route();
    if (route.status() >= 400 && route.status() < 500 && !route.guardRejected()) {
      try {
        route = route.withBody(RouteEntity.head(envelope, REFUSAL_HEAD_BYTES));
      } catch (IOException | RuntimeException e) {
        // The status says enough.
      }
    }
    return failure(envelope, route);
  }

  /** A route that threw while writing its body answers as a 500 would. */
  static ObjectNode routeFailed(ReadEnvelope envelope, Throwable failure) {
    LOG.log(
        System.Logger.Level.ERROR,
        "the route of " + envelope.read().uri + " failed while writing its MCP read",
        failure);
    return failure(
        envelope,
        new RouteResponse(
            500, "Internal Server Error", Optional.empty(), Map.of(), new byte[0], false));
  }

  private static ObjectNode failure(ReadEnvelope envelope, RouteResponse route) {
    InPlaceRead read = envelope.read();
    try {
      return ReadMessage.failure(
          read.kind, read.id, read.call.era(), read.entry, read.uri, route, envelope.serverInfo());
    } catch (JsonRpcException e) {
      return error(envelope, e);
    }
  }

  /** The error response; on a stream, a 401 is an error object like any other. */
  static ObjectNode error(ReadEnvelope envelope, JsonRpcException e) {
    return JsonRpcMessages.error(
        Optional.of(envelope.read().id), envelope.streamed() ? EventChannel.streamed(e) : e);
  }

  /**
   * The read was aborted before its route answered. On a stream, the abort's error (if any) went
   * out when it happened; otherwise the plain response carries it.
   */
  static void aborted(LongRead read, ReadSink plain) throws IOException {
    if (read.channel.map(EventChannel::isCommitted).orElse(false)) {
      return;
    }
    read.channel.ifPresent(EventChannel::seal);
    Optional<JsonRpcException> answer = read.aborted().flatMap(LongRead.Abort::answer);
    plain.message(
        JsonRpcMessages.error(
            Optional.of(read.id),
            answer.orElseGet(
                () -> new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Read cancelled"))));
  }
}
