package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.session.SessionLimits;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.session.SharedSessions;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Optional;

/**
 * Builds the endpoint's session store from the feature's settings: shared when the change bus
 * shares sessions too (the Redis one does), in memory otherwise. Also where the endpoint learns a
 * client's address, for the per-caller session quota of anonymous callers.
 */
final class SessionSetup {
  private SessionSetup() {}

  static SessionStore store(McpFeature settings) {
    Optional<SharedSessions> shared =
        settings.changeBus() instanceof SharedSessions sessions
            ? Optional.of(sessions)
            : SharedSessions.none();
    return new SessionStore(
        new SessionLimits(
            settings.sessionIdleTimeout(),
            settings.sessionHandshakeTimeout(),
            settings.keepAlive(),
            settings.maxSessions(),
            settings.maxSessionsPerCaller()),
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
