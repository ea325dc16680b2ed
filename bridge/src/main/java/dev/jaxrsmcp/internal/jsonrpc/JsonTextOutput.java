package dev.jaxrsmcp.internal.jsonrpc;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;

/**
 * Turns bytes of text in some charset into the inside of a JSON string, as they arrive: decodes
 * them (malformed input becomes U+FFFD, as {@code new String(bytes, charset)} does), escapes {@code
 * "}, {@code \} and control characters, and writes UTF-8 to the target. The quotes around the
 * string are the caller's. {@link #close()} flushes a trailing partial sequence (as U+FFFD) and
 * does not close the target. Not thread-safe.
 *
 * <p>UTF-8, the usual case, takes a fast path: well-formed sequences are copied as they are (they
 * are already the UTF-8 the decoder would give back) and only ASCII needing an escape is rewritten.
 * At the first byte that does not start a well-formed sequence, or a sequence the piece cuts off,
 * that sequence goes through the decoder like any other charset, so the output is the same.
 */
public final class JsonTextOutput extends OutputStream {
  private static final byte[] HEX =
      "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private final OutputStream target;
  private final Charset charset;
  private final boolean utf8;
  private final boolean strict;

  /** The largest chunk decoded at once. */
  private static final int CHUNK = 4096;

  private static final byte[] NO_OUT = new byte[0];

  // Made when a piece first needs decoding: well-formed UTF-8 never does.
  private CharsetDecoder decoder;
  // Sized when first needed (a small body needs small buffers), at most CHUNK: out at the first
  // write, in and chars when a piece first needs decoding.
  private ByteBuffer in = ByteBuffer.allocate(0);
  private CharBuffer chars;
  private byte[] out = NO_OUT;
  private char highSurrogate;
  private boolean closed;

  public JsonTextOutput(OutputStream target, Charset charset) {
    this(target, charset, false);
  }

  /**
   * @param strict true to fail on malformed input (a {@link MalformedInputException}) instead of
   *     replacing it with U+FFFD
   */
  public JsonTextOutput(OutputStream target, Charset charset, boolean strict) {
    this.target = target;
    this.charset = charset;
    this.utf8 = charset.equals(java.nio.charset.StandardCharsets.UTF_8);
    this.strict = strict;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    if (!utf8) {
      decodeAll(bytes, offset, length);
      return;
    }
    int at = offset;
    int end = offset + length;
    while (at < end) {
      if (in.position() > 0 || highSurrogate != 0) {
        decodeAll(bytes, at, 1); // completes (or refuses) the sequence the last piece cut off
        at++;
        continue;
      }
      at = copyWellFormed(bytes, at, end);
      if (at < end) {
        int take = Math.min(end - at, sequenceLength(bytes[at]));
        decodeAll(bytes, at, take); // malformed: replaced; cut off: waits for the next piece
        at += take;
      }
    }
  }

  /**
   * Copies well-formed UTF-8 from {@code bytes}, escaping ASCII where JSON needs it, up to {@code
   * end} or the first sequence that is malformed or cut off; returns where it stopped.
   */
  private int copyWellFormed(byte[] bytes, int at, int end) throws IOException {
    int room = Math.min(CHUNK, end - at) + 16;
    if (out.length < room) {
      out = new byte[room];
    }
    byte[] o = out;
    int limit = o.length - 8; // the longest escape is 6 bytes, the longest sequence 4
    int n = 0;
    while (at < end) {
      if (n > limit) {
        target.write(o, 0, n);
        n = 0;
      }
      int run = at;
      int stop = Math.min(end, at + (limit - n));
      while (run < stop) { // a run of ASCII that needs no escape, copied at once
        byte b = bytes[run];
        if (b < 0x20 || b == '"' || b == '\\') {
          break;
        }
        run++;
      }
      if (run > at) {
        System.arraycopy(bytes, at, o, n, run - at);
        n += run - at;
        at = run;
        continue;
      }
      byte b = bytes[at];
      if (b >= 0) {
        n += escaped((char) b, o, n);
        at++;
      } else {
        int length = wellFormed(bytes, at, end);
        if (length == 0) {
          break;
        }
        System.arraycopy(bytes, at, o, n, length);
        n += length;
        at += length;
      }
    }
    if (n > 0) {
      target.write(o, 0, n);
    }
    return at;
  }

  /** The length a sequence starting with {@code lead} has (1 for a byte that starts none). */
  private static int sequenceLength(byte lead) {
    int b = lead & 0xFF;
    if (b >= 0xC2 && b <= 0xDF) {
      return 2;
    }
    if (b >= 0xE0 && b <= 0xEF) {
      return 3;
    }
    if (b >= 0xF0 && b <= 0xF4) {
      return 4;
    }
    return 1;
  }

  /**
   * The length of the well-formed multi-byte sequence at {@code at} (Unicode's table 3-7: no
   * overlong forms, no surrogates, nothing past U+10FFFF), or 0 when it is malformed or cut off.
   */
  private static int wellFormed(byte[] bytes, int at, int end) {
    int b0 = bytes[at] & 0xFF;
    int length = sequenceLength(bytes[at]);
    if (length == 1 || at + length > end) {
      return 0;
    }
    int b1 = bytes[at + 1] & 0xFF;
    int low = b0 == 0xE0 ? 0xA0 : b0 == 0xF0 ? 0x90 : 0x80;
    int high = b0 == 0xED ? 0x9F : b0 == 0xF4 ? 0x8F : 0xBF;
    if (b1 < low || b1 > high) {
      return 0;
    }
    for (int i = 2; i < length; i++) {
      if ((bytes[at + i] & 0xC0) != 0x80) {
        return 0;
      }
    }
    return length;
  }

