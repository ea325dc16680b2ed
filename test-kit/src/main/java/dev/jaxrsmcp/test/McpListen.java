package dev.jaxrsmcp.test;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.test.internal.Describe;
import dev.jaxrsmcp.test.internal.MessageStream;
import dev.jaxrsmcp.test.internal.Requests;
import dev.jaxrsmcp.test.internal.Sent;
import dev.jaxrsmcp.test.internal.Wire;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * A notification stream being recorded: a modern {@code subscriptions/listen} or a legacy session's
 * {@code GET} stream ({@link McpTestClient#listen(String...)}). Every wait is bounded by the
 * client's timeout; a message that arrives while the test waits for another one is kept for a later
 * {@code await…}, and {@link #assertNoMore()} fails if any was left unclaimed.
 *
 * <pre>{@code
 * try (McpListen updates = mcp.as("Bearer demo-token").listen("app://widgets/1/state")) {
 *   assertThat(updates.acknowledged()).containsExactly("app://widgets/1/state");
 *   // ... change widget 1 ...
 *   updates.awaitUpdate("app://widgets/1/state");
 *   updates.assertNoMore();
 * }
 * }</pre>
 *
 * In the modern era every notification must carry {@code
 * _meta["io.modelcontextprotocol/subscriptionId"]} equal to the listen request's id; one that does
 * not fails the await that receives it.
 */
public final class McpListen implements AutoCloseable {
  /** How long {@link #assertNoMore()} waits for a message that should not come. */
  public static final Duration QUIET = Duration.ofMillis(500);

  private static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

  private final Sent sent;
  private final Wire.Exchange exchange;
  private final Duration timeout;
  private final boolean modern;
  private final List<JsonNode> pending = new ArrayList<>();
  private final List<JsonNode> received = new ArrayList<>();
  private Optional<List<String>> acknowledged = Optional.empty();

  private McpListen(Sent sent, Wire.Exchange exchange, Duration timeout, boolean modern) {
    this.sent = sent;
    this.exchange = exchange;
    this.timeout = timeout;
    this.modern = modern;
  }

  static McpListen modern(Sent sent, Wire.Exchange exchange, Duration timeout) {
    return new McpListen(sent, exchange, timeout, true);
  }

  static McpListen legacy(Sent sent, Wire.Exchange exchange, Duration timeout) {
    return new McpListen(sent, exchange, timeout, false);
  }

  /** Legacy: the URIs whose {@code resources/subscribe} the server accepted. */
  void acknowledge(List<String> uris) {
    acknowledged = Optional.of(List.copyOf(uris));
  }

  /** The HTTP status of the stream's answer. */
  public int status() {
    return exchange.status();
  }

  /** The first value of the response header {@code name}. */
  public Optional<String> header(String name) {
    return exchange.header(name);
  }

  /**
   * The URIs the server agreed to notify about: modern, the {@code resourceSubscriptions} of {@code
   * notifications/subscriptions/acknowledged}, which must be the stream's first message; legacy
   * ({@link McpTestClient#listen(String...)}), those whose {@code resources/subscribe} succeeded.
   */
  public List<String> acknowledged() {
    if (acknowledged.isPresent()) {
      return acknowledged.get();
    }
    if (!modern) {
      throw new IllegalStateException(
          "this legacy stream was opened by notifications(): each subscribe(uri) answer says"
              + " whether the URI was accepted");
    }
    JsonNode first = take();
    if (!first.path("method").asText().equals("notifications/subscriptions/acknowledged")) {
      throw new AssertionError(
          "expected notifications/subscriptions/acknowledged first on "
              + sent.describe()
              + ", but got "
              + first);
    }
    List<String> uris = new ArrayList<>();
    first
        .path("params")
        .path("notifications")
        .path("resourceSubscriptions")
        .forEach(uri -> uris.add(uri.asText()));
    acknowledged = Optional.of(List.copyOf(uris));
    return acknowledged.get();
  }

  /** Modern: reads the acknowledgement first, so that awaits see only what follows it. */
  private void ensureAcknowledged() {
    if (modern) {
      acknowledged();
    }
  }

  /**
   * Waits for {@code notifications/resources/updated} of {@code uri} and returns it; other messages
   * arriving meanwhile are kept for later awaits.
   */
  public JsonNode awaitUpdate(String uri) {
    ensureAcknowledged();
    for (Iterator<JsonNode> it = pending.iterator(); it.hasNext(); ) {
      JsonNode message = it.next();
      if (isUpdateOf(message, uri)) {
        it.remove();
        return message;
      }
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Optional<JsonNode> next = receive(deadline, "an update of " + uri);
      if (next.isEmpty()) {
        throw new AssertionError(
            "the stream "
                + sent.describe()
                + " ended before an update of "
                + uri
                + "; it carried "
                + carried());
      }
      if (isUpdateOf(next.get(), uri)) {
        return next.get();
      }
      pending.add(next.get());
    }
  }

  /** The next message not yet claimed by an await, whatever it is. */
  public JsonNode awaitMessage() {
    ensureAcknowledged();
    if (!pending.isEmpty()) {
      return pending.remove(0);
    }
    return receive(System.nanoTime() + timeout.toNanos(), "a message")
        .orElseThrow(
            () ->
                new AssertionError(
                    "the stream " + sent.describe() + " ended; it carried " + carried()));
  }

  /**
   * The next message, which must be the JSON-RPC response that ends the listen (a server ending it
   * sends one first); returns it.
   */
  public JsonNode awaitCompletion() {
    JsonNode message = awaitMessage();
    if (!Requests.isResponse(message)) {
      throw new AssertionError(
          "expected the response that ends " + sent.describe() + ", but got " + message);
    }
    return message;
  }

  /** Waits for the server to end the stream; fails on any message not yet claimed or arriving. */
  public void awaitEnd() {
    ensureAcknowledged();
    failOnPending("before the end of the stream");
    Optional<JsonNode> next = receive(System.nanoTime() + timeout.toNanos(), "the end");
    next.ifPresent(
        m -> {
          throw new AssertionError("expected " + sent.describe() + " to end, but it carried " + m);
        });
  }

  /** Checks that nothing is left unclaimed and nothing more arrives within {@link #QUIET}. */
  public McpListen assertNoMore() {
    return assertNoMore(QUIET);
  }

  /** Checks that nothing is left unclaimed and nothing more arrives within {@code quiet}. */
  public McpListen assertNoMore(Duration quiet) {
    ensureAcknowledged();
    failOnPending("");
    MessageStream stream = stream();
    Optional<MessageStream.Item> item = stream.nextMessage(quiet);
    if (item.isPresent() && item.get() instanceof MessageStream.Message message) {
      received.add(message.json());
      throw new AssertionError(
          "expected no more messages on "
              + sent.describe()
              + " within "
              + quiet
              + ", but got "
              + message.json());
    }
    return this;
  }

  /** The comment lines (keep-alives) seen so far. */
  public List<String> comments() {
    return stream().comments();
  }

  /** Disconnects, which ends the subscription. */
  @Override
  public void close() {
    exchange.stream().ifPresent(MessageStream::close);
  }

  private String carried() {
    return Describe.shorten(received.toString());
  }

  private void failOnPending(String when) {
    if (!pending.isEmpty()) {
      throw new AssertionError(
          "expected no more messages on "
              + sent.describe()
              + (when.isEmpty() ? "" : " " + when)
              + ", but these were not awaited: "
              + Describe.shorten(pending.toString()));
    }
  }

  private JsonNode take() {
    return receive(System.nanoTime() + timeout.toNanos(), "the first message")
        .orElseThrow(
            () ->
                new AssertionError(
                    "the stream " + sent.describe() + " ended before its first message"));
  }

  /** The next message before {@code deadline}; empty at the end; fails on timeout. */
  private Optional<JsonNode> receive(long deadline, String awaited) {
    MessageStream stream = stream();
    long left = Math.max(0, deadline - System.nanoTime());
    Optional<MessageStream.Item> item = stream.nextMessage(Duration.ofNanos(left));
    if (item.isEmpty()) {
      throw new AssertionError(
          "no "
              + awaited
              + " within "
              + timeout
              + " on "
              + sent.describe()
              + "; it carried "
              + carried()
              + (pending.isEmpty()
                  ? ""
                  : ", not yet awaited: " + Describe.shorten(pending.toString())));
    }
    if (item.get() instanceof MessageStream.End end) {
      end.failure()
          .ifPresent(
              f -> {
                throw new AssertionError("reading " + sent.describe() + " failed: " + f);
              });
      return Optional.empty();
    }
    if (item.get() instanceof MessageStream.Malformed malformed) {
      throw new AssertionError(
          sent.describe()
              + " carried an event that is not JSON ("
              + malformed.problem()
              + "): "
              + Describe.shorten(malformed.data()));
    }
    JsonNode message = ((MessageStream.Message) item.get()).json();
    received.add(message);
    checkTag(message);
    return Optional.of(message);
  }

  private void checkTag(JsonNode message) {
    if (!modern || !message.has("method")) {
      return;
    }
    JsonNode tag = message.path("params").path("_meta").path(SUBSCRIPTION_ID);
    if (!tag.toString().equals(sent.id().toString())) {
      throw new AssertionError(
          "expected "
              + SUBSCRIPTION_ID
              + " "
              + sent.id()
              + " (the listen request's id) on every notification of "
              + sent.describe()
              + ", but got "
              + message);
    }
  }

  private MessageStream stream() {
    return exchange.stream()
        .orElseThrow(
            () ->
                new AssertionError(
                    "expected a notification stream for "
                        + sent.describe()
                        + ", but it answered HTTP "
                        + exchange.status()
                        + " ("
                        + exchange.header("Content-Type").orElse("no Content-Type")
                        + ") "
                        + Describe.shorten(exchange.body())));
  }

  private static boolean isUpdateOf(JsonNode message, String uri) {
    return message.path("method").asText().equals("notifications/resources/updated")
        && message.path("params").path("uri").asText().equals(uri);
  }
}
