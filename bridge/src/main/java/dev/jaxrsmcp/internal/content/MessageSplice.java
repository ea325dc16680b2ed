package dev.jaxrsmcp.internal.content;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A read's serialized message split where its content goes ({@link ReadMessage#PLACEHOLDER}), so
 * that the route's body can be streamed into it: the head, the content as the JSON string its
 * {@link ContentsShape} makes of the bytes, the tail. Nothing of the body is held.
 */
public final class MessageSplice {
  private static final byte[] QUOTED_PLACEHOLDER =
      ("\"" + ReadMessage.PLACEHOLDER + "\"").getBytes(StandardCharsets.US_ASCII);

  private final byte[] json;
  private final int end;
  private final int start;

  private MessageSplice(byte[] json, int end, int start) {
    this.json = json;
    this.end = end;
    this.start = start;
  }

  /**
   * Splits {@code message} at its placeholder.
   *
   * @throws IllegalStateException when it has none
   */
  public static MessageSplice of(ObjectNode message) {
    byte[] json = Json.writeBytes(message);
    int at = lastIndexOf(json, QUOTED_PLACEHOLDER);
    if (at < 0) {
      throw new IllegalStateException("the read's message has no place for its content");
    }
    return new MessageSplice(json, at, at + QUOTED_PLACEHOLDER.length);
  }

  /** A message whose content goes at {@code at} (nothing of {@code json} is left out there). */
  static MessageSplice split(byte[] json, int at) {
    return new MessageSplice(json, at, at);
  }

  /** Whether {@code other} has the same head and tail. */
  boolean sameAs(MessageSplice other) {
    return Arrays.equals(json, 0, end, other.json, 0, other.end)
        && Arrays.equals(json, start, json.length, other.json, other.start, other.json.length);
  }

  /** What comes before the content. */
  public void writeHead(OutputStream out) throws IOException {
    out.write(json, 0, end);
  }

  /**
   * Opens the content after the head was written: the returned stream takes the body's bytes;
   * closing it ends the content's string and writes the rest of the message (not closing {@code
   * out}).
   */
  public OutputStream open(ContentsShape shape, OutputStream out) throws IOException {
    out.write('"');
    OutputStream encoder = shape.encoder(out);
    return new OutputStream() {
      private boolean closed;

      @Override
      public void write(int b) throws IOException {
        encoder.write(b);
      }

      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        encoder.write(bytes, offset, length);
      }

      @Override
      public void close() throws IOException {
        if (!closed) {
          closed = true;
          encoder.close();
          out.write('"');
          out.write(json, start, json.length - start);
        }
      }
    };
  }

  /**
   * The whole message, with {@code content} writing the body where the placeholder was. When {@code
   * content} fails, the message stays unfinished (never a complete-looking result).
   */
  public void write(OutputStream out, ContentsShape shape, Content content) throws IOException {
    writeHead(out);
    OutputStream body = open(shape, out);
    content.writeTo(body);
    body.close(); // not on failure: the tail would complete the message
  }

  /** Writes a read's body. */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Where {@code what} first occurs in {@code data} at or after {@code from}; -1 when it does not.
   */
  static int indexOf(byte[] data, byte[] what, int from) {
    outer:
    for (int i = from; i <= data.length - what.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (data[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  private static int lastIndexOf(byte[] data, byte[] what) {
    outer:
    for (int i = data.length - what.length; i >= 0; i--) {
      for (int j = 0; j < what.length; j++) {
        if (data[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