  /** Decodes {@code length} bytes with the charset's decoder, then escapes what it gives. */
  private void decodeAll(byte[] bytes, int offset, int length) throws IOException {
    if (in.capacity() < CHUNK && in.position() + length > in.capacity()) {
      grow(in.position() + length);
    }
    int at = offset;
    int end = offset + length;
    while (at < end) {
      int n = Math.min(in.remaining(), end - at);
      in.put(bytes, at, n);
      at += n;
      decode(false);
    }
  }

  private void grow(int needed) {
    int size = Math.min(CHUNK, Math.max(64, needed));
    ByteBuffer bigger = ByteBuffer.allocate(size);
    in.flip();
    bigger.put(in);
    in = bigger;
    chars = CharBuffer.allocate(size);
    if (out.length < size + 64) {
      out = new byte[size + 64];
    }
  }

  @Override
  public void flush() throws IOException {
    target.flush();
  }

  /** Ends the text: a partial sequence left over becomes U+FFFD. The target stays open. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (utf8 && in.position() == 0 && highSurrogate == 0) {
      return; // nothing waits: UTF-8's decoder keeps no state beyond the bytes it was not given
    }
    if (in.capacity() == 0) {
      grow(64);
    }
    decode(true);
    CoderResult result;
    do {
      result = decoder.flush(chars);
      drain();
    } while (result.isOverflow());
    if (strict && highSurrogate != 0) {
      throw new MalformedInputException(1);
    }
    if (highSurrogate != 0) {
      int n = utf8(0xFFFD, out, 0);
      highSurrogate = 0;
      target.write(out, 0, n);
    }
  }

  private void decode(boolean endOfInput) throws IOException {
    if (decoder == null) {
      CodingErrorAction action = strict ? CodingErrorAction.REPORT : CodingErrorAction.REPLACE;
      decoder = charset.newDecoder().onMalformedInput(action).onUnmappableCharacter(action);
    }
    in.flip();
    while (true) {
      CoderResult result = decoder.decode(in, chars, endOfInput);
      drain();
      if (result.isError()) {
        throw new MalformedInputException(result.length());
      }
      if (!result.isOverflow()) {
        break;
      }
    }
    in.compact();
  }

  /** Escapes and writes the decoded characters. */
  private void drain() throws IOException {
    chars.flip();
    int n = 0;
    while (chars.hasRemaining()) {
      if (n > out.length - 12) { // room for the longest escape (6) after a pending replacement
        target.write(out, 0, n);
        n = 0;
      }
      char c = chars.get();
      if (highSurrogate != 0) {
        char high = highSurrogate;
        highSurrogate = 0;
        if (Character.isLowSurrogate(c)) {
          n += utf8(Character.toCodePoint(high, c), out, n);
          continue;
        }
        n += utf8(0xFFFD, out, n);
      }
      if (Character.isHighSurrogate(c)) {
        highSurrogate = c;
      } else if (Character.isLowSurrogate(c)) {
        n += utf8(0xFFFD, out, n);
      } else {
        n += escaped(c, out, n);
      }
    }
    chars.clear();
    if (n > 0) {
      target.write(out, 0, n);
    }
  }

  private static int escaped(char c, byte[] out, int at) {
    switch (c) {
      case '"':
        return pair('"', out, at);
      case '\\':
        return pair('\\', out, at);
      case '\n':
        return pair('n', out, at);
      case '\r':
        return pair('r', out, at);
      case '\t':
        return pair('t', out, at);
      case '\b':
        return pair('b', out, at);
      case '\f':
        return pair('f', out, at);
      default:
        if (c < 0x20) {
          out[at] = '\\';
          out[at + 1] = 'u';
          out[at + 2] = '0';
          out[at + 3] = '0';
          out[at + 4] = HEX[c >> 4];
          out[at + 5] = HEX[c & 0xF];
          return 6;
        }
        return utf8(c, out, at);
    }
  }

  private static int pair(char escaped, byte[] out, int at) {
    out[at] = '\\';
    out[at + 1] = (byte) escaped;
    return 2;
  }

  private static int utf8(int codePoint, byte[] out, int at) {
    if (codePoint < 0x80) {
      out[at] = (byte) codePoint;
      return 1;
    }
    if (codePoint < 0x800) {
      out[at] = (byte) (0xC0 | (codePoint >> 6));
      out[at + 1] = (byte) (0x80 | (codePoint & 0x3F));
      return 2;
    }
    if (codePoint < 0x10000) {
      out[at] = (byte) (0xE0 | (codePoint >> 12));
      out[at + 1] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
      out[at + 2] = (byte) (0x80 | (codePoint & 0x3F));
      return 3;
    }
    out[at] = (byte) (0xF0 | (codePoint >> 18));
    out[at + 1] = (byte) (0x80 | ((codePoint >> 12) & 0x3F));
    out[at + 2] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
    out[at + 3] = (byte) (0x80 | (codePoint & 0x3F));
    return 4;
  }
}
