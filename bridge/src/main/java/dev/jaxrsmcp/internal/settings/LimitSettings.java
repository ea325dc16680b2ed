package dev.jaxrsmcp.internal.settings;

import java.time.Duration;

/** How much one request, one read and the instance may take (contract section 11). */
public final class LimitSettings {
  public static final Setting<Integer> MAX_BODY_BYTES =
      Setting.atLeast("maxBodyBytes", 1024, 1024 * 1024);
  public static final Setting<Duration> BODY_READ_TIMEOUT =
      Setting.positive("bodyReadTimeout", Duration.ofSeconds(5));
  public static final Setting<Integer> MAX_JSON_DEPTH = Setting.atLeast("maxJsonDepth", 8, 64);
  public static final Setting<Integer> MAX_URI_LENGTH =
      Setting.range("maxUriLength", 16, 4096, 4096);
  public static final Setting<Long> MAX_READ_BYTES =
      Setting.atLeast("maxReadBytes", 1024L, 32L << 20);
  public static final Setting<Duration> READ_TIMEOUT =
      Setting.positive("readTimeout", Duration.ofSeconds(30));
  public static final Setting<Integer> MAX_LIST_FROM_BYTES =
      Setting.atLeast("maxListFromBytes", 1024, 4 * 1024 * 1024);
  public static final Setting<Integer> MAX_CONCURRENT_READS =
      Setting.atLeast("maxConcurrentReads", 1, 1_000);
  public static final Setting<Integer> MAX_CONCURRENT_LONG_READS =
      Setting.atLeast("maxConcurrentLongReads", 1, 64);
  public static final Setting<Integer> MAX_QUEUED_READS =
      Setting.atLeast("maxQueuedReads", 0, 1_000);
  public static final Setting<Integer> MAX_QUEUED_LONG_READS =
      Setting.atLeast("maxQueuedLongReads", 0, 256);
  public static final Setting<Duration> MAX_READ_QUEUE_WAIT =
      Setting.positive("maxReadQueueWait", Duration.ofSeconds(30));
  public static final Setting<Long> MAX_SPOOL_BYTES =
      Setting.atLeast("maxSpoolBytes", 1L, 4L << 30);

  private LimitSettings() {}
}
