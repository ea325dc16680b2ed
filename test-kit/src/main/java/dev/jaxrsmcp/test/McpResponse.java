package dev.jaxrsmcp.test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.jaxrsmcp.test.internal.Describe;
import dev.jaxrsmcp.test.internal.Era;
import dev.jaxrsmcp.test.internal.MessageStream;
import dev.jaxrsmcp.test.internal.Requests;
import dev.jaxrsmcp.test.internal.Sent;
import dev.jaxrsmcp.test.internal.Wire;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the server answered to one MCP request: the HTTP status and headers, and the JSON-RPC
 * response, whether it came as plain JSON or as the last message of an SSE stream (then {@link
 * #messages()} holds everything the stream carried, progress included).
 *
 * <p>Check it with {@link McpAssertions#assertThat(McpResponse)}:
 *
 * <pre>{@code
 * McpResponse read = mcp.as("Bearer demo-token").read("app://widgets/1/state");
 * assertThat(read).isText().jsonEquals("{\"mode\":\"heat\"}");
 * assertThat(read).hasCacheScope("private");
 * }</pre>
 *
 * or look inside with {@link #result()}, {@link #error()} and {@link #json()} (Jackson trees;
 * absent parts are {@code MissingNode}, never {@code null}). {@link #toString()} describes the
 * request and the answer, as failure messages do.
 */
public final class McpResponse {
  private static final int MAX_MESSAGES = 100_000;

  private final Sent sent;
  private final Wire.Exchange exchange;
  private final List<JsonNode> messages;
  private final JsonNode json;
  private final String body;
  private final boolean refusedHandshake;

  private McpResponse(
      Sent sent, Wire.Exchange exchange, List<JsonNode> messages, JsonNode json, String body) {
    this(sent, exchange, messages, json, body, false);
  }

  private McpResponse(
      Sent sent,
      Wire.Exchange exchange,
      List<JsonNode> messages,
      JsonNode json,
      String body,
      boolean refusedHandshake) {
    this.sent = sent;
    this.exchange = exchange;
    this.messages = List.copyOf(messages);
    this.json = json;
    this.body = body;
    this.refusedHandshake = refusedHandshake;
  }

  /**
   * The answer to a legacy call whose session never started: {@code initialize} answered {@code
   * refusal} (HTTP 401 or 403), so the call itself was not sent.
   */
  static McpResponse refusedHandshake(Sent call, McpResponse refusal) {
    return new McpResponse(
        call, refusal.exchange, refusal.messages, refusal.json, refusal.body, true);
  }

  /** Reads the answer: a whole JSON body, or an SSE stream up to its response (or its end). */
  static McpResponse read(Sent sent, Wire.Exchange exchange, Duration timeout) {
    if (exchange.stream().isEmpty()) {
      JsonNode json = parse(exchange.body());
      return new McpResponse(
          sent, exchange, json.isMissingNode() ? List.of() : List.of(json), json, exchange.body());
    }
    try (MessageStream stream = exchange.stream().get()) {
      return drain(sent, exchange, stream, new ArrayList<>(), timeout);
    }
  }

  /** Reads the rest of {@code stream}, after {@code seen}, up to the response or the end. */
  static McpResponse drain(
      Sent sent,
      Wire.Exchange exchange,
      MessageStream stream,
      List<JsonNode> seen,
      Duration timeout) {
    List<JsonNode> messages = new ArrayList<>(seen);
    for (JsonNode m : seen) {
      if (Requests.isResponse(m)) {
        return new McpResponse(sent, exchange, messages, m, join(messages));
      }
    }
    while (messages.size() < MAX_MESSAGES) {
      Optional<MessageStream.Item> item = stream.nextMessage(timeout);
      if (item.isEmpty()) {
        throw new AssertionError(
            "no response to "
                + sent.describe()
                + " within "
                + timeout
                + "; the stream carried "
                + Describe.shorten(messages.toString()));
      }
      MessageStream.Item next = item.get();
      if (next instanceof MessageStream.End) {
        return new McpResponse(sent, exchange, messages, MissingNode.getInstance(), join(messages));
      }
      if (next instanceof MessageStream.Malformed malformed) {
        throw new AssertionError(
            "the stream answering "
                + sent.describe()
                + " carried an event that is not JSON ("
                + malformed.problem()
                + "): "
                + Describe.shorten(malformed.data()));
      }
      JsonNode message = ((MessageStream.Message) next).json();
      messages.add(message);
      if (Requests.isResponse(message)) {
        return new McpResponse(sent, exchange, messages, message, join(messages));
      }
    }
    throw new AssertionError(
        "the stream answering "
            + sent.describe()
            + " sent more than "
            + MAX_MESSAGES
            + " messages");
  }

  private static String join(List<JsonNode> messages) {
    StringBuilder text = new StringBuilder();
    for (JsonNode m : messages) {
      text.append("data: ").append(m).append('\n');
    }
    return text.toString();
  }

  private static JsonNode parse(String body) {
    if (body.isBlank()) {
      return MissingNode.getInstance();
    }
    try {
      return Requests.JSON.readTree(body);
    } catch (java.io.IOException e) {
      return MissingNode.getInstance();
    }
  }

  /** The JSON-RPC method that was called, for example {@code resources/read}. */
  public String method() {
    return sent.method();
  }

  /** The URI or tool name the request targeted, when it had one. */
  public Optional<String> target() {
    return sent.name();
  }

  /** Whether this was a modern-era (2026-07-28) request; otherwise legacy (2025-11-25). */
  public boolean isModern() {
    return sent.era() == Era.MODERN;
  }

  /** The HTTP status of the answer. */
  public int status() {
    return exchange.status();
  }

  /** The first value of the response header {@code name} (case-insensitive). */
  public Optional<String> header(String name) {
    return exchange.header(name);
  }

  /**
   * Whether this is the refused {@code initialize} of a legacy session that never started (HTTP 401
   * or 403, typically from authentication in front of the endpoint) rather than an answer to the
   * call itself: {@link #status()}, {@link #header(String)} and the body are the refusal's.
   */
  public boolean isRefusedHandshake() {
    return refusedHandshake;
  }

  /** Whether the answer was an SSE stream ({@code text/event-stream}). */
  public boolean isStream() {
    return exchange.stream().isPresent();
  }

  /** The JSON-RPC response; {@code MissingNode} when there was none (an empty or non-JSON body). */
  public JsonNode json() {
    return json;
  }

  /** {@code result} of the response, or {@code MissingNode}. */
  public JsonNode result() {
    return json.path("result");
  }

  /** {@code error} of the response, or {@code MissingNode}. */
  public JsonNode error() {
    return json.path("error");
  }

  /** Every message the answer carried, oldest first (one for a plain JSON answer). */
  public List<JsonNode> messages() {
    return messages;
  }

  /** The {@code params} of each {@code notifications/progress} the stream carried, in order. */
  public List<JsonNode> progress() {
    return messages.stream()
        .filter(m -> m.path("method").asText().equals("notifications/progress"))
        .map(m -> m.path("params"))
        .toList();
  }

  /**
   * The strings in the array at {@code pointer} inside {@link #result()}, for example {@code
   * strings("/completion/values")}; fails when there is no array of strings there.
   */
  public List<String> strings(String pointer) {
    JsonNode array = result().at(pointer);
    if (!array.isArray()) {
      throw new AssertionError(
          "expected an array at result" + pointer + " of " + sent.describe() + ", but " + this);
    }
    List<String> values = new ArrayList<>();
    for (JsonNode value : array) {
      if (!value.isTextual()) {
        throw new AssertionError(
            "expected only strings at result" + pointer + " but found " + value + " in " + this);
      }
      values.add(value.asText());
    }
    return values;
  }

  /** The raw body (for a stream: its messages as {@code data:} lines). */
  public String body() {
    return body;
  }

  /** The id the request was sent with. */
  public JsonNode requestId() {
    return sent.id();
  }

  Sent sent() {
    return sent;
  }

  /** The request and what came back, for failure messages. */
  @Override
  public String toString() {
    return sent.describe() + " answered " + answer();
  }

  /** What came back: status, type and (shortened) body. */
  String answer() {
    String type = exchange.header("Content-Type").orElse("no Content-Type");
    String shown = body.isEmpty() ? "(empty body)" : Describe.shorten(body.strip());
    String to = refusedHandshake ? "the session's initialize with " : "";
    return to + "HTTP " + exchange.status() + " (" + type + ") " + shown;
  }
}
