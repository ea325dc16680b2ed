package dev.jaxrsmcp.internal.session;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Names a legacy request that may run for long (a long-running read) by its session and its id, so
 * the session can cancel it: {@code notifications/cancelled} from any instance, and the end of the
 * session (DELETE on any instance, expiry, shutdown).
 */
public record SessionRead(Session session, JsonNode requestId) {

  /**
   * Registers a running read with its session when {@code key} names one (a no-op otherwise): the
   * session runs {@code cancel} when the read is cancelled ({@code notifications/cancelled} on any
   * instance) or the session ends (DELETE on any instance, expiry, shutdown) before the read does;
   * {@code onEnd} takes what to run when the read ends (it forgets the read).
   */
  public static void track(Optional<Object> key, Runnable cancel, Consumer<Runnable> onEnd) {
    key.filter(SessionRead.class::isInstance)
        .map(SessionRead.class::cast)
        .ifPresent(read -> onEnd.accept(read.session().reads().track(read.requestId(), cancel)));
  }
}
