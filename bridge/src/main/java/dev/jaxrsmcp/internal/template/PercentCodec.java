package dev.jaxrsmcp.internal.template;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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

  /**
   * Encodes every byte of the UTF-8 form of {@code value} except unreserved characters that do not
   * occur in {@code alsoEncode}.
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

  /** Decodes percent escapes as UTF-8; empty when an escape is malformed or not valid UTF-8. */
  static Optional<String> decode(String text) {
    if (text.indexOf('%') < 0) {
      return Optional.of(text);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '%') {
        if (i + 2 >= text.length()) {
          return Optional.empty();
        }
        int hi = hexValue(text.charAt(i + 1));
        int lo = hexValue(text.charAt(i + 2));
        if (hi < 0 || lo < 0) {
          return Optional.empty();
        }
        bytes.write((hi << 4) | lo);
        i += 3;
      } else {
        byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < text.length()) {
          encoded = text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        bytes.write(encoded, 0, encoded.length);
        i++;
      }
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      CharBuffer chars = decoder.decode(ByteBuffer.wrap(bytes.toByteArray()));
      return Optional.of(chars.toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
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
