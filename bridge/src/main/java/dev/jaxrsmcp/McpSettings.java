package dev.jaxrsmcp;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.context.McpContextCarrier;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.ObserveSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.tasks.McpTasks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The settings of an {@link McpFeature}, read side: each accessor documents one setting, its
 * default and what it does; {@link McpFeature.Builder} sets them. Immutable.
 *
 * <pre>{@code
 * McpFeature feature = McpFeature.builder().readTimeout(Duration.ofSeconds(5)).build();
 * feature.readTimeout(); // PT5S
 * feature.maxReadBytes(); // 33554432, the default
 * }</pre>
 */
public abstract class McpSettings extends AccessSettings {
  McpSettings(Settings settings) {
    super(settings);
  }

  /** The server name reported to clients ({@code serverInfo.name}); default {@code jaxrs-mcp}. */
  public String name() {
    return settings.get(ProtocolSettings.NAME);
  }

  /** The server version reported to clients; default {@code 0.0.0}. */
  public String version() {
    return settings.get(ProtocolSettings.VERSION);
  }

  /** Guidance for the model using this server; empty (not sent) by default. */
  public String instructions() {
    return settings.get(ProtocolSettings.INSTRUCTIONS);
  }

  /** The MCP endpoint's path within the application; default {@code /mcp}. */
  public String path() {
    return settings.get(ProtocolSettings.PATH);
  }

  /** The scheme of derived resource URIs; default {@code app}. */
  public String scheme() {
    return settings.get(ProtocolSettings.SCHEME);
  }

  /** {@code ttlMs} for resources that do not set {@code cacheTtlMs}; default 0 (no caching). */
  public long defaultCacheTtlMs() {
    return settings.get(ProtocolSettings.DEFAULT_CACHE_TTL_MS);
  }

  /** {@code cacheScope} for resources that do not set one; default {@code private}. */
  public String defaultCacheScope() {
    return settings.get(ProtocolSettings.DEFAULT_CACHE_SCOPE);
  }

  /** {@code maxBytes} for long-running resources that do not set one; default 1 MiB. */
  public long defaultMaxBytes() {
    return settings.get(LongRunningSettings.DEFAULT_MAX_BYTES);
  }

  /**
   * The most bytes the spool files of long-running reads and tasks may hold together on this
   * instance; default 4 GiB. A long-running read that arrives when they are full is refused with
   * HTTP 503 and {@code Retry-After: 5}; one whose write would pass the limit is ended with an
   * error.
   */
  public long maxSpoolBytes() {
    return settings.get(LimitSettings.MAX_SPOOL_BYTES);
  }

  /**
   * The most bytes the route of a read that is not long-running may answer with; default 32 MiB. A
   * larger body is answered with a {@code -32603} error while nothing of the response was sent (a
   * declared {@code Content-Length}, or a body that passes the limit within the first 8 KiB); past
   * that the response is broken off, never completed. Long-running reads have {@code maxBytes}
   * instead.
   */
  public long maxReadBytes() {
    return settings.get(LimitSettings.MAX_READ_BYTES);
  }

  /** How long one in-process read may take before it is cancelled; default 30 seconds. */
  public Duration readTimeout() {
    return settings.get(LimitSettings.READ_TIMEOUT);
  }

  /** The largest MCP request body accepted, in bytes; default 1 MiB (larger: HTTP 413). */
  public int maxBodyBytes() {
    return settings.get(LimitSettings.MAX_BODY_BYTES);
  }

  /**
   * How long an MCP request body may take to arrive, from the first read of it; default 5 seconds.
   * A body still incomplete then is refused with HTTP 408 and {@code -32600} naming this setting,
   * and the connection is closed, so a client that trickles its body holds a container thread for
   * at most this long (plus the wait for its next bytes). A body that stops arriving altogether
   * blocks the container's read until the container's own read timeout (Grizzly's and Jetty's 30 s,
   * Tomcat's {@code connectionTimeout}); see docs/deployment.md.
   */
  public Duration bodyReadTimeout() {
    return settings.get(LimitSettings.BODY_READ_TIMEOUT);
  }

  /** The deepest JSON nesting accepted in a request; default 64. */
  public int maxJsonDepth() {
    return settings.get(LimitSettings.MAX_JSON_DEPTH);
  }

