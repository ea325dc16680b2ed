package dev.jaxrsmcp.test;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.test.internal.Describe;
import dev.jaxrsmcp.test.internal.MessageStream;
import dev.jaxrsmcp.test.internal.Sent;
import dev.jaxrsmcp.test.internal.Wire;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A read or tool call still under way ({@link McpTestClient#startRead(String)}): watch its
 * progress, cancel it, or wait for its answer. Close it (try-with-resources) to disconnect.
 *
 * <pre>{@code
 * try (McpCall read = mcp.withProgress("p").startRead("app://widgets/1/output?seconds=60")) {
 *   assertThat(read.awaitProgress().path("progress").asInt()).isEqualTo(1);
 *   read.cancel(); // modern: closes the stream; legacy: notifications/cancelled, then closes
 * }
 * }</pre>
 */
public final class McpCall implements AutoCloseable {
  private final Sent sent;
  private final Wire.Exchange exchange;
  private final Duration timeout;
  private final Runnable cancel;
  private final List<JsonNode> seen = new ArrayList<>();

  McpCall(Sent sent, Wire.Exchange exchange, Duration timeout, Runnable cancel) {
    this.sent = sent;
    this.exchange = exchange;
    this.timeout = timeout;
    this.cancel = cancel;
  }

  /** The HTTP status of the answer. */
  public int status() {
    return exchange.status();
  }

  /** Whether the answer is an SSE stream. */
  public boolean isStream() {
    return exchange.stream().isPresent();
  }

  /**
   * The {@code params} of the next {@code notifications/progress}; fails when something else comes
   * first, the answer is not a stream, or nothing comes within the timeout.
   */
  public JsonNode awaitProgress() {
    JsonNode message = awaitMessage();
    if (!message.path("method").asText().equals("notifications/progress")) {
      throw new AssertionError(
          "expected progress on the stream answering " + sent.describe() + ", but got " + message);
    }
    return message.path("params");
  }

  /** The next message on the stream, whatever it is. */
  public JsonNode awaitMessage() {
    MessageStream stream =
        exchange.stream()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "expected a stream answering "
                            + sent.describe()
                            + ", but it answered at once: HTTP "
                            + exchange.status()
                            + " "
                            + Describe.shorten(exchange.body())));
    Optional<MessageStream.Item> item = stream.nextMessage(timeout);
    if (item.isEmpty()) {
      throw new AssertionError(
          "no message within " + timeout + " on the stream answering " + sent.describe());
    }
    if (item.get() instanceof MessageStream.Message message) {
      seen.add(message.json());
      return message.json();
    }
    throw new AssertionError(
        "expected a message on the stream answering "
            + sent.describe()
            + ", but got "
            + item.get()
            + " after "
            + seen);
  }

  /** Waits for the whole answer (what {@link McpTestClient#read(String)} would have returned). */
  public McpResponse awaitResponse() {
    if (exchange.stream().isEmpty()) {
      return McpResponse.read(sent, exchange, timeout);
    }
    return McpResponse.drain(sent, exchange, exchange.stream().get(), seen, timeout);
  }

  /**
   * Cancels the request: a modern client closes the stream (the transport's cancellation); a legacy
   * client sends {@code notifications/cancelled} for the request's id on its session (expecting
   * {@code 202}), then closes the stream.
   */
  public void cancel() {
    cancel.run();
    close();
  }

  /** Disconnects. */
  @Override
  public void close() {
    exchange.stream().ifPresent(MessageStream::close);
  }
}
