package dev.jaxrsmcp.internal.tasks;

import dev.jaxrsmcp.internal.protocol.Caller;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Binds a task to the caller that created it (contract section 15): the identity the application's
 * filters established on the route's request, a salted SHA-256 of its principal's name, else of the
 * key the application names for it, else of its binding headers ({@code
 * McpFeature.sessionBinding()}: {@code Authorization} and {@code Cookie} by default), with a random
 * salt per task. The store holds the salt and the hashes, never the credentials; every instance can
 * check a caller against them. Immutable.
 *
 * <p>The fingerprint is {@code <kind>:<hash>} ({@code p}, {@code k} or {@code h}), followed for
 * {@code p} and {@code k} by {@code ,h:<hash>} of the binding headers. A caller of {@code tasks/*}
 * is the owner when it presents the same kind of identity with the same value; a caller whose
 * {@code /mcp} request the application did not authenticate (the application's filters cover its
 * routes only) is the owner of a principal- or key-bound task only when it sends the same,
 * non-empty binding headers (the same credentials the route accepted). A caller with no credentials
 * at all is never the owner of a task its creator had to authenticate for.
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

  /** The fingerprint of the creator under {@code salt}. */
  String fingerprint(String salt, Caller creator) {
    String headed = "h:" + headerHash(salt, creator.headers());
    Optional<String> name = creator.identity().principalName();
    if (name.isPresent()) {
      return "p:" + valueHash(salt, "p", name.get()) + "," + headed;
    }
    Optional<String> key = creator.identity().callerKey();
    if (key.isPresent()) {
      return "k:" + valueHash(salt, "k", key.get()) + "," + headed;
    }
    return headed;
  }

  /** Whether {@code caller} is the task's creator, by the rules above (constant time). */
  boolean matches(TaskState task, Caller caller) {
    String[] parts = task.owner().split(",", 2);
    String primary = parts[0];
    String headed = parts.length == 2 ? parts[1] : primary;
    String salt = task.salt();
    if (primary.startsWith("h:")) {
      return same(primary, "h:" + headerHash(salt, caller.headers()));
    }
    Optional<String> value =
        primary.startsWith("p:")
            ? caller.identity().principalName()
            : caller.identity().callerKey();
    if (value.isPresent()) {
      return same(
          primary, primary.substring(0, 2) + valueHash(salt, primary.substring(0, 1), value.get()));
    }
    return hasCredentials(caller.headers())
        && same(headed, "h:" + headerHash(salt, caller.headers()));
  }

  private boolean hasCredentials(Map<String, List<String>> requestHeaders) {
    for (Map.Entry<String, List<String>> header : requestHeaders.entrySet()) {
      if (headers.contains(header.getKey().toLowerCase(Locale.ROOT))
          && header.getValue().stream().anyMatch(v -> !v.isBlank())) {
        return true;
      }
    }
    return false;
  }

  private static boolean same(String expected, String actual) {
    return MessageDigest.isEqual(
        expected.getBytes(StandardCharsets.US_ASCII), actual.getBytes(StandardCharsets.US_ASCII));
  }

  private static String valueHash(String salt, String kind, String value) {
    MessageDigest digest = sha256();
    field(digest, salt);
    field(digest, kind);
    field(digest, value);
    return Base64.getEncoder().encodeToString(digest.digest());
  }

  private String headerHash(String salt, Map<String, List<String>> requestHeaders) {
    MessageDigest digest = sha256();
    field(digest, salt);
    field(digest, "h");
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

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }

  private static void field(MessageDigest digest, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    digest.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
    digest.update(bytes);
  }
}
