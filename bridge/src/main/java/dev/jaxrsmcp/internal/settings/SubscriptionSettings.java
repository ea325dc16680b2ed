package dev.jaxrsmcp.internal.settings;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpWatcher;
import java.time.Duration;
import java.util.Map;

/** Change notifications: listens, debouncing, keep-alives, watchers and the change bus. */
public final class SubscriptionSettings {
  public static final Setting<Duration> DEBOUNCE =
      Setting.notNegative("debounce", Duration.ofMillis(250));
  public static final Setting<Duration> KEEP_ALIVE =
      Setting.positive("keepAlive", Duration.ofSeconds(15));
  public static final Setting<Integer> MAX_LISTEN_URIS = Setting.atLeast("maxListenUris", 1, 100);
  public static final Setting<Integer> MAX_CONCURRENT_LISTENS =
      Setting.atLeast("maxConcurrentListens", 1, 10_000);
  public static final Setting<Integer> MAX_LISTENS_PER_CALLER =
      Setting.atLeast("maxListensPerCaller", 1, 100);
  public static final Setting<Integer> MAX_ANONYMOUS_LISTENS =
      Setting.atLeast("maxAnonymousListens", 1, 1_000);
  public static final Setting<Integer> MAX_SUBSCRIPTIONS_PER_CALLER =
      Setting.atLeast("maxSubscriptionsPerCaller", 1, 10_000);
  public static final Setting<Long> MAX_UNSENT_BYTES =
      Setting.atLeast("maxUnsentBytes", 1024L, 1L << 20);
  public static final Setting<Duration> LISTEN_TIMEOUT =
      Setting.notNegative("listenTimeout", Duration.ZERO);

  /** Watchers by template; an immutable map. */
  public static final Setting<Map<String, McpWatcher>> WATCHERS = Setting.of("watchers", Map.of());

  public static final Setting<McpChangeBus> CHANGE_BUS =
      Setting.of("changeBus", McpChangeBus.local());

  private SubscriptionSettings() {}
}
