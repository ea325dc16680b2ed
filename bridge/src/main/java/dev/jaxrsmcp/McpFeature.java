package dev.jaxrsmcp;

import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.context.McpContextCarrier;
import dev.jaxrsmcp.internal.McpRuntime;
import dev.jaxrsmcp.internal.settings.BuilderValues;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.ObserveSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.subscribe.ChangeHubs;
import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.tasks.McpTasks;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Turns a Jersey application's {@link McpResource} methods into an MCP server on the same
 * application. Register it like any other feature:
 *
 * <pre>{@code
 * ResourceConfig app = new ResourceConfig(Widgets.class, BearerAuthFilter.class)
 *     .register(McpFeature.builder().name("widgets").version("1.0").build());
 * }</pre>
 *
 * <p>When the application starts, the feature reads Jersey's resource model, validates every
 * annotated method (a mistake fails the start with a message naming the rule, the value and the
 * method) and serves MCP at {@link #path()} (default {@code /mcp}). Instances are immutable; use
 * {@link #newBuilder()} to derive a changed copy. What each setting means is documented on its
 * accessor ({@link McpSettings}).
 */
public final class McpFeature extends McpSettings implements Feature {
  /**
   * The request property (a {@code String} IP address such as {@code 10.0.0.5}, an {@code
   * InetAddress} or an {@code InetSocketAddress}) through which a container adapter tells the
   * bridge the address a request's connection arrived on, the server's side of it; see {@link
   * #allowedHosts()}. The bridge reads it in its first filter, before any filter of the
   * application, so set it before Jersey runs (a servlet filter's or a Grizzly handler's request
   * attribute is Jersey's request property). Not needed on Jersey's servlet and Grizzly containers,
   * whose request the bridge asks itself.
   */
  public static final String LOCAL_ADDRESS_PROPERTY = SecuritySettings.LOCAL_ADDRESS_PROPERTY;

  /**
   * The application property through which an integration adds observers of MCP operations ({@link
   * McpObserver}) to a feature it did not build, such as the Dropwizard bundle's metrics: an {@code
   * McpObserver} or a {@code Collection} of them, told after the feature's own ({@link
   * Builder#observer}). {@code resourceConfig.property(McpFeature.OBSERVERS_PROPERTY, observer)}.
   */
  public static final String OBSERVERS_PROPERTY = ObserveSettings.OBSERVERS_PROPERTY;

  private final ChangeHubs changes = new ChangeHubs();

  private McpFeature(Settings settings) {
    super(settings);
  }

  /** A builder with every setting at its default. */
  public static Builder builder() {
    return new Builder(BuilderValues.newFeatureDefaults());
  }

  /** A builder starting from this feature's settings. */
  public Builder newBuilder() {
    return new Builder(settings);
  }

  @Override
  public boolean configure(FeatureContext context) {
    McpRuntime.install(settings, changes, context);
    return true;
  }

  /**
   * Where the application reports changes for subscribers: use it from background jobs, or inject
   * {@link McpChanges} into resource classes with {@code @Context} or {@code @Inject}.
   */
  public McpChanges changes() {
    return changes;
  }

  /** Builds an {@link McpFeature}. Every setter checks its value and names it when it is wrong. */
  public static final class Builder extends AccessBuilder {
    private Builder(Settings settings) {
      super(settings);
    }

    /** See {@link McpFeature#name()}. */
    public Builder name(String name) {
      return set(ProtocolSettings.NAME, name);
    }

    /** See {@link McpFeature#version()}. */
    public Builder version(String version) {
      return set(ProtocolSettings.VERSION, version);
    }

    /** See {@link McpFeature#instructions()}. */
    public Builder instructions(String instructions) {
      return set(ProtocolSettings.INSTRUCTIONS, instructions);
    }

    /** See {@link McpFeature#path()}; must start with '/'. */
    public Builder path(String path) {
      return set(ProtocolSettings.PATH, path);
    }

    /** See {@link McpFeature#scheme()}; letters, digits, '+', '-', '.', starting with a letter. */
    public Builder scheme(String scheme) {
      return set(ProtocolSettings.SCHEME, scheme);
    }

    /** See {@link McpFeature#defaultCacheTtlMs()}; zero or more. */
    public Builder defaultCacheTtlMs(long ttlMs) {
      return set(ProtocolSettings.DEFAULT_CACHE_TTL_MS, ttlMs);
    }

    /** See {@link McpFeature#defaultCacheScope()}; {@code private} or {@code public}. */
    public Builder defaultCacheScope(String scope) {
      return set(ProtocolSettings.DEFAULT_CACHE_SCOPE, scope);
    }

    /** See {@link McpFeature#maxReadBytes()}; at least 1024. */
    public Builder maxReadBytes(long max) {
      return set(LimitSettings.MAX_READ_BYTES, max);
    }

    /** See {@link McpFeature#maxSpoolBytes()}; at least 1. */
    public Builder maxSpoolBytes(long max) {
      return set(LimitSettings.MAX_SPOOL_BYTES, max);
    }

    /** See {@link McpFeature#defaultMaxBytes()}; one or more. */
    public Builder defaultMaxBytes(long maxBytes) {
      return set(LongRunningSettings.DEFAULT_MAX_BYTES, maxBytes);
    }

    /** See {@link McpFeature#readTimeout()}; positive. */
    public Builder readTimeout(Duration timeout) {
      return set(LimitSettings.READ_TIMEOUT, timeout);
    }

    /** See {@link McpFeature#maxBodyBytes()}; at least 1024. */
    public Builder maxBodyBytes(int maxBodyBytes) {
      return set(LimitSettings.MAX_BODY_BYTES, maxBodyBytes);
    }

    /** See {@link McpFeature#bodyReadTimeout()}; positive. */
    public Builder bodyReadTimeout(Duration timeout) {
      return set(LimitSettings.BODY_READ_TIMEOUT, timeout);
    }

    /** See {@link McpFeature#maxJsonDepth()}; at least 8. */
    public Builder maxJsonDepth(int maxJsonDepth) {
      return set(LimitSettings.MAX_JSON_DEPTH, maxJsonDepth);
    }

    /**
     * See {@link McpFeature#tools()}. Turn tools off when every client of this server reads
     * resources, so the model is not shown each resource twice.
     */
    public Builder tools(boolean tools) {
      return set(ProtocolSettings.TOOLS, tools);
    }

    /** See {@link McpFeature#debounce()}; zero turns debouncing off. */
    public Builder debounce(Duration window) {
      return set(SubscriptionSettings.DEBOUNCE, window);
    }

    /** See {@link McpFeature#keepAlive()}; positive. */
    public Builder keepAlive(Duration interval) {
      return set(SubscriptionSettings.KEEP_ALIVE, interval);
    }

    /** See {@link McpFeature#maxListenUris()}; at least 1. */
    public Builder maxListenUris(int max) {
      return set(SubscriptionSettings.MAX_LISTEN_URIS, max);
    }

    /** See {@link McpFeature#maxListensPerCaller()}; at least 1. */
    public Builder maxListensPerCaller(int max) {
      return set(SubscriptionSettings.MAX_LISTENS_PER_CALLER, max);
    }

    /** See {@link McpFeature#maxAnonymousListens()}; at least 1. */
    public Builder maxAnonymousListens(int max) {
      return set(SubscriptionSettings.MAX_ANONYMOUS_LISTENS, max);
    }

    /** See {@link McpFeature#maxSubscriptionsPerCaller()}; at least 1. */
    public Builder maxSubscriptionsPerCaller(int max) {
      return set(SubscriptionSettings.MAX_SUBSCRIPTIONS_PER_CALLER, max);
    }

    /** See {@link McpFeature#maxConcurrentListens()}; at least 1. */
    public Builder maxConcurrentListens(int max) {
      return set(SubscriptionSettings.MAX_CONCURRENT_LISTENS, max);
    }

    /** See {@link McpFeature#maxConcurrentReads()}; at least 1. */
    public Builder maxConcurrentReads(int max) {
      return set(LimitSettings.MAX_CONCURRENT_READS, max);
    }

    /** See {@link McpFeature#maxConcurrentLongReads()}; at least 1. */
    public Builder maxConcurrentLongReads(int max) {
      return set(LimitSettings.MAX_CONCURRENT_LONG_READS, max);
    }

    /** See {@link McpFeature#maxQueuedReads()}; zero for no queue. */
    public Builder maxQueuedReads(int max) {
      return set(LimitSettings.MAX_QUEUED_READS, max);
    }

    /** See {@link McpFeature#maxQueuedLongReads()}; zero for no queue. */
    public Builder maxQueuedLongReads(int max) {
      return set(LimitSettings.MAX_QUEUED_LONG_READS, max);
    }

    /** See {@link McpFeature#maxReadQueueWait()}; positive. */
    public Builder maxReadQueueWait(Duration wait) {
      return set(LimitSettings.MAX_READ_QUEUE_WAIT, wait);
    }

    /** See {@link McpFeature#maxUnsentBytes()}; at least 1024. */
    public Builder maxUnsentBytes(long max) {
      return set(SubscriptionSettings.MAX_UNSENT_BYTES, max);
    }

    /** See {@link McpFeature#listenTimeout()}; zero for none. */
    public Builder listenTimeout(Duration timeout) {
      return set(SubscriptionSettings.LISTEN_TIMEOUT, timeout);
    }

    /**
     * Registers the watcher of a subscribable template. {@code template} is the resource's URI
     * template as listed (for example {@code app://widgets/{id}/state}); the application fails to
     * start when no {@code @McpResource(subscribe = true)} has it.
     */
    public Builder watch(String template, McpWatcher watcher) {
      return with(BuilderValues.withWatcher(settings, template, watcher));
    }

    /**
     * See {@link McpFeature#changeBus()}. The feature starts the bus when the application starts
     * and closes it when the application stops.
     */
    public Builder changeBus(McpChangeBus bus) {
      return set(SubscriptionSettings.CHANGE_BUS, bus);
    }

    /** See {@link McpFeature#spoolDirectory()}; created when first needed. */
    public Builder spoolDirectory(Path directory) {
      return set(LongRunningSettings.SPOOL_DIRECTORY, directory);
    }

    /** See {@link McpFeature#longRunningKeepAlive()}; positive. */
    public Builder longRunningKeepAlive(Duration interval) {
      return set(LongRunningSettings.LONG_RUNNING_KEEP_ALIVE, interval);
    }

    /** See {@link McpFeature#longRunningTimeout()}; positive. */
    public Builder longRunningTimeout(Duration timeout) {
      return set(LongRunningSettings.LONG_RUNNING_TIMEOUT, timeout);
    }

    /**
     * Registers the completer of one template variable. {@code template} is the template as listed
     * (for example {@code app://widgets/{id}/state/{key}}); the application fails to start when no
     * {@code @McpResource} has it or it has no such variable.
     */
    public Builder complete(String template, String variable, McpCompleter completer) {
      return with(BuilderValues.withCompleter(settings, template, variable, completer));
    }

    /**
     * Registers the completer of one argument of an {@link McpPrompt} ({@code completion/complete}
     * with a {@code ref/prompt}). {@code prompt} is the prompt's name; the application fails to
     * start when no {@code @McpPrompt} has it or it has no such argument. For example {@code
     * .completePrompt("summarize_widget", "tone", McpCompleter.of("brief", "detailed"))}.
     */
    public Builder completePrompt(String prompt, String argument, McpCompleter completer) {
      return with(BuilderValues.withPromptCompleter(settings, prompt, argument, completer));
    }

    /** See {@link McpFeature#pageSize()}; from 1 to 1000. */
    public Builder pageSize(int size) {
      return set(ProtocolSettings.PAGE_SIZE, size);
    }

    /**
     * Adds a carrier of thread-locals to task threads ({@link McpContextCarrier}); carriers run in
     * the order they were added, after Micrometer's context-propagation.
     */
    public Builder contextCarrier(McpContextCarrier carrier) {
      return with(BuilderValues.withContextCarrier(settings, carrier));
    }

    /**
     * Adds an observer of every MCP operation ({@link McpObserver}); observers are told in the
     * order they were added, after the bridge's access record. Call once per observer.
     */
    public Builder observer(McpObserver observer) {
      return with(BuilderValues.withObserver(settings, observer));
    }

    /** See {@link McpFeature#maxListFromBytes()}; at least 1024. */
    public Builder maxListFromBytes(int max) {
      return set(LimitSettings.MAX_LIST_FROM_BYTES, max);
    }

    /** See {@link McpFeature#tasks()}. */
    public Builder tasks(McpTasks tasks) {
      return set(LongRunningSettings.TASKS, tasks);
    }

    /** The feature, ready to register. */
    public McpFeature build() {
      return new McpFeature(settings);
    }
  }
}