  /**
   * Whether resources are also offered as MCP tools ({@code tools/list}, {@code tools/call}) for
   * clients that call tools but do not read resources; default true. A resource can opt out with
   * {@link McpResource#tool() tool = false}. When no tool is offered, the {@code tools} capability
   * is not advertised and the tool methods answer "method not found".
   */
  public boolean tools() {
    return settings.get(ProtocolSettings.TOOLS);
  }

  /** At most one notification per subscriber and URI per window; default 250 ms. */
  public Duration debounce() {
    return settings.get(SubscriptionSettings.DEBOUNCE);
  }

  /** How often an idle notification stream gets an SSE comment; default 15 seconds. */
  public Duration keepAlive() {
    return settings.get(SubscriptionSettings.KEEP_ALIVE);
  }

  /** The most URIs one {@code subscriptions/listen} may name; default 100. */
  public int maxListenUris() {
    return settings.get(SubscriptionSettings.MAX_LISTEN_URIS);
  }

  /**
   * The most {@code subscriptions/listen} streams one caller may have open at once on this instance
   * (a caller is its principal, or its {@link #callerKey()}; see {@link #maxAnonymousListens()} for
   * the others); one more is refused with HTTP 503 and {@code -32603}, and nothing is kept. Default
   * 100.
   */
  public int maxListensPerCaller() {
    return settings.get(SubscriptionSettings.MAX_LISTENS_PER_CALLER);
  }

  /**
   * The most {@code subscriptions/listen} streams open at once on this instance for all callers the
   * application did not authenticate (no principal, no {@link #callerKey()}) together, whatever
   * headers they send; one more is refused like {@link #maxListensPerCaller()}. So a flood of
   * anonymous listens takes at most this many of {@link #maxConcurrentListens()}. Default 1,000.
   */
  public int maxAnonymousListens() {
    return settings.get(SubscriptionSettings.MAX_ANONYMOUS_LISTENS);
  }

  /**
   * The most URIs one caller may be subscribed to at once on this instance, over its listen streams
   * and legacy sessions together (all anonymous callers count as one caller); a listen or {@code
   * resources/subscribe} that would pass it is refused with {@code -32602} before anything is read
   * or watched. Default 10,000.
   */
  public int maxSubscriptionsPerCaller() {
    return settings.get(SubscriptionSettings.MAX_SUBSCRIPTIONS_PER_CALLER);
  }

  /** The most notification streams open at once on this instance; default 10,000. */
  public int maxConcurrentListens() {
    return settings.get(SubscriptionSettings.MAX_CONCURRENT_LISTENS);
  }

  /**
   * The most MCP reads ({@code resources/read}, {@code tools/call}) running at once on this
   * instance, long-running ones included; default 1,000. One more waits for a slot in order of
   * arrival ({@link #maxQueuedReads()}, {@link #maxReadQueueWait()}); beyond the queue it is
   * refused before its route runs, with HTTP 503 and {@code Retry-After}.
   */
  public int maxConcurrentReads() {
    return settings.get(LimitSettings.MAX_CONCURRENT_READS);
  }

  /**
   * The most long-running reads running at once on this instance (each holds a spool file and,
   * streamed, a response); default 64. One more waits for a slot in order of arrival ({@link
   * #maxQueuedLongReads()}, {@link #maxReadQueueWait()}); beyond the queue it is refused before its
   * route runs, with HTTP 503 and {@code Retry-After}.
   */
  public int maxConcurrentLongReads() {
    return settings.get(LimitSettings.MAX_CONCURRENT_LONG_READS);
  }

  /**
   * How many reads may wait for a slot of {@link #maxConcurrentReads()}, in order of arrival,
   * holding no thread; default 1,000, zero to refuse at once. One more is refused with HTTP 503.
   */
  public int maxQueuedReads() {
    return settings.get(LimitSettings.MAX_QUEUED_READS);
  }

  /**
   * How many long-running reads may wait for a slot of {@link #maxConcurrentLongReads()}, in order
   * of arrival, holding no thread (a client accepting SSE gets keep-alive comments while it waits);
   * default 256, zero to refuse at once. One more is refused with HTTP 503.
   */
  public int maxQueuedLongReads() {
    return settings.get(LimitSettings.MAX_QUEUED_LONG_READS);
  }

