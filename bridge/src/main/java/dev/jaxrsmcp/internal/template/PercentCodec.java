package dev.jaxrsmcp.internal.template;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/** Strict UTF-8 percent-encoding and decoding (RFC 3986), with no form-style '+' handling. */
final class PercentCodec {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private PercentCodec() {}

  /** True for RFC 3986 unreserved characters: ALPHA / DIGIT / "-" / "." / "_" / "~". */
  static boolean isUnreserved(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }

  /** True when {@code value} has no lone surrogate, so that it has a UTF-8 form. */
  static boolean isWellFormed(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < value.length()
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Encodes every byte of the UTF-8 form of {@code value} except unreserved characters that do not
   * occur in {@code alsoEncode}. {@code value} must be {@linkplain #isWellFormed well-formed}.
   */
  static String encode(String value, String alsoEncode) {
    StringBuilder out = new StringBuilder(value.length() + 8);
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    for (byte b : bytes) {
      char c = (char) (b & 0xFF);
      if (c < 0x80 && isUnreserved(c) && alsoEncode.indexOf(c) < 0) {
        out.append(c);
      } else {
        out.append('%').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
      }
    }
    return out.toString();
  }

  /**
   * Decodes percent escapes as UTF-8; empty when an escape is malformed, the bytes are not valid
   * UTF-8, or the text has a lone surrogate.
   */
  static Optional<String> decode(String text) {
    StringBuilder out = new StringBuilder(text.length());
    int pos = 0;
    while (pos < text.length()) {
      long next = decodeOne(text, pos, text.length());
      if (next < 0) {
        return Optional.empty();
      }
      out.appendCodePoint(codePoint(next));
      pos = end(next);
    }
    return Optional.of(out.toString());
  }

  /**
   * Decodes the one code point that starts at {@code pos}, looking no further than {@code limit}: a
   * character (or surrogate pair) as written, or the percent escapes of one UTF-8 sequence. Returns
   * -1 when malformed, else the code point and where it ends, read with {@link #end} and {@link
   * #codePoint}. The decodable prefixes of {@code text[from, limit)} end exactly at the positions
   * this reaches from {@code from}, one code point at a time.
   */
  static long decodeOne(String text, int pos, int limit) {
    char c = text.charAt(pos);
    if (c != '%') {
      if (Character.isHighSurrogate(c)) {
        if (pos + 1 < limit && Character.isLowSurrogate(text.charAt(pos + 1))) {
          return pack(pos + 2, Character.toCodePoint(c, text.charAt(pos + 1)));
        }
        return -1;
      }
      return Character.isLowSurrogate(c) ? -1 : pack(pos + 1, c);
    }
    int b = escapedByte(text, pos, limit);
    int pending;
    int codePoint;
    int minimum; // smallest code point a sequence of this length may encode (no overlongs)
    if (b < 0) {
      return -1;
    } else if (b < 0x80) {
      return pack(pos + 3, b);
    } else if (b >= 0xC2 && b <= 0xDF) {
      pending = 1;
      codePoint = b & 0x1F;
      minimum = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
      pending = 2;
      codePoint = b & 0x0F;
      minimum = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
      pending = 3;
      codePoint = b & 0x07;
      minimum = 0x10000;
    } else {
      return -1;
    }
    int i = pos + 3;
    for (; pending > 0; pending--, i += 3) {
      int continuation = escapedByte(text, i, limit);
      if (continuation < 0 || (continuation & 0xC0) != 0x80) {
        return -1;
      }
      codePoint = (codePoint << 6) | (continuation & 0x3F);
    }
    if (codePoint < minimum
        || codePoint > Character.MAX_CODE_POINT
        || (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE)) {
      return -1;
    }
    return pack(i, codePoint);
  }

  /** Where the code point read by {@link #decodeOne} ends. */
  static int end(long decoded) {
    return (int) (decoded >>> 32);
  }

  /** The code point read by {@link #decodeOne}. */
  static int codePoint(long decoded) {
    return (int) decoded;
  }

  /**
   * Where {@code text[from, e)} decodes to exactly {@code value} (non-empty, well-formed), looking
   * no further than {@code limit}; -1 when no such {@code e} exists.
   */
  static int endOfDecoded(String text, int from, int limit, String value) {
    int pos = from;
    for (int i = 0; i < value.length(); ) {
      if (pos >= limit) {
        return -1;
      }
      long next = decodeOne(text, pos, limit);
      if (next < 0 || codePoint(next) != value.codePointAt(i)) {
        return -1;
      }
      i += Character.charCount(codePoint(next));
      pos = end(next);
    }
    return pos;
  }

  /**
   * Fills {@code into} with the ends {@code e} in {@code (from, limit]} for which {@code text[from,
   * e)} {@linkplain #decode decodes}, in ascending order, and returns it.
   */
  static Prefixes validPrefixes(String text, int from, int limit, Prefixes into) {
    into.size = 0;
    for (int pos = from; pos < limit; ) {
      long next = decodeOne(text, pos, limit);
      if (next < 0) {
        break;
      }
      pos = end(next);
      into.add(pos);
    }
    return into;
  }

  /** Ends of decodable prefixes; see {@link #validPrefixes}. A reusable buffer. */
  static final class Prefixes {
    private int[] ends = new int[8];
    private int size;

    int size() {
      return size;
    }

    int end(int i) {
      return ends[i];
    }

    private void add(int end) {
      if (size == ends.length) {
        ends = Arrays.copyOf(ends, size * 2);
      }
      ends[size++] = end;
    }
  }

  private static long pack(int end, int codePoint) {
    return ((long) end << 32) | codePoint;
  }

  /** The byte of the escape "%XX" at {@code pos}, or -1 when there is none before {@code limit}. */
  private static int escapedByte(String text, int pos, int limit) {
    if (pos + 2 >= limit || text.charAt(pos) != '%') {
      return -1;
    }
    int hi = hexValue(text.charAt(pos + 1));
    int lo = hexValue(text.charAt(pos + 2));
    return hi < 0 || lo < 0 ? -1 : (hi << 4) | lo;
  }

  private static int hexValue(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }
}
