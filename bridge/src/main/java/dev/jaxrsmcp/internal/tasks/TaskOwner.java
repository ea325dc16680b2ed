package dev.jaxrsmcp.internal.tasks;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Binds a task to the credentials of the caller that created it: a salted SHA-256 of the values of
 * the binding headers ({@code McpFeature.sessionBinding()}: {@code Authorization} and {@code
 * Cookie} by default), with a random salt per task. The store holds the salt and the hash, never
 * the credentials; every instance can check a caller against them. Immutable.
 */
final class TaskOwner {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final List<String> headers;

  TaskOwner(List<String> headers) {
    this.headers = headers.stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
  }

  /** A fresh random salt, base64. */
  static String salt() {
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    return Base64.getEncoder().encodeToString(salt);
  }

  /** The fingerprint of a request's binding headers under {@code salt}, base64. */
  String fingerprint(String salt, Map<String, List<String>> requestHeaders) {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
    field(digest, salt);
    for (String name : headers) {
      field(digest, name);
      for (Map.Entry<String, List<String>> header : requestHeaders.entrySet()) {
        if (header.getKey().equalsIgnoreCase(name)) {
          header.getValue().forEach(value -> field(digest, value.strip()));
        }
      }
      digest.update(new byte[] {-1, -1, -1, -1}); // no field is this long: ends the values
    }
    return Base64.getEncoder().encodeToString(digest.digest());
  }

  /** Whether a request carries the credentials the task was created with (constant time). */
  boolean matches(TaskState task, Map<String, List<String>> requestHeaders) {
    byte[] expected = task.owner().getBytes(StandardCharsets.US_ASCII);
    byte[] actual = fingerprint(task.salt(), requestHeaders).getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(expected, actual);
  }

  private static void field(MessageDigest digest, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    digest.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
    digest.update(bytes);
  }
}
