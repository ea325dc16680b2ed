package dev.jaxrsmcp.internal.content;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A read's serialized message split where its content goes ({@link ReadMessage#PLACEHOLDER}), so
 * that the route's body can be streamed into it: the head, the content as the JSON string its
 * {@link ContentsShape} makes of the bytes, the tail. The head and the tail are byte arrays written
 * as they are (a kept message's pieces and a read's id and URI, see {@link SuccessSplices}), never
 * copied into one message first. Nothing of the body is held.
 */
public final class MessageSplice {
  private static final byte[] QUOTED_PLACEHOLDER =
      ("\"" + ReadMessage.PLACEHOLDER + "\"").getBytes(StandardCharsets.US_ASCII);

  /** The message's bytes in order: {@code parts[0..content)} the head, the rest the tail. */
  private final byte[][] parts;

  private final int content;

  private MessageSplice(byte[][] parts, int content) {
    this.parts = parts;
    this.content = content;
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
    return new MessageSplice(
        new byte[][] {
          Arrays.copyOfRange(json, 0, at),
          Arrays.copyOfRange(json, at + QUOTED_PLACEHOLDER.length, json.length)
        },
        1);
  }

  /**
   * A message of {@code parts} (not copied: never changed afterwards), its content going after the
   * first {@code content} of them.
   */
  static MessageSplice of(byte[][] parts, int content) {
    return new MessageSplice(parts, content);
  }

  /** Whether {@code other} has the same head and tail. */
  boolean sameAs(MessageSplice other) {
    return Arrays.equals(bytes(0, content), other.bytes(0, other.content))
        && Arrays.equals(
            bytes(content, parts.length), other.bytes(other.content, other.parts.length));
  }

  private byte[] bytes(int from, int to) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = from; i < to; i++) {
      out.writeBytes(parts[i]);
    }
    return out.toByteArray();
  }

  /** What comes before the content. */
  public void writeHead(OutputStream out) throws IOException {
    for (int i = 0; i < content; i++) {
      out.write(parts[i]);
    }
  }

  private void writeTail(OutputStream out) throws IOException {
    for (int i = content; i < parts.length; i++) {
      out.write(parts[i]);
    }
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
          writeTail(out);
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
