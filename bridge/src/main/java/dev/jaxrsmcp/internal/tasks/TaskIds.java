package dev.jaxrsmcp.internal.tasks;

import java.security.SecureRandom;
import java.util.Base64;

/** Task ids: 144 random bits from {@link SecureRandom}, base64url without padding (24 chars). */
final class TaskIds {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int BYTES = 18;

  private TaskIds() {}

  static String next() {
    byte[] bytes = new byte[BYTES];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
