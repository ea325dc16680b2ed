package dev.jaxrsmcp.spring;

import dev.jaxrsmcp.McpFeature;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code jaxrs-mcp.*} properties the auto-configured {@link McpFeature} is built from. Every
 * property starts at the bridge's own default (see {@link McpFeature}'s accessors), so an
 * application sets only what it changes:
 *
 * <pre>
 * jaxrs-mcp:
 *   name: reports
 *   version: 1.0
 *   allowed-hosts: [reports.example.com]
 *   limits:
 *     max-body-bytes: 262144
 * </pre>
 */
@ConfigurationProperties(prefix = "jaxrs-mcp")
public class McpProperties {
  private static final McpFeature DEFAULTS = McpFeature.builder().build();

  private String name = DEFAULTS.name();
  private String version = DEFAULTS.version();
  private String instructions = DEFAULTS.instructions();
  private String path = DEFAULTS.path();
  private String scheme = DEFAULTS.scheme();
  private boolean tools = DEFAULTS.tools();
  private List<String> allowedHosts = new ArrayList<>(DEFAULTS.allowedHosts());
  private List<String> allowedOrigins = new ArrayList<>(DEFAULTS.allowedOrigins());
  private String requestStateKey = "";
  private Duration askTimeout = DEFAULTS.askTimeout();
  private final Limits limits = new Limits();
  private final Redis redis = new Redis();

  /** {@code serverInfo.name}; see {@link McpFeature#name()}. */
  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  /** {@code serverInfo.version}; see {@link McpFeature#version()}. */
  public String getVersion() {
    return version;
  }

  public void setVersion(String version) {
    this.version = version;
  }

  /** See {@link McpFeature#instructions()}. */
  public String getInstructions() {
    return instructions;
  }

  public void setInstructions(String instructions) {
    this.instructions = instructions;
  }

  /** The MCP endpoint's path within the Jersey application; see {@link McpFeature#path()}. */
  public String getPath() {
    return path;
  }

  public void setPath(String path) {
    this.path = path;
  }

  /** The scheme of derived resource URIs; see {@link McpFeature#scheme()}. */
  public String getScheme() {
    return scheme;
  }

  public void setScheme(String scheme) {
    this.scheme = scheme;
  }

  /** Whether resources are also offered as tools; see {@link McpFeature#tools()}. */
  public boolean isTools() {
    return tools;
  }

  public void setTools(boolean tools) {
    this.tools = tools;
  }

  /** Host names allowed besides the loopback ones; see {@link McpFeature#allowedHosts()}. */
  public List<String> getAllowedHosts() {
    return allowedHosts;
  }

  public void setAllowedHosts(List<String> allowedHosts) {
    this.allowedHosts = new ArrayList<>(allowedHosts);
  }

  /** Origins allowed besides the loopback ones; see {@link McpFeature#allowedOrigins()}. */
  public List<String> getAllowedOrigins() {
    return allowedOrigins;
  }

  public void setAllowedOrigins(List<String> allowedOrigins) {
    this.allowedOrigins = new ArrayList<>(allowedOrigins);
  }

  /**
   * The secret that signs {@code requestState} (at least 32 bytes); empty for a random key per
   * instance. Instances that share clients behind a load balancer need the same one; see {@link
   * McpFeature.Builder#requestStateKey(String)}.
   */
  public String getRequestStateKey() {
    return requestStateKey;
  }

  public void setRequestStateKey(String requestStateKey) {
    this.requestStateKey = requestStateKey;
  }

  /**
   * How long a legacy call waits for the client's answer to a question; see {@link
   * McpFeature#askTimeout()}.
   */
  public Duration getAskTimeout() {
    return askTimeout;
  }

  public void setAskTimeout(Duration askTimeout) {
    this.askTimeout = askTimeout;
  }

  /** {@code jaxrs-mcp.limits.*}. */
  /** {@code jaxrs-mcp.redis.*}: sharing changes, sessions and tasks with other instances. */
  public Redis getRedis() {
    return redis;
  }

  public Limits getLimits() {
    return limits;
  }

