package dev.jaxrsmcp.internal.asking;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.context.McpContext.Answer;
import dev.jaxrsmcp.context.McpContext.Question;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Asker;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.McpCall;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The questions of one {@code tools/call}, {@code prompts/get} or {@code resources/read} and their
 * answers. In 2026-07-28 the answers are those the call carries (its {@code inputResponses}, and
 * the earlier rounds' in its verified {@code requestState}); a question without one ends the
 * route's run ({@link McpContext.InputRequired}) and leaves an {@link Outcome} the read pipeline
 * answers with. In 2025-11-25 the questions go to the client through the call's {@link Channel} and
 * the route waits. Used by the route's thread and then by the response filter's: the outcome is
 * published through a volatile field.
 */
public final class CallAsker implements Asker {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Asks a legacy client on the call's stream and waits for its answers. */
  @FunctionalInterface
  public interface Channel {
    /**
     * The client's result for each question, by key.
     *
     * @throws JsonRpcException when the client answered an error, went away or did not answer in
     *     time
     */
    Map<String, JsonNode> ask(List<Question> questions);
  }

  /** What ended the route's run: questions to send, or an error to answer with. */
  public sealed interface Outcome {
    /** The questions not answered yet, and the signed state of the answers so far. */
    record Ask(ObjectNode result) implements Outcome {}

    /** A question the call cannot ask (a missing capability, an invalid answer). */
    record Refuse(JsonRpcException error) implements Outcome {}
  }

  private final McpCall call;
  private final Caller caller;
  private final ObjectNode capabilities;
  private final ObjectNode answers;
  private final Optional<Channel> channel;
  private final RequestState states;
  // The route's thread only, until the outcome is published.
  private final ObjectNode used = Json.object();
  private volatile Optional<Outcome> outcome = Optional.empty();

  CallAsker(
      McpCall call,
      Caller caller,
      ObjectNode capabilities,
      ObjectNode answers,
      Optional<Channel> channel,
      RequestState states) {
    this.call = call;
    this.caller = caller;
    this.capabilities = capabilities;
    this.answers = answers;
    this.channel = channel;
    this.states = states;
  }

  /** What ended the route's run, if a question did. */
  public Optional<Outcome> outcome() {
    return outcome;
  }

  @Override
  public boolean supports(Question.Kind kind) {
    return capabilities.get(kind.capability()) instanceof ObjectNode;
  }

  @Override
  public Map<String, Answer> ask(List<Question> questions) {
    Set<String> keys = new HashSet<>();
    for (Question q : questions) {
      if (!keys.add(q.key())) {
        throw new IllegalArgumentException(
            "McpContext.ask: each question needs a key of its own (found '"
                + q.key()
                + "' twice) in "
                + RequestState.describe(call));
      }
    }
    for (Question q : questions) {
      if (!supports(q.kind())) {
        throw end(new Outcome.Refuse(missingCapability(q)), List.of(q.key()));
      }
    }
    Map<String, JsonNode> given = new LinkedHashMap<>();
    List<Question> missing = new ArrayList<>();
    for (Question q : questions) {
      JsonNode answer = answers.get(q.key());
      if (answer != null) {
        given.put(q.key(), answer);
      } else {
        missing.add(q);
      }
    }
    if (!missing.isEmpty()) {
      if (channel.isEmpty()) {
        given.forEach(used::set);
        throw end(
            new Outcome.Ask(inputRequired(missing)), missing.stream().map(Question::key).toList());
      }
      try {
        given.putAll(channel.get().ask(missing));
      } catch (JsonRpcException e) {
        throw end(new Outcome.Refuse(e), missing.stream().map(Question::key).toList());
      }
    }
    Map<String, Answer> out = new LinkedHashMap<>();
    for (Question q : questions) {
      JsonNode answer = given.get(q.key());
      if (answer == null) {
        throw end(
            new Outcome.Refuse(
                new JsonRpcException(
                    ErrorCodes.INTERNAL_ERROR,
                    "The client did not answer '" + q.key() + "' (" + q.kind().method() + ")")),
            List.of(q.key()));
      }
      check(q, answer);
      used.set(q.key(), answer);
      out.put(q.key(), new Answer(MAPPER.convertValue(answer, Map.class)));
    }
    return out;
  }

  private McpContext.InputRequired end(Outcome reached, List<String> keys) {
    outcome = Optional.of(reached);
    return new McpContext.InputRequired(keys);
  }

  /** An answer must be the result its request defines; checked as far as the bridge reads it. */
  private void check(Question q, JsonNode answer) {
    String problem = null;
    if (q.kind() == Question.Kind.ELICITATION) {
      String action = answer.path("action").asText("");
      if (!List.of("accept", "decline", "cancel").contains(action)) {
        problem = "an ElicitResult's 'action' must be accept, decline or cancel";
      }
    } else if (q.kind() == Question.Kind.ROOTS && !answer.path("roots").isArray()) {
      problem = "a ListRootsResult needs a 'roots' array";
    } else if (q.kind() == Question.Kind.SAMPLING && !answer.has("content")) {
      problem = "a CreateMessageResult needs 'content'";
    }
    if (problem != null) {
      throw end(
          new Outcome.Refuse(
              new JsonRpcException(
                  ErrorCodes.INVALID_PARAMS,
                  "Invalid params: the answer to '"
                      + q.key()
                      + "' is not valid: "
                      + problem
                      + " (found "
                      + Json.write(answer)
                      + ")")),
          List.of(q.key()));
    }
  }

  private JsonRpcException missingCapability(Question q) {
    ObjectNode data = Json.object();
    data.putObject("requiredCapabilities").putObject(q.kind().capability());
    String message =
        "Missing required client capability: "
            + RequestState.describe(call)
            + " asks '"
            + q.key()
            + "' ("
            + q.kind().method()
            + "), which needs the client capability '"
            + q.kind().capability()
            + "'";
    return call.era() == Era.MODERN
        ? new JsonRpcException(
            ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY,
            message,
            Optional.of(data),
            400,
            Map.of())
        : new JsonRpcException(ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY, message, data);
  }

  /** The {@code input_required} result asking {@code missing}, with the answers so far signed. */
  private ObjectNode inputRequired(List<Question> missing) {
    ObjectNode result = Json.object().put("resultType", "input_required");
    ObjectNode requests = result.putObject("inputRequests");
    for (Question q : missing) {
      ObjectNode request = requests.putObject(q.key());
      request.put("method", q.kind().method());
      request.set("params", MAPPER.valueToTree(q.params()));
    }
    result.put("requestState", states.sign(call, caller, used));
    return result;
  }
}
