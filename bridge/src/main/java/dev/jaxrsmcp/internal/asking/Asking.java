package dev.jaxrsmcp.internal.asking;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.context.McpContext.Question;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.McpCall;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Makes the {@link CallAsker} of each {@code tools/call}, {@code prompts/get} and {@code
 * resources/read} and asks a tool's confirmation ({@code McpTool.confirm}) before its route runs.
 * One per endpoint; thread-safe.
 */
public final class Asking {
  /** The request property that holds a call's {@link CallAsker}. */
  public static final String PROPERTY = "dev.jaxrsmcp.asking.call";

  /** The key of a tool's confirmation among the call's questions. */
  public static final String CONFIRM_KEY = "jaxrsmcp.confirm";

  private static final String META_CLIENT_CAPABILITIES =
      "io.modelcontextprotocol/clientCapabilities";

  private final RequestState states;
  private final PendingAnswers pending = new PendingAnswers();

  public Asking(RequestState states) {
    this.states = states;
  }

  /** The server requests legacy calls wait for. */
  public PendingAnswers pending() {
    return pending;
  }

  /**
   * A 2026-07-28 call's asker: the answers its {@code inputResponses} carry, over those of its
   * verified {@code requestState}; the client's capabilities as the request declares them.
   *
   * @throws JsonRpcException ({@code -32602}) for malformed answers or a state that fails a check
   */
  public CallAsker modern(McpCall call, Caller caller) {
    JsonNode params = call.request().params();
    ObjectNode answers = Json.object();
    if (params.has("requestState")) {
      JsonNode state = params.get("requestState");
      if (!state.isTextual()) {
        throw new JsonRpcException(
            ErrorCodes.INVALID_PARAMS,
            "Invalid params: 'requestState' must be a string (found "
                + state.getNodeType().name().toLowerCase(java.util.Locale.ROOT)
                + ")");
      }
      answers.setAll(states.verify(state.textValue(), call, caller));
    }
    if (params.has("inputResponses")) {
      JsonNode responses = params.get("inputResponses");
      if (!responses.isObject()) {
        throw new JsonRpcException(
            ErrorCodes.INVALID_PARAMS,
            "Invalid params: 'inputResponses' must be an object of results by key (found "
                + kind(responses)
                + ")");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = responses.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> entry = it.next();
        if (!entry.getValue().isObject()) {
          throw new JsonRpcException(
              ErrorCodes.INVALID_PARAMS,
              "Invalid params: 'inputResponses' member '"
                  + entry.getKey()
                  + "' must be a result object (found "
                  + kind(entry.getValue())
                  + ")");
        }
        answers.set(entry.getKey(), entry.getValue());
      }
    }
    ObjectNode capabilities =
        params.path("_meta").get(META_CLIENT_CAPABILITIES) instanceof ObjectNode declared
            ? declared
            : Json.object();
    return new CallAsker(call, caller, capabilities, answers, Optional.empty(), states);
  }

  /**
   * Whether a 2026-07-28 request is a retry that carries answers ({@code inputResponses} or {@code
   * requestState}): its result must not be cached (the caching page of the spec).
   */
  public static boolean retried(McpCall call) {
    JsonNode params = call.request().params();
    return params.has("inputResponses") || params.has("requestState");
  }

  /** A 2025-11-25 call's asker: questions go to the client on {@code channel}. */
  public CallAsker legacy(
      McpCall call, Caller caller, ObjectNode capabilities, CallAsker.Channel channel) {
    return new CallAsker(call, caller, capabilities, Json.object(), Optional.of(channel), states);
  }

  /**
   * Asks the user to confirm a tool's call ({@code McpTool.confirm}) before its route runs.
   *
   * @param template the question, {@code {name}} replaced by the argument of that name
   * @param runWithout whether the route runs unconfirmed for a client without elicitation
   * @return empty when the route runs; else the result the call answers (the user declined or
   *     cancelled)
   * @throws McpContext.InputRequired (2026-07-28) when the call must be asked first: the asker's
   *     outcome holds what to answer
   * @throws JsonRpcException ({@code -32021}) for a client without elicitation
   */
  public static Optional<ObjectNode> confirm(
      CallAsker asker, McpCall call, String template, boolean runWithout) {
    if (!asker.supports(Question.Kind.ELICITATION)) {
      if (runWithout) {
        return Optional.empty();
      }
      ObjectNode data = Json.object();
      data.putObject("requiredCapabilities").putObject("elicitation");
      String message =
          "Missing required client capability: "
              + RequestState.describe(call)
              + " must be confirmed by the user (McpTool.confirm), which needs the client"
              + " capability 'elicitation'";
      throw new JsonRpcException(
          ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY,
          message,
          Optional.of(data),
          call.era() == Era.MODERN ? 400 : 200,
          Map.of());
    }
    String text = Confirmations.text(template, call.request().params().path("arguments"));
    McpContext.Answer answer =
        asker
            .ask(
                List.of(
                    Question.elicit(
                        CONFIRM_KEY, text, Map.of("type", "object", "properties", Map.of()))))
            .get(CONFIRM_KEY);
    if (answer.accepted()) {
      return Optional.empty();
    }
    return Optional.of(Confirmations.notConfirmed(call.era(), text, answer.action()));
  }

  private static String kind(JsonNode node) {
    return node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
  }
}
