package dev.jaxrsmcp.context;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * What a long-running route ({@code @McpResource(longRunning = true)}) can see of the MCP read that
 * runs it. Inject it with {@code @Context McpContext}; for a plain HTTP request (or any request
 * that is not an MCP read) it is inert: progress goes nowhere and it is never cancelled, so the
 * route keeps working over HTTP unchanged.
 *
 * <pre>{@code
 * @GET
 * @Path("/{id}/output")
 * @McpResource(uri = "app://widgets/{id}/output{?seconds}", longRunning = true)
 * public StreamingOutput output(@PathParam("id") long id, @QueryParam("seconds") int seconds,
 *                               @Context McpContext mcp) {
 *   return out -> {
 *     for (int s = 1; s <= seconds && !mcp.isCancelled(); s++) {
 *       out.write(captureOneSecond(id));         // throws IOException once the client has gone
 *       mcp.progress(s, seconds, "captured " + s + "s");
 *     }
 *   };
 * }
 * }</pre>
 *
 * <p>The route of a tool, a prompt or a resource can also ask the client while it runs ({@link
 * #ask}): a question for the user ({@link Question#elicit elicitation}), a completion from the
 * client's model ({@link Question#sample sampling}) or the client's roots ({@link
 * Question#listRoots}).
 *
 * <pre>{@code
 * @DELETE
 * @Path("/{id}")
 * @McpTool(description = "Deletes a widget")
 * public void delete(@PathParam("id") long id, @Context McpContext mcp) {
 *   McpContext.Answer answer =
 *       mcp.elicit("Why is widget " + id + " deleted?",
 *           Map.of("type", "object",
 *                  "properties", Map.of("reason", Map.of("type", "string")),
 *                  "required", List.of("reason")));
 *   if (!answer.accepted()) {
 *     throw new WebApplicationException("not deleted: " + answer.action(), 409);
 *   }
 *   widgets.delete(id, (String) answer.content().get("reason")); // acts only once answered
 * }
 * }</pre>
 *
 * <p><b>Ask before you act.</b> In protocol 2026-07-28 a question ends the route's run: the bridge
 * answers the call with an {@code input_required} result, and the client calls the tool again with
 * the answers, which runs the route again from the start; {@link #ask} then returns them. So a
 * route must ask everything it needs before it changes anything, and must not catch {@link
 * InputRequired}. In protocol 2025-11-25 the question goes to the client on the call's stream and
 * {@link #ask} waits for the answer (bounded by {@code McpFeature.Builder.askTimeout}); the route
 * runs once, and the same rule keeps it correct in both.
 */
public interface McpContext {

  /** True while the route runs for an MCP read (false for plain HTTP requests). */
  boolean isMcpRead();

  /**
   * Reports progress. Sent to the client only when it asked for progress (gave a {@code
   * progressToken}) and only when {@code progress} is greater than the last value sent.
   *
   * @param total the total when known, else {@code Double.NaN}
   * @param message a short human-readable message, or empty
   */
  void progress(double progress, double total, String message);

  /** Reports progress without a known total or message. */
  default void progress(double progress) {
    progress(progress, Double.NaN, "");
  }

  /** True once the client went away, cancelled the request, or the read timed out. */
  boolean isCancelled();

  /**
   * Completes when the read is cancelled; never completes for plain HTTP requests. Actions attached
   * to it run on the thread that cancels (keep them short), concurrently with the route: the route
   * may see {@link #isCancelled()} return {@code true} before they have run.
   */
  CompletionStage<Void> cancellation();

  /** True once the response reached the resource's {@code maxBytes}: more bytes are dropped. */
  boolean isFull();

  /**
   * Sends a log message ({@code notifications/message}) to the client on the read's stream, when
   * the client asked for log messages at this level or a less severe one: in protocol 2025-11-25
   * and earlier with {@code logging/setLevel} on its session, in 2026-07-28 with {@code
   * io.modelcontextprotocol/logLevel} in the request's {@code _meta}. Otherwise nothing is sent.
   * Messages reach the client while a long-running read streams (its response becomes an SSE
   * stream); a task's route logs nothing (the tasks extension carries no notifications). Never put
   * credentials or personal data in a log message.
   *
   * @param logger the logger name; empty for none
   * @param data the message: a string, or a value Jackson can write as JSON (a map, a list, a
   *     record)
   */
  void log(LogLevel level, String logger, Object data);

  /** Sends a text log message; see {@link #log(LogLevel, String, Object)}. */
  default void log(LogLevel level, String message) {
    log(level, "", message);
  }

  /**
   * Asks the client the {@code questions} (each under its own key) and returns its answers by key,
   * once it answered all of them. In protocol 2026-07-28 a question not answered yet ends the run
   * with {@link InputRequired} (the bridge answers {@code input_required} with every question of
   * this call, and runs the route again with the answers); in 2025-11-25 the questions go to the
   * client on the call's stream and this waits for the answers. Ask before changing anything (see
   * the class comment).
   *
   * <p>A question the client cannot answer (it did not declare the capability: {@code elicitation},
   * {@code sampling} or {@code roots}) ends the call with the JSON-RPC error {@code -32021}
   * (missing required client capability); check {@link #clientSupports} first to do without. The
   * route of a {@code tools/call}, a {@code prompts/get} ({@code @McpPrompt}) or a {@code
   * resources/read} ({@code @McpResource}) can ask; a long-running read ({@code longRunning =
   * true}), a plain HTTP request and a read the bridge makes itself cannot, and this throws {@link
   * IllegalStateException} naming the rule.
   *
   * @throws InputRequired (2026-07-28) when the answers are not there yet; let it propagate
   */
  Map<String, Answer> ask(Question... questions);

  /**
   * Asks the user one question through the client's form (elicitation, key {@code "elicit"}); see
   * {@link #ask}.
   *
   * @param requestedSchema the form: a JSON Schema object of flat properties, as the MCP spec
   *     allows for elicitation (maps and lists Jackson writes as JSON)
   */
  default Answer elicit(String message, Map<String, ?> requestedSchema) {
    return ask(Question.elicit("elicit", message, requestedSchema)).get("elicit");
  }

  /**
   * Asks the client's model for a completion (sampling, key {@code "sample"}); {@link
   * Answer#text()} is its text. See {@link #ask}.
   */
  default Answer sample(String prompt, int maxTokens) {
    return ask(Question.sample("sample", prompt, maxTokens)).get("sample");
  }

  /** The client's roots (key {@code "roots"}); see {@link #ask} and {@link Answer#roots()}. */
  default Answer roots() {
    return ask(Question.listRoots("roots")).get("roots");
  }

  /**
   * Whether the client declared that it answers questions of this kind: per request in protocol
   * 2026-07-28, in {@code initialize} in 2025-11-25. False outside a tool call.
   */
  boolean clientSupports(Question.Kind kind);

  /**
   * One question to the client: a request of the kind the MCP spec lets a server send ({@code
   * elicitation/create}, {@code sampling/createMessage}, {@code roots/list}), under a key of the
   * route's choosing that names its answer. Immutable.
   */
  final class Question {
    /** What a question asks for, and the client capability it needs. */
    public enum Kind {
      /** {@code elicitation/create}: the user fills in a form (capability {@code elicitation}). */
      ELICITATION("elicitation/create", "elicitation"),
      /**
       * {@code sampling/createMessage}: the client's model answers (capability {@code sampling}).
       */
      SAMPLING("sampling/createMessage", "sampling"),
      /** {@code roots/list}: the client's roots (capability {@code roots}). */
      ROOTS("roots/list", "roots");

      private final String method;
      private final String capability;

      Kind(String method, String capability) {
        this.method = method;
        this.capability = capability;
      }

      /** The JSON-RPC method of the request ({@code elicitation/create}). */
      public String method() {
        return method;
      }

      /** The client capability it needs ({@code elicitation}). */
      public String capability() {
        return capability;
      }
    }

    private final String key;
    private final Kind kind;
    private final Map<String, Object> params;

    private Question(String key, Kind kind, Map<String, ?> params) {
      if (key == null || key.isEmpty()) {
        throw new IllegalArgumentException("a question's key must not be empty");
      }
      this.key = key;
      this.kind = Objects.requireNonNull(kind, "kind");
      this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /**
     * A form for the user ({@code elicitation/create} in form mode).
     *
     * @param requestedSchema a JSON Schema object of flat properties (see the MCP spec's
     *     elicitation), with {@code default}s, {@code enum}s and {@code oneOf} titles as it allows
     */
    public static Question elicit(String key, String message, Map<String, ?> requestedSchema) {
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("mode", "form");
      params.put("message", Objects.requireNonNull(message, "message"));
      params.put("requestedSchema", Objects.requireNonNull(requestedSchema, "requestedSchema"));
      return new Question(key, Kind.ELICITATION, params);
    }

    /** A completion of one user message by the client's model ({@code sampling/createMessage}). */
    public static Question sample(String key, String prompt, int maxTokens) {
      Map<String, Object> params = new LinkedHashMap<>();
      params.put(
          "messages",
          List.of(
              Map.of(
                  "role",
                  "user",
                  "content",
                  Map.of("type", "text", "text", Objects.requireNonNull(prompt, "prompt")))));
      params.put("maxTokens", maxTokens);
      return new Question(key, Kind.SAMPLING, params);
    }

    /**
     * A request of {@code kind} with these {@code params}, as the MCP spec defines them (for
     * sampling options such as {@code systemPrompt} or {@code modelPreferences}).
     */
    public static Question of(String key, Kind kind, Map<String, ?> params) {
      return new Question(key, kind, params);
    }

    /** The client's roots ({@code roots/list}). */
    public static Question listRoots(String key) {
      return new Question(key, Kind.ROOTS, Map.of());
    }

    /** The key its answer comes under. */
    public String key() {
      return key;
    }

    public Kind kind() {
      return kind;
    }

    /** The request's {@code params}, as the client receives them. */
    public Map<String, Object> params() {
      return params;
    }
  }

  /**
   * The client's answer to one {@link Question}: the result the MCP spec defines for its request
   * ({@code ElicitResult}, {@code CreateMessageResult}, {@code ListRootsResult}), as JSON maps.
   * Immutable. It is the client's word: validate what you use as any input.
   */
  final class Answer {
    private final Map<String, Object> result;

    /** An answer holding the client's {@code result} (as Jackson reads JSON into maps). */
    public Answer(Map<String, ?> result) {
      this.result = Collections.unmodifiableMap(new LinkedHashMap<>(result));
    }

    /** The whole result. */
    public Map<String, Object> result() {
      return result;
    }

    /** An elicitation's {@code action}: {@code accept}, {@code decline} or {@code cancel}. */
    public String action() {
      return result.get("action") instanceof String action ? action : "";
    }

    /** True when the user accepted an elicitation. */
    public boolean accepted() {
      return "accept".equals(action());
    }

    /** An accepted elicitation's form values; empty otherwise. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> content() {
      return result.get("content") instanceof Map<?, ?> content
          ? Collections.unmodifiableMap((Map<String, Object>) content)
          : Map.of();
    }

    /** A sampling answer's text ({@code content.text}, or the text items joined); else empty. */
    public String text() {
      StringBuilder text = new StringBuilder();
      Object content = result.get("content");
      for (Object item :
          content instanceof List<?> list ? list : List.of(content == null ? "" : content)) {
        if (item instanceof Map<?, ?> map
            && "text".equals(map.get("type"))
            && map.get("text") instanceof String t) {
          text.append(t);
        }
      }
      return text.toString();
    }

    /** A roots answer's root URIs, in order; else empty. */
    public List<String> roots() {
      List<String> uris = new ArrayList<>();
      if (result.get("roots") instanceof List<?> roots) {
        for (Object root : roots) {
          if (root instanceof Map<?, ?> map && map.get("uri") instanceof String uri) {
            uris.add(uri);
          }
        }
      }
      return List.copyOf(uris);
    }

    @Override
    public String toString() {
      return "Answer" + result;
    }
  }

  /**
   * Ends a route's run in protocol 2026-07-28 when it asked a question not answered yet: the bridge
   * answers the call with an {@code input_required} result and runs the route again with the
   * answers. Thrown by {@link #ask}; let it propagate (do not catch it, or rethrow it). The bridge
   * maps it whatever the application's exception mappers are.
   */
  final class InputRequired extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Thrown by the bridge's {@link McpContext}; {@code keys} are the questions not answered. */
    public InputRequired(List<String> keys) {
      super(
          "the client is asked " + keys + "; the call runs again with its answers",
          null,
          false,
          false);
    }
  }

  /** The syslog severities of MCP log messages, least severe first. */
  enum LogLevel {
    DEBUG,
    INFO,
    NOTICE,
    WARNING,
    ERROR,
    CRITICAL,
    ALERT,
    EMERGENCY;

    /** The level as MCP names it ({@code warning}). */
    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
