package dev.jaxrsmcp.internal.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.sharedsessions.SessionEvent;
import dev.jaxrsmcp.internal.sharedsessions.SessionRecord;
import dev.jaxrsmcp.internal.sharedsessions.SharedSessions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Builds the {@link Session} objects of a {@link SessionStore}: new sessions under fresh random
 * ids, and this instance's views of sessions another instance started. Each reads the store's clock
 * and, when sessions are shared, sends a notification it cannot deliver here to the instance
 * holding the session's stream.
 *
 * <p>Thread safety: {@link SecureRandom} is thread-safe; any thread may call any method.
 */
final class SessionFactory {
  /** 128 random bits: the id is their unpadded base64url text (22 visible ASCII characters). */
  static final int ID_BYTES = 16;

  private final SecureRandom random = new SecureRandom();
  private final LongSupplier nanoTime;
  private final Optional<SharedSessions> shared;

  SessionFactory(LongSupplier nanoTime, Optional<SharedSessions> shared) {
    this.nanoTime = nanoTime;
    this.shared = shared;
  }

  /** A new session under a fresh id. */
  Session create(
      String protocolVersion,
      ObjectNode clientCapabilities,
      Optional<ObjectNode> clientInfo,
      byte[] owner,
      String quotaKey) {
    String id = newId();
    return new Session(
        id,
        protocolVersion,
        clientCapabilities,
        clientInfo,
        owner,
        quotaKey,
        nanoTime,
        elsewhere(id));
  }

  /** This instance's view of a session another instance started. */
  Session view(SessionRecord record) {
    return new Session(
        record.id(),
        record.protocolVersion(),
        record.clientCapabilities(),
        record.clientInfo(),
        record.owner(),
        record.quotaKey(),
        nanoTime,
        elsewhere(record.id()));
  }

  /** Fills {@code key} with random bytes. */
  void randomize(byte[] key) {
    random.nextBytes(key);
  }

  /** Where a notification goes when this instance does not hold the session's stream. */
  private Predicate<ObjectNode> elsewhere(String id) {
    if (shared.isEmpty()) {
      return message -> false;
    }
    SharedSessions store = shared.get();
    return message -> {
      store.publish(SessionEvent.deliver(id, Json.write(message)));
      return true;
    };
  }

  private String newId() {
    byte[] bytes = new byte[ID_BYTES];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
