package dev.jaxrsmcp.internal.settings;

import java.time.Duration;

/** The legacy era's sessions: how many, for how long, with how many subscriptions. */
public final class SessionSettings {
  public static final Setting<Integer> MAX_SESSIONS = Setting.atLeast("maxSessions", 1, 10_000);
  public static final Setting<Integer> MAX_SESSIONS_PER_CALLER =
      Setting.atLeast("maxSessionsPerCaller", 1, 100);
  public static final Setting<Integer> MAX_ANONYMOUS_SESSIONS =
      Setting.atLeast("maxAnonymousSessions", 1, 1_000);
  public static final Setting<Duration> SESSION_IDLE_TIMEOUT =
      Setting.positive("sessionIdleTimeout", Duration.ofMinutes(30));
  public static final Setting<Duration> SESSION_HANDSHAKE_TIMEOUT =
      Setting.positive("sessionHandshakeTimeout", Duration.ofSeconds(10));
  public static final Setting<Integer> MAX_SUBSCRIPTIONS_PER_SESSION =
      Setting.atLeast("maxSubscriptionsPerSession", 1, 1_000);

  private SessionSettings() {}
}