  /**
   * How long a queued read waits for its slot before it is refused ({@code -32603}, HTTP 503 with
   * {@code Retry-After} unless keep-alives already committed its stream); default 30 seconds.
   */
  public Duration maxReadQueueWait() {
    return settings.get(LimitSettings.MAX_READ_QUEUE_WAIT);
  }

  /**
   * The most bytes that may wait for one client that does not read its notification stream (modern
   * listen or legacy {@code GET}), counted in the bridge: queued, and being handed to the
   * container. Past it the stream ends with a comment saying why (a listen also gets an error
   * response) and the client reconnects and re-reads; default 1 MiB.
   */
  public long maxUnsentBytes() {
    return settings.get(SubscriptionSettings.MAX_UNSENT_BYTES);
  }

  /** How long a listen stream stays open; {@link Duration#ZERO} (the default) for no limit. */
  public Duration listenTimeout() {
    return settings.get(SubscriptionSettings.LISTEN_TIMEOUT);
  }

  /** How changes travel between instances; default {@link McpChangeBus#local()}. */
  public McpChangeBus changeBus() {
    return settings.get(SubscriptionSettings.CHANGE_BUS);
  }

  /** The completers registered per template text and variable. */
  public Map<String, Map<String, McpCompleter>> completers() {
    return settings.get(ProtocolSettings.COMPLETERS);
  }

  /**
   * The completers of {@link McpPrompt} arguments registered per prompt name and argument ({@link
   * McpFeature.Builder#completePrompt}).
   */
  public Map<String, Map<String, McpCompleter>> promptCompleters() {
    return settings.get(ProtocolSettings.PROMPT_COMPLETERS);
  }

  /** How many entries one page of a list result holds; default 50. */
  public int pageSize() {
    return settings.get(ProtocolSettings.PAGE_SIZE);
  }

  /** The watcher registered for each subscribable template, by template text. */
  public Map<String, McpWatcher> watchers() {
    return settings.get(SubscriptionSettings.WATCHERS);
  }

  /**
   * The base under which long-running reads spool their responses: each process spools into a fresh
   * {@code rwx------} directory of its own under it, and an application that starts deletes what
   * processes that no longer run left there. A base that is a symbolic link, belongs to another
   * user or may be written by others is not used (a fresh private directory under {@code
   * java.io.tmpdir} is, with a warning). Default {@code jaxrs-mcp} under {@code java.io.tmpdir}.
   */
  public Path spoolDirectory() {
    return settings.get(LongRunningSettings.SPOOL_DIRECTORY);
  }

  /**
   * How long a long-running read may stay silent before the response becomes an SSE stream with a
   * keep-alive comment, and how often the comment repeats; a client that went away is noticed at
   * the next comment. Default 500 ms.
   */
  public Duration longRunningKeepAlive() {
    return settings.get(LongRunningSettings.LONG_RUNNING_KEEP_ALIVE);
  }

  /** How long one long-running read may take before it is cancelled; default 15 minutes. */
  public Duration longRunningTimeout() {
    return settings.get(LongRunningSettings.LONG_RUNNING_TIMEOUT);
  }

  /**
   * What carries a task's creating request's thread-locals to the thread its route runs on, besides
   * the {@code ThreadLocalAccessor}s of Micrometer's context-propagation (see {@link
   * McpContextCarrier}); none by default.
   */
  public List<McpContextCarrier> contextCarriers() {
    return settings.get(LongRunningSettings.CONTEXT_CARRIERS);
  }

  /**
   * The observers of MCP operations added with {@link McpFeature.Builder#observer}, in order; none
   * by default (the bridge's access record is always there, see {@link McpObserver}).
   */
  public List<McpObserver> observers() {
    return settings.get(ObserveSettings.OBSERVERS);
  }

  /**
   * The largest response, in bytes, a collection route named by {@code @McpResource(listFrom)} may
   * give; it is read for every page of {@code resources/list} and for completions drawn from it. A
   * larger one fails that request with {@code -32603} naming the route and this setting, and no
   * member is listed. Default 4 MiB.
   */
  public int maxListFromBytes() {
    return settings.get(LimitSettings.MAX_LIST_FROM_BYTES);
  }

  /**
   * MCP tasks (protocol 2026-07-28): how long tasks are kept, how often clients poll, where task
   * state lives. Only resources declared with {@link McpResource#taskSupport()} run as tasks.
   */
  public McpTasks tasks() {
    return settings.get(LongRunningSettings.TASKS);
  }
}
