package dev.jaxrsmcp.internal.protocol;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Decodes mirrored header values ({@code Mcp-Name}, {@code Mcp-Param-*}), including the {@code
 * =?base64?…?=} sentinel form.
 */
public final class HeaderValues {
  private static final String PREFIX = "=?base64?";
  private static final String SUFFIX = "?=";

  private HeaderValues() {}

  /**
   * The value a mirrored header stands for; empty when it holds characters outside visible ASCII,
   * space and tab, or a sentinel that is not padded standard Base64 of UTF-8.
   */
  public static Optional<String> decode(String header) {
    for (int i = 0; i < header.length(); i++) {
      char c = header.charAt(i);
      if ((c < 0x20 && c != '\t') || c > 0x7E) {
        return Optional.empty();
      }
    }
    if (header.length() < PREFIX.length() + SUFFIX.length()
        || !header.startsWith(PREFIX)
        || !header.endsWith(SUFFIX)) {
      return Optional.of(header);
    }
    String encoded = header.substring(PREFIX.length(), header.length() - SUFFIX.length());
    if (encoded.length() % 4 != 0) {
      return Optional.empty(); // the decoder would accept missing padding; the format does not
    }
    try {
      byte[] bytes = Base64.getDecoder().decode(encoded);
      return Optional.of(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(java.nio.ByteBuffer.wrap(bytes))
              .toString());
    } catch (IllegalArgumentException | CharacterCodingException e) {
      return Optional.empty();
    }
  }
}
