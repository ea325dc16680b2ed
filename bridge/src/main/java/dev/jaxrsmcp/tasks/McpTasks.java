package dev.jaxrsmcp.tasks;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Settings of MCP tasks (the tasks extension, {@code io.modelcontextprotocol/tasks}, protocol
 * 2026-07-28): a {@code tools/call} of a long-running resource declared with {@link
 * dev.jaxrsmcp.McpResource#taskSupport()} answers with a task handle, and the route runs in the
 * background. Instances are immutable; use {@link #newBuilder()} to derive a changed copy.
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .tasks(McpTasks.builder().ttl(Duration.ofHours(2)).build())
 *     .build();
 * }</pre>
 */
public final class McpTasks {
  private final Duration ttl;
  private final Duration pollInterval;
  private final int resultMaxBytes;
  private final int maxRunning;
  private final int maxRunningPerCaller;
  private final int maxStored;
  private final int maxStoredPerCaller;
  private final McpTaskStore store;

  private McpTasks(Builder b) {
    this.ttl = b.ttl;
    this.pollInterval = b.pollInterval;
    this.resultMaxBytes = b.resultMaxBytes;
    this.maxRunning = b.maxRunning;
    this.maxRunningPerCaller = b.maxRunningPerCaller;
    this.maxStored = b.maxStored;
    this.maxStoredPerCaller = b.maxStoredPerCaller;
    this.store = b.store.orElseGet(McpTaskStore::inMemory);
  }

  /** A builder with every setting at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these settings. */
  public Builder newBuilder() {
    return new Builder(this);
  }

  /**
   * How long a task is kept from its creation ({@code ttlMs}); then it is gone ({@code tasks/get}
   * answers {@code -32602}), its route is cancelled when it still runs, and its spool file is
   * deleted. Default 1 hour.
   */
  public Duration ttl() {
    return ttl;
  }

  /**
   * The polling interval suggested to clients ({@code pollIntervalMs}). The instance running a task
   * renews its lease three times per interval; the lease lasts three intervals (at least 2
   * seconds), and a task whose instance stopped renewing (it died, or lost the store) ends {@code
   * failed} at the first {@code tasks/get} after its lease ended. Default 1 second.
   */
  public Duration pollInterval() {
    return pollInterval;
  }

  /**
   * The largest tool result (as JSON) a task keeps: when the route ends, its result moves from the
   * spool file into the task store (the file is deleted then), so that any instance can answer
   * {@code tasks/get}. A larger result ends the task {@code failed} ({@code -32603}). Default 4
   * MiB.
   */
  public int resultMaxBytes() {
    return resultMaxBytes;
  }

  /**
   * The most tasks whose routes run at once on this instance; a task beyond it is refused with
   * {@code -32603} and nothing runs. Default 64.
   */
  public int maxRunning() {
    return maxRunning;
  }

  /**
   * The most tasks of one caller whose routes run at once on this instance (a caller is its
   * principal or {@link dev.jaxrsmcp.McpSettings#callerKey() key}; every caller the application did
   * not authenticate counts as one caller); a task beyond it is refused with {@code -32603} and
   * nothing runs, so one caller cannot take every one of {@link #maxRunning()}. Default 16.
   */
  public int maxRunningPerCaller() {
    return maxRunningPerCaller;
  }

  /**
   * The most tasks this instance keeps created and not yet expired (running or ended, their results
   * waiting for {@code tasks/get}); a task beyond it is refused with HTTP 503, {@code -32603} and a
   * {@code Retry-After} saying when the oldest expires. Default 10,000.
   */
  public int maxStored() {
    return maxStored;
  }

  /**
   * The most tasks of one caller this instance keeps (counted as {@link #maxRunningPerCaller()});
   * at the limit the caller's oldest ended task is deleted to make room (its {@code tasks/get}
   * answers {@code -32602} from then on), and when all of them still run the task is refused with
   * {@code -32603}. Default 1,000.
   */
  public int maxStoredPerCaller() {
    return maxStoredPerCaller;
  }

  /** Where task state is kept; default {@link McpTaskStore#inMemory()} (one instance). */
  public McpTaskStore store() {
    return store;
  }

  /** Builds {@link McpTasks}. Every setter checks its value and names it when it is wrong. */
  public static final class Builder {
    private Duration ttl = Duration.ofHours(1);
    private Duration pollInterval = Duration.ofSeconds(1);
    private int resultMaxBytes = 4 * 1024 * 1024;
    private int maxRunning = 64;
    private int maxRunningPerCaller = 16;
    private int maxStored = 10_000;
    private int maxStoredPerCaller = 1_000;
    private Optional<McpTaskStore> store = Optional.empty();

    private Builder() {}

    private Builder(McpTasks t) {
      this.ttl = t.ttl;
      this.pollInterval = t.pollInterval;
      this.resultMaxBytes = t.resultMaxBytes;
      this.maxRunning = t.maxRunning;
      this.maxRunningPerCaller = t.maxRunningPerCaller;
      this.maxStored = t.maxStored;
      this.maxStoredPerCaller = t.maxStoredPerCaller;
      this.store = Optional.of(t.store);
    }

    /** See {@link McpTasks#ttl()}; at least 1 second, whole milliseconds. */
    public Builder ttl(Duration ttl) {
      Objects.requireNonNull(ttl, "ttl");
      if (ttl.compareTo(Duration.ofSeconds(1)) < 0) {
        throw new IllegalArgumentException("ttl must be at least 1 second (found " + ttl + ")");
      }
      this.ttl = ttl;
      return this;
    }

    /** See {@link McpTasks#pollInterval()}; from 100 ms to 1 minute. */
    public Builder pollInterval(Duration interval) {
      Objects.requireNonNull(interval, "pollInterval");
      if (interval.compareTo(Duration.ofMillis(100)) < 0
          || interval.compareTo(Duration.ofMinutes(1)) > 0) {
        throw new IllegalArgumentException(
            "pollInterval must be from 100 ms to 1 minute (found " + interval + ")");
      }
      this.pollInterval = interval;
      return this;
    }

    /** See {@link McpTasks#resultMaxBytes()}; at least 1024. */
    public Builder resultMaxBytes(int max) {
      if (max < 1024) {
        throw new IllegalArgumentException(
            "resultMaxBytes must be at least 1024 (found " + max + ")");
      }
      this.resultMaxBytes = max;
      return this;
    }

    /** See {@link McpTasks#maxRunning()}; at least 1. */
    public Builder maxRunning(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxRunning must be at least 1 (found " + max + ")");
      }
      this.maxRunning = max;
      return this;
    }

    /** See {@link McpTasks#maxRunningPerCaller()}; at least 1. */
    public Builder maxRunningPerCaller(int max) {
      this.maxRunningPerCaller = atLeastOne("maxRunningPerCaller", max);
      return this;
    }

    /** See {@link McpTasks#maxStored()}; at least 1. */
    public Builder maxStored(int max) {
      this.maxStored = atLeastOne("maxStored", max);
      return this;
    }

    /** See {@link McpTasks#maxStoredPerCaller()}; at least 1. */
    public Builder maxStoredPerCaller(int max) {
      this.maxStoredPerCaller = atLeastOne("maxStoredPerCaller", max);
      return this;
    }

    private static int atLeastOne(String name, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be at least 1 (found " + value + ")");
      }
      return value;
    }

    /**
     * See {@link McpTasks#store()}. The feature closes the store when the last application using it
     * stops (a feature registered in two applications, or one store given to two features, is
     * closed once, after both).
     */
    public Builder store(McpTaskStore store) {
      this.store = Optional.of(Objects.requireNonNull(store, "store"));
      return this;
    }

    /** The settings; a new in-memory store unless one was set. */
    public McpTasks build() {
      return new McpTasks(this);
    }
  }
}
