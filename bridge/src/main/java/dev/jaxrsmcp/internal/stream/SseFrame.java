package dev.jaxrsmcp.internal.stream;

import static java.nio.charset.StandardCharsets.UTF_8;

import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.OutputStream;
import org.glassfish.jersey.media.sse.OutboundEvent;

/**
 * One event of a stream, encoded once as the bytes Jersey's SSE support writes for it: a {@code
 * message} event is {@code event: message}, one {@code data:} line (the JSON never holds a line
 * break) and an empty line; a comment is {@code : text} and an empty line. The JSON is held in
 * three parts so that a notification shared by many streams keeps one copy of what they have in
 * common ({@code head}, {@code tail}) and only its subscription id ({@code own}) per stream.
 *
 * <p>{@link #writeTo} writes the bytes to the container's entity stream as they are; {@link #event}
 * gives the same event to Jersey's writer instead, for a response whose entity stream is
 * transformed on its way (a {@code Content-Encoding}). Immutable; the arrays are never changed.
 */
final class SseFrame {
  private static final byte[] MESSAGE_LEAD = "event: message\ndata: ".getBytes(UTF_8);
  private static final byte[] COMMENT_LEAD = ": ".getBytes(UTF_8);
  private static final byte[] END = "\n\n".getBytes(UTF_8);
  private static final byte[] NONE = new byte[0];

  /** The keep-alive comment. */
  static final SseFrame KEEP_ALIVE = comment("keep-alive");

  private final boolean comment;
  private final byte[] head;
  private final byte[] own;
  private final byte[] tail;

  private SseFrame(boolean comment, byte[] head, byte[] own, byte[] tail) {
    this.comment = comment;
    this.head = head;
    this.own = own;
    this.tail = tail;
  }

  /** A {@code message} event carrying one line of JSON. */
  static SseFrame message(byte[] json) {
    return new SseFrame(false, json, NONE, NONE);
  }

  /** A {@code message} event whose JSON is {@code head}, then {@code own}, then {@code tail}. */
  static SseFrame message(byte[] head, byte[] own, byte[] tail) {
    return new SseFrame(false, head, own, tail);
  }

  /** A comment of one line. */
  static SseFrame comment(String text) {
    if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
      throw new IllegalArgumentException("an SSE comment must be one line, got: " + text);
    }
    return new SseFrame(true, text.getBytes(UTF_8), NONE, NONE);
  }

  /** The bytes on the wire. */
  long size() {
    return (comment ? COMMENT_LEAD : MESSAGE_LEAD).length
        + head.length
        + own.length
        + tail.length
        + END.length;
  }

  /**
   * Writes the event's bytes, unflushed, in one write: Grizzly never blocks a write made right
   * after its output said it takes more, but may block a second one (its buffer fills and it
   * flushes).
   */
  void writeTo(OutputStream out) throws IOException {
    byte[] lead = comment ? COMMENT_LEAD : MESSAGE_LEAD;
    byte[] all = new byte[(int) size()];
    int at = 0;
    for (byte[] part : new byte[][] {lead, head, own, tail, END}) {
      System.arraycopy(part, 0, all, at, part.length);
      at += part.length;
    }
    out.write(all);
  }

  /** The same event for Jersey's SSE writer. */
  OutboundEvent event() {
    if (comment) {
      return new OutboundEvent.Builder().comment(new String(head, UTF_8)).build();
    }
    byte[] json = new byte[head.length + own.length + tail.length];
    System.arraycopy(head, 0, json, 0, head.length);
    System.arraycopy(own, 0, json, head.length, own.length);
    System.arraycopy(tail, 0, json, head.length + own.length, tail.length);
    return new OutboundEvent.Builder()
        .name("message")
        // text/plain, so the String is written as it is (a JSON provider would quote it again)
        .mediaType(MediaType.TEXT_PLAIN_TYPE)
        .data(String.class, new String(json, UTF_8))
        .build();
  }
}
