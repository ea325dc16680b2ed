package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.session.SessionLimits;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.session.SharedSessions;
import dev.jaxrsmcp.internal.settings.SessionSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Optional;

/**
 * Builds the endpoint's session store from the feature's settings: shared when the change bus
 * shares sessions too (the Redis one does), in memory otherwise. Also where the endpoint learns a
 * client's address, for the per-caller session quota of anonymous callers.
 */
final class SessionSetup {
  private SessionSetup() {}

  static SessionStore store(Settings settings) {
    Optional<SharedSessions> shared =
        settings.get(SubscriptionSettings.CHANGE_BUS) instanceof SharedSessions sessions
            ? Optional.of(sessions)
            : SharedSessions.none();
    return new SessionStore(
        new SessionLimits(
            settings.get(SessionSettings.SESSION_IDLE_TIMEOUT),
            settings.get(SessionSettings.SESSION_HANDSHAKE_TIMEOUT),
            settings.get(SubscriptionSettings.KEEP_ALIVE),
            settings.get(SessionSettings.MAX_SESSIONS),
            settings.get(SessionSettings.MAX_SESSIONS_PER_CALLER)),
        shared,
        System::nanoTime);
  }

  /**
   * The client's address, when something put it on the request (see {@link
   * McpFeature#CLIENT_ADDRESS_PROPERTY}).
   */
  static Optional<String> remoteAddress(ContainerRequestContext request) {
    return request.getProperty(McpFeature.CLIENT_ADDRESS_PROPERTY) instanceof String address
            && !address.isBlank()
        ? Optional.of(address)
        : Optional.empty();
  }
}