  /** The limits of {@code docs/security.md}, each at the bridge's default until set. */
  public static class Limits {
    private int maxBodyBytes = DEFAULTS.maxBodyBytes();
    private int maxJsonDepth = DEFAULTS.maxJsonDepth();
    private int maxUriLength = DEFAULTS.maxUriLength();
    private int maxSessions = DEFAULTS.maxSessions();
    private int maxListenUris = DEFAULTS.maxListenUris();
    private int maxConcurrentListens = DEFAULTS.maxConcurrentListens();
    private int maxConcurrentReads = DEFAULTS.maxConcurrentReads();
    private int maxConcurrentLongReads = DEFAULTS.maxConcurrentLongReads();
    private long maxReadBytes = DEFAULTS.maxReadBytes();
    private long maxSpoolBytes = DEFAULTS.maxSpoolBytes();
    private int pageSize = DEFAULTS.pageSize();
    private long defaultMaxBytes = DEFAULTS.defaultMaxBytes();
    private Duration readTimeout = DEFAULTS.readTimeout();
    private Duration bodyReadTimeout = DEFAULTS.bodyReadTimeout();
    private Duration longRunningTimeout = DEFAULTS.longRunningTimeout();
    private Duration listenTimeout = DEFAULTS.listenTimeout();
    private Duration sessionIdleTimeout = DEFAULTS.sessionIdleTimeout();
    private int maxSessionsPerCaller = DEFAULTS.maxSessionsPerCaller();
    private int maxAnonymousSessions = DEFAULTS.maxAnonymousSessions();
    private int maxListensPerCaller = DEFAULTS.maxListensPerCaller();
    private int maxAnonymousListens = DEFAULTS.maxAnonymousListens();
    private int maxSubscriptionsPerCaller = DEFAULTS.maxSubscriptionsPerCaller();
    private int maxQueuedReads = DEFAULTS.maxQueuedReads();
    private int maxQueuedLongReads = DEFAULTS.maxQueuedLongReads();
    private Duration maxReadQueueWait = DEFAULTS.maxReadQueueWait();

    /** See {@link McpFeature#maxQueuedReads()}; zero for no queue. */
    public int getMaxQueuedReads() {
      return maxQueuedReads;
    }

    public void setMaxQueuedReads(int max) {
      this.maxQueuedReads = max;
    }

    /** See {@link McpFeature#maxQueuedLongReads()}; zero for no queue. */
    public int getMaxQueuedLongReads() {
      return maxQueuedLongReads;
    }

    public void setMaxQueuedLongReads(int max) {
      this.maxQueuedLongReads = max;
    }

    /** See {@link McpFeature#maxReadQueueWait()}. */
    public Duration getMaxReadQueueWait() {
      return maxReadQueueWait;
    }

    public void setMaxReadQueueWait(Duration wait) {
      this.maxReadQueueWait = wait;
    }

    /** See {@link McpFeature#maxSessionsPerCaller()}. */
    public int getMaxSessionsPerCaller() {
      return maxSessionsPerCaller;
    }

    public void setMaxSessionsPerCaller(int max) {
      this.maxSessionsPerCaller = max;
    }

    /** See {@link McpFeature#maxAnonymousSessions()}. */
    public int getMaxAnonymousSessions() {
      return maxAnonymousSessions;
    }

    public void setMaxAnonymousSessions(int max) {
      this.maxAnonymousSessions = max;
    }

    /** See {@link McpFeature#maxListensPerCaller()}. */
    public int getMaxListensPerCaller() {
      return maxListensPerCaller;
    }

    public void setMaxListensPerCaller(int max) {
      this.maxListensPerCaller = max;
    }

    /** See {@link McpFeature#maxAnonymousListens()}. */
    public int getMaxAnonymousListens() {
      return maxAnonymousListens;
    }

    public void setMaxAnonymousListens(int max) {
      this.maxAnonymousListens = max;
    }

    /** See {@link McpFeature#maxSubscriptionsPerCaller()}. */
    public int getMaxSubscriptionsPerCaller() {
      return maxSubscriptionsPerCaller;
    }

    public void setMaxSubscriptionsPerCaller(int max) {
      this.maxSubscriptionsPerCaller = max;
    }

    /** See {@link McpFeature#maxBodyBytes()}. */
    public int getMaxBodyBytes() {
      return maxBodyBytes;
    }

    public void setMaxBodyBytes(int maxBodyBytes) {
      this.maxBodyBytes = maxBodyBytes;
    }

    /** See {@link McpFeature#maxJsonDepth()}. */
    public int getMaxJsonDepth() {
      return maxJsonDepth;
    }

    public void setMaxJsonDepth(int maxJsonDepth) {
      this.maxJsonDepth = maxJsonDepth;
    }

    /** See {@link McpFeature#maxUriLength()}. */
    public int getMaxUriLength() {
      return maxUriLength;
    }

    public void setMaxUriLength(int maxUriLength) {
      this.maxUriLength = maxUriLength;
    }

    /** See {@link McpFeature#maxSessions()}. */
    public int getMaxSessions() {
      return maxSessions;
    }

