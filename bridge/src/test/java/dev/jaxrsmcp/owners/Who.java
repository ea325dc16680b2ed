package dev.jaxrsmcp.owners;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A caller of the ownership tests, with the credentials it sends and the user the application's
 * filter makes of them ({@link OwnerApp.Authentication}); several schemes, so that ownership is
 * tested with each: an API-key header (no {@code Authorization}, no cookie), bearer tokens, a
 * session cookie, and callers the application does not authenticate.
 */
record Who(String label, Map<String, String> headers, Optional<String> user) {
  static final Who ALICE_KEY =
      new Who("alice by API key", Map.of("X-Api-Key", "key-alice"), "alice");
  static final Who BOB_KEY = new Who("bob by API key", Map.of("X-Api-Key", "key-bob"), "bob");
  static final Who ALICE_BEARER =
      new Who("alice by bearer", Map.of("Authorization", "Bearer alice-token"), "alice");
  static final Who CAROL_BEARER =
      new Who("carol by bearer", Map.of("Authorization", "Bearer carol-token"), "carol");
  static final Who DAVE_COOKIE = new Who("dave by cookie", Map.of("Cookie", "sid=dave"), "dave");
  static final Who ANONYMOUS = new Who("anonymous", Map.of(), Optional.empty());

  Who(String label, Map<String, String> headers, String user) {
    this(label, headers, Optional.of(user));
  }

  /** An anonymous caller with a junk cookie of its own (the application checks no cookie). */
  static Who junk() {
    return new Who(
        "anonymous with a junk cookie",
        Map.of("Cookie", "junk=" + UUID.randomUUID()),
        Optional.empty());
  }

  @Override
  public String toString() {
    return label;
  }
}
