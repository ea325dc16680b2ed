package dev.jaxrsmcp.internal.security;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Binds a legacy session to the identity that started it: a keyed hash (HMAC-SHA256 under a random
 * key that lives only in memory) of the values of the binding headers ({@code Authorization} and
 * {@code Cookie} by default). The raw values are never stored; the hash cannot be checked against a
 * guessed credential without the key. Immutable and thread-safe.
 */
public final class CallerBinding {
  private static final String ALGORITHM = "HmacSHA256";

  private final List<String> headers;
  private final SecretKeySpec key;

  /**
   * @param headers the binding header names; none turns binding off
   */
  public CallerBinding(List<String> headers) {
    this.headers = headers.stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    this.key = new SecretKeySpec(secret, ALGORITHM);
  }

  /** The fingerprint of a request's identifying headers (the same for the same values). */
  public byte[] fingerprint(Map<String, List<String>> requestHeaders) {
    if (headers.isEmpty()) {
      return new byte[0];
    }
    Mac mac;
    try {
      mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
    for (String name : headers) {
      field(mac, name);
      for (Map.Entry<String, List<String>> header : requestHeaders.entrySet()) {
        if (header.getKey().equalsIgnoreCase(name)) {
          header.getValue().forEach(value -> field(mac, value.strip()));
        }
      }
      mac.update(new byte[] {-1, -1, -1, -1}); // no field is this long: ends the header's values
    }
    return mac.doFinal();
  }

  /** Length-prefixed, so no two different header sets feed the same bytes. */
  private static void field(Mac mac, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    mac.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
    mac.update(bytes);
  }

  /** Whether a request's identifying headers are those the fingerprint was made from. */
  public boolean matches(byte[] fingerprint, Map<String, List<String>> requestHeaders) {
    return MessageDigest.isEqual(fingerprint, fingerprint(requestHeaders));
  }
}
