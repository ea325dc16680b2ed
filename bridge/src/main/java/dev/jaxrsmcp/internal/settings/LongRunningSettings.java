package dev.jaxrsmcp.internal.settings;

import dev.jaxrsmcp.context.McpContextCarrier;
import dev.jaxrsmcp.tasks.McpTasks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Long-running reads and tasks: spooling, keep-alives, deadlines (contract section 9). */
public final class LongRunningSettings {
  public static final Setting<Long> DEFAULT_MAX_BYTES =
      Setting.atLeast("defaultMaxBytes", 1L, 1024L * 1024);
  public static final Setting<Path> SPOOL_DIRECTORY =
      Setting.of("spoolDirectory", Path.of(System.getProperty("java.io.tmpdir"), "jaxrs-mcp"));
  public static final Setting<Duration> LONG_RUNNING_KEEP_ALIVE =
      Setting.positive("longRunningKeepAlive", Duration.ofMillis(500));
  public static final Setting<Duration> LONG_RUNNING_TIMEOUT =
      Setting.positive("longRunningTimeout", Duration.ofMinutes(15));

  /**
   * The task settings. Their store has state, so {@code McpFeature.builder()} sets a fresh one for
   * each feature; this default only stands for "the defaults".
   */
  public static final Setting<McpTasks> TASKS = Setting.of("tasks", McpTasks.builder().build());

  /** What carries a creating request's thread-locals to its task's thread, besides Micrometer. */
  public static final Setting<List<McpContextCarrier>> CONTEXT_CARRIERS =
      Setting.of("contextCarrier", List.of());

  private LongRunningSettings() {}
}
