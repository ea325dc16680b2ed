package dev.jaxrsmcp.conformance;

import java.util.Base64;

/** The binary payloads of the suite's reference server, so results compare byte for byte. */
final class Media {
  /** A 1x1 red PNG image. */
  private static final String PNG =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

  /** A WAV file holding one silent 16-bit sample. */
  private static final String WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";

  private Media() {}

  static byte[] png() {
    return Base64.getDecoder().decode(PNG);
  }

  static byte[] wav() {
    return Base64.getDecoder().decode(WAV);
  }
}
