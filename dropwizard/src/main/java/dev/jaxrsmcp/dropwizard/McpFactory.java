package dev.jaxrsmcp.dropwizard;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.jaxrsmcp.McpFeature;
import io.dropwizard.util.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code mcp:} section of a Dropwizard application's YAML. Every field starts at the bridge's
 * default (see {@link McpFeature}'s accessors), so a configuration names only what it changes:
 *
 * <pre>
 * mcp:
 *   name: reports
 *   version: "1.0"
 *   allowedHosts: [reports.example.com]
 *   requestStateKey: ${MCP_REQUEST_STATE_KEY}   # the same on every instance (32 bytes or more)
 *   limits:
 *     maxBodyBytes: 262144
 *     readTimeout: 10 seconds
 *     maxQueuedLongReads: 512
 *   redis:
 *     url: redis://redis.internal:6379   # shares changes, sessions and tasks between instances
 * </pre>
 */
public class McpFactory {
  private static final McpFeature DEFAULTS = McpFeature.builder().build();

  @JsonProperty private String name = DEFAULTS.name();
  @JsonProperty private String version = DEFAULTS.version();
  @JsonProperty private String instructions = DEFAULTS.instructions();
  @JsonProperty private String path = DEFAULTS.path();
  @JsonProperty private String scheme = DEFAULTS.scheme();
  @JsonProperty private boolean tools = DEFAULTS.tools();
  @JsonProperty private List<String> allowedHosts = new ArrayList<>(DEFAULTS.allowedHosts());
  @JsonProperty private List<String> allowedOrigins = new ArrayList<>(DEFAULTS.allowedOrigins());

  /** Signs {@code requestState}; empty for a random key per instance (see the builder's). */
  @JsonProperty private String requestStateKey = "";

  @JsonProperty
  private Duration askTimeout = Duration.milliseconds(DEFAULTS.askTimeout().toMillis());

  @JsonProperty private McpLimitsFactory limits = new McpLimitsFactory();
  @JsonProperty private McpRedisFactory redis = new McpRedisFactory();

  /** A builder with every setting of this section applied, for code-only settings (watchers). */
  public McpFeature.Builder builder() {
    McpFeature.Builder builder =
        McpFeature.builder()
            .name(name)
            .version(version)
            .instructions(instructions)
            .path(path)
            .scheme(scheme)
            .tools(tools)
            .allowedHosts(allowedHosts.toArray(String[]::new))
            .allowedOrigins(allowedOrigins.toArray(String[]::new))
            .askTimeout(askTimeout.toJavaDuration());
    if (!requestStateKey.isEmpty()) {
      builder.requestStateKey(requestStateKey);
    }
    redis.applyTo(builder);
    return limits.applyTo(builder);
  }

  /** The feature this section describes. */
  public McpFeature build() {
    return builder().build();
  }

  /** The {@code limits:} subsection: the limits of {@code docs/security.md}. */
  public static class McpLimitsFactory {
    @JsonProperty private int maxBodyBytes = DEFAULTS.maxBodyBytes();
    @JsonProperty private int maxJsonDepth = DEFAULTS.maxJsonDepth();
    @JsonProperty private int maxUriLength = DEFAULTS.maxUriLength();
    @JsonProperty private int maxSessions = DEFAULTS.maxSessions();
    @JsonProperty private int maxListenUris = DEFAULTS.maxListenUris();
    @JsonProperty private int maxConcurrentListens = DEFAULTS.maxConcurrentListens();
    @JsonProperty private int maxConcurrentReads = DEFAULTS.maxConcurrentReads();
    @JsonProperty private int maxConcurrentLongReads = DEFAULTS.maxConcurrentLongReads();
    @JsonProperty private long maxReadBytes = DEFAULTS.maxReadBytes();
    @JsonProperty private long maxSpoolBytes = DEFAULTS.maxSpoolBytes();
    @JsonProperty private int pageSize = DEFAULTS.pageSize();
    @JsonProperty private long defaultMaxBytes = DEFAULTS.defaultMaxBytes();
    @JsonProperty private Duration readTimeout = of(DEFAULTS.readTimeout());
    @JsonProperty private Duration bodyReadTimeout = of(DEFAULTS.bodyReadTimeout());
    @JsonProperty private Duration longRunningTimeout = of(DEFAULTS.longRunningTimeout());
    @JsonProperty private Duration listenTimeout = of(DEFAULTS.listenTimeout());
    @JsonProperty private Duration sessionIdleTimeout = of(DEFAULTS.sessionIdleTimeout());
    @JsonProperty private int maxSessionsPerCaller = DEFAULTS.maxSessionsPerCaller();
    @JsonProperty private int maxAnonymousSessions = DEFAULTS.maxAnonymousSessions();
    @JsonProperty private int maxListensPerCaller = DEFAULTS.maxListensPerCaller();
    @JsonProperty private int maxAnonymousListens = DEFAULTS.maxAnonymousListens();
    @JsonProperty private int maxSubscriptionsPerCaller = DEFAULTS.maxSubscriptionsPerCaller();
    @JsonProperty private int maxQueuedReads = DEFAULTS.maxQueuedReads();
    @JsonProperty private int maxQueuedLongReads = DEFAULTS.maxQueuedLongReads();
    @JsonProperty private Duration maxReadQueueWait = of(DEFAULTS.maxReadQueueWait());

    McpFeature.Builder applyTo(McpFeature.Builder builder) {
      return builder
          .maxBodyBytes(maxBodyBytes)
          .maxJsonDepth(maxJsonDepth)
          .maxUriLength(maxUriLength)
          .maxSessions(maxSessions)
          .maxListenUris(maxListenUris)
          .maxConcurrentListens(maxConcurrentListens)
          .maxConcurrentReads(maxConcurrentReads)
          .maxConcurrentLongReads(maxConcurrentLongReads)
          .maxReadBytes(maxReadBytes)
          .maxSpoolBytes(maxSpoolBytes)
          .pageSize(pageSize)
          .defaultMaxBytes(defaultMaxBytes)
          .readTimeout(readTimeout.toJavaDuration())
          .bodyReadTimeout(bodyReadTimeout.toJavaDuration())
          .longRunningTimeout(longRunningTimeout.toJavaDuration())
          .listenTimeout(listenTimeout.toJavaDuration())
          .sessionIdleTimeout(sessionIdleTimeout.toJavaDuration())
          .maxSessionsPerCaller(maxSessionsPerCaller)
          .maxAnonymousSessions(maxAnonymousSessions)
          .maxListensPerCaller(maxListensPerCaller)
          .maxAnonymousListens(maxAnonymousListens)
          .maxSubscriptionsPerCaller(maxSubscriptionsPerCaller)
          .maxQueuedReads(maxQueuedReads)
          .maxQueuedLongReads(maxQueuedLongReads)
          .maxReadQueueWait(maxReadQueueWait.toJavaDuration());
    }

    private static Duration of(java.time.Duration duration) {
      return Duration.milliseconds(duration.toMillis());
    }
  }

  /**
   * The {@code redis:} subsection: with a {@code url}, change notifications, legacy sessions and
   * MCP tasks are shared through that Redis with every instance (needs {@code
   * dev.jaxrsmcp:jaxrs-mcp-redis} on the classpath).
   */
  public static class McpRedisFactory {
    @JsonProperty private String url = "";
    @JsonProperty private String prefix = "jaxrs-mcp:";

    void applyTo(McpFeature.Builder builder) {
      if (url.isBlank()) {
        return;
      }
      try {
        Class.forName("dev.jaxrsmcp.redis.RedisChangeBus", false, getClass().getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(
            "mcp.redis.url is set ("
                + url
                + ") but dev.jaxrsmcp:jaxrs-mcp-redis is not on the classpath; add it, or remove"
                + " the url",
            e);
      }
      RedisBackends.apply(builder, url, prefix);
    }
  }
}
