package dev.jaxrsmcp.test.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An SSE response body read on its own thread: each event's JSON message, each comment and the end
 * of the stream go into a queue, where {@link #next(Duration)} waits for them under a timeout.
 * Closing disconnects. The reader thread is a daemon and inherits no thread-locals.
 */
public final class MessageStream implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One thing the stream delivered. */
  public sealed interface Item permits Message, Comment, Malformed, End {}

  /** An event whose data is a JSON message. */
  public record Message(JsonNode json) implements Item {}

  /** A comment line such as {@code : keep-alive}. */
  public record Comment(String text) implements Item {}

  /** An event whose data is not JSON. */
  public record Malformed(String data, String problem) implements Item {}

  /** The end of the stream: the server closed it, or reading failed. */
  public record End(Optional<String> failure) implements Item {}

  /** What {@link #next(Duration)} gives when nothing arrived in time. */
  public static final Optional<Item> NOTHING_IN_TIME = Optional.empty();

  private final BlockingQueue<Item> items = new LinkedBlockingQueue<>();
  private final InputStream body;
  private final List<String> comments = new ArrayList<>(); // guarded by this
  private volatile boolean ended;

  private MessageStream(InputStream body, String name) {
    this.body = body;
    Thread reader = new Thread(null, this::read, name, 0, false);
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts reading {@code body} on a new daemon thread called {@code name}. */
  public static MessageStream start(InputStream body, String name) {
    return new MessageStream(body, name);
  }

  private void read() {
    SseParser parser = new SseParser();
    Optional<String> failure = Optional.empty();
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        SseParser.Line parsed = parser.feed(line);
        parsed.data().ifPresent(data -> items.add(parse(data)));
        parsed
            .comment()
            .ifPresent(
                comment -> {
                  synchronized (this) {
                    comments.add(comment);
                  }
                  items.add(new Comment(comment));
                });
      }
    } catch (IOException e) {
      failure = ended ? Optional.empty() : Optional.of(e.toString());
    } finally {
      ended = true;
      items.add(new End(failure));
    }
  }

  private static Item parse(String data) {
    try {
      return new Message(JSON.readTree(data));
    } catch (JsonProcessingException e) {
      return new Malformed(data, e.getOriginalMessage());
    }
  }

  /**
   * The next item, waiting up to {@code timeout}; {@link #NOTHING_IN_TIME} when none came. After
   * the end, every call gives the {@link End} again.
   */
  public Optional<Item> next(Duration timeout) {
    try {
      Item item = items.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
      if (item instanceof End) {
        items.add(item);
      }
      return Optional.ofNullable(item);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for the stream", e);
    }
  }

  /** The next item that is not a comment, waiting up to {@code timeout} in all. */
  public Optional<Item> nextMessage(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return NOTHING_IN_TIME;
      }
      Optional<Item> item = next(Duration.ofNanos(left));
      if (item.isEmpty() || !(item.get() instanceof Comment)) {
        return item;
      }
    }
  }

  /** The comments seen so far, oldest first. */
  public synchronized List<String> comments() {
    return List.copyOf(comments);
  }

  /** Disconnects. */
  @Override
  public void close() {
    ended = true;
    try {
      body.close();
    } catch (IOException e) {
      // Closing a response body we no longer read; nothing to report.
    }
  }
}
