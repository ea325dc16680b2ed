package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.settings.SessionSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.sharedsessions.SessionLimits;
import dev.jaxrsmcp.internal.sharedsessions.SharedSessions;
import dev.jaxrsmcp.internal.time.Time;
import java.util.Optional;

/**
 * Builds the endpoint's session store from the feature's settings: shared when the change bus
 * shares sessions too (the Redis one does), in memory otherwise.
 */
final class SessionSetup {
  private SessionSetup() {}

  static SessionStore store(Settings settings, Time time) {
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
            settings.get(SessionSettings.MAX_SESSIONS_PER_CALLER),
            settings.get(SessionSettings.MAX_ANONYMOUS_SESSIONS)),
        shared,
        time);
  }
}
