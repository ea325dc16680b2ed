package dev.jaxrsmcp.internal.asking;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.context.McpContext.Question;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.McpCall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * How a 2025-11-25 call asks its client: each question is a server request sent on the call's SSE
 * stream; the call waits for the client's responses (posted on its session, {@link PendingAnswers})
 * at most {@code askTimeout}, and stops waiting when the call is cancelled or its client went away.
 * Used by the route's thread.
 */
public final class StreamQuestions implements CallAsker.Channel {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final McpCall call;
  private final String session;
  private final PendingAnswers pending;
  private final Predicate<ObjectNode> send;
  private final Runnable sent;
  private final CompletionStage<Void> ended;
  private final Duration timeout;

  /**
   * @param send sends one message on the call's stream; false when it could not
   * @param sent runs once a question went out (keep-alives notice a client that goes away)
   * @param ended completes when the call is cancelled or its client went away
   */
  public StreamQuestions(
      McpCall call,
      String session,
      PendingAnswers pending,
      Predicate<ObjectNode> send,
      Runnable sent,
      CompletionStage<Void> ended,
      Duration timeout) {
    this.call = call;
    this.session = session;
    this.pending = pending;
    this.send = send;
    this.sent = sent;
    this.ended = ended;
    this.timeout = timeout;
  }

  @Override
  public Map<String, JsonNode> ask(List<Question> questions) {
    String what = RequestState.describe(call);
    Map<String, CompletableFuture<JsonNode>> answers = new LinkedHashMap<>();
    List<String> ids = new ArrayList<>();
    try {
      for (Question q : questions) {
        String id = "jaxrsmcp-" + UUID.randomUUID();
        ids.add(id);
        answers.put(q.key(), pending.register(session, id));
        ObjectNode request = Json.object().put("jsonrpc", "2.0").put("id", id);
        request.put("method", q.kind().method());
        request.set("params", MAPPER.valueToTree(q.params()));
        if (!send.test(request)) {
          throw new JsonRpcException(
              ErrorCodes.INTERNAL_ERROR,
              what
                  + " cannot ask '"
                  + q.key()
                  + "' ("
                  + q.kind().method()
                  + "): the request must accept text/event-stream, and its client must still be"
                  + " there");
        }
      }
      sent.run();
      ended.whenComplete(
          (done, failure) ->
              answers.values().forEach(a -> a.completeExceptionally(new CancellationException())));
      long deadline = System.nanoTime() + timeout.toNanos();
      Map<String, JsonNode> results = new LinkedHashMap<>();
      for (Question q : questions) {
        JsonNode message = await(answers.get(q.key()), deadline, q, what);
        JsonNode error = message.get("error");
        if (error != null) {
          throw new JsonRpcException(
              ErrorCodes.INTERNAL_ERROR,
              "The client answered '"
                  + q.key()
                  + "' ("
                  + q.kind().method()
                  + ") of "
                  + what
                  + " with error "
                  + error.path("code").asText()
                  + ": "
                  + error.path("message").asText());
        }
        if (!(message.get("result") instanceof ObjectNode result)) {
          throw new JsonRpcException(
              ErrorCodes.INVALID_PARAMS,
              "Invalid params: the client's answer to '" + q.key() + "' has no result object");
        }
        results.put(q.key(), result);
      }
      return results;
    } finally {
      ids.forEach(id -> pending.remove(session, id));
    }
  }

  private JsonNode await(
      CompletableFuture<JsonNode> answer, long deadline, Question q, String what) {
    try {
      return answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          "The client did not answer '"
              + q.key()
              + "' ("
              + q.kind().method()
              + ") of "
              + what
              + " within askTimeout "
              + timeout);
    } catch (ExecutionException | CancellationException e) {
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          what
              + " ended while it waited for the answer to '"
              + q.key()
              + "' (cancelled, or its client went away)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR, what + " was interrupted while it waited for its client");
    }
  }
}