    public void setMaxSessions(int maxSessions) {
      this.maxSessions = maxSessions;
    }

    /** See {@link McpFeature#maxListenUris()}. */
    public int getMaxListenUris() {
      return maxListenUris;
    }

    public void setMaxListenUris(int maxListenUris) {
      this.maxListenUris = maxListenUris;
    }

    /** See {@link McpFeature#maxConcurrentListens()}. */
    public int getMaxConcurrentListens() {
      return maxConcurrentListens;
    }

    public void setMaxConcurrentListens(int maxConcurrentListens) {
      this.maxConcurrentListens = maxConcurrentListens;
    }

    /** See {@link McpFeature#maxConcurrentReads()}. */
    public int getMaxConcurrentReads() {
      return maxConcurrentReads;
    }

    public void setMaxConcurrentReads(int maxConcurrentReads) {
      this.maxConcurrentReads = maxConcurrentReads;
    }

    /** See {@link McpFeature#maxConcurrentLongReads()}. */
    public int getMaxConcurrentLongReads() {
      return maxConcurrentLongReads;
    }

    public void setMaxConcurrentLongReads(int maxConcurrentLongReads) {
      this.maxConcurrentLongReads = maxConcurrentLongReads;
    }

    /** See {@link McpFeature#maxReadBytes()}. */
    public long getMaxReadBytes() {
      return maxReadBytes;
    }

    public void setMaxReadBytes(long maxReadBytes) {
      this.maxReadBytes = maxReadBytes;
    }

    /** See {@link McpFeature#maxSpoolBytes()}. */
    public long getMaxSpoolBytes() {
      return maxSpoolBytes;
    }

    public void setMaxSpoolBytes(long maxSpoolBytes) {
      this.maxSpoolBytes = maxSpoolBytes;
    }

    /** See {@link McpFeature#pageSize()}. */
    public int getPageSize() {
      return pageSize;
    }

    public void setPageSize(int pageSize) {
      this.pageSize = pageSize;
    }

    /** See {@link McpFeature#defaultMaxBytes()}. */
    public long getDefaultMaxBytes() {
      return defaultMaxBytes;
    }

    public void setDefaultMaxBytes(long defaultMaxBytes) {
      this.defaultMaxBytes = defaultMaxBytes;
    }

    /** See {@link McpFeature#readTimeout()}. */
    public Duration getReadTimeout() {
      return readTimeout;
    }

    public void setReadTimeout(Duration readTimeout) {
      this.readTimeout = readTimeout;
    }

    /** See {@link McpFeature#bodyReadTimeout()}. */
    public Duration getBodyReadTimeout() {
      return bodyReadTimeout;
    }

    public void setBodyReadTimeout(Duration bodyReadTimeout) {
      this.bodyReadTimeout = bodyReadTimeout;
    }

    /** See {@link McpFeature#longRunningTimeout()}. */
    public Duration getLongRunningTimeout() {
      return longRunningTimeout;
    }

    public void setLongRunningTimeout(Duration longRunningTimeout) {
      this.longRunningTimeout = longRunningTimeout;
    }

    /** See {@link McpFeature#listenTimeout()}. */
    public Duration getListenTimeout() {
      return listenTimeout;
    }

    public void setListenTimeout(Duration listenTimeout) {
      this.listenTimeout = listenTimeout;
    }

    /** See {@link McpFeature#sessionIdleTimeout()}. */
    public Duration getSessionIdleTimeout() {
      return sessionIdleTimeout;
    }

    public void setSessionIdleTimeout(Duration sessionIdleTimeout) {
      this.sessionIdleTimeout = sessionIdleTimeout;
    }
  }

  /**
   * {@code jaxrs-mcp.redis.*}: with {@code url} set and {@code jaxrs-mcp-redis} on the classpath,
   * change notifications, legacy sessions and MCP tasks are shared through that Redis with every
   * instance of the service (unless the application defines its own {@code McpChangeBus} or {@code
   * McpTaskStore} bean), so a load balancer needs no affinity.
   */
  public static class Redis {
    private String url = "";
    private String prefix = "jaxrs-mcp:";

    /** The Redis URL, for example {@code redis://localhost:6379}; empty (the default): none. */
    public String getUrl() {
      return url;
    }

    public void setUrl(String url) {
      this.url = url;
    }

    /** What the service's Redis channels and keys start with; default {@code jaxrs-mcp:}. */
    public String getPrefix() {
      return prefix;
    }

    public void setPrefix(String prefix) {
      this.prefix = prefix;
    }
  }
}
