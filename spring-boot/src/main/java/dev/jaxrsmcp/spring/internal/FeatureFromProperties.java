package dev.jaxrsmcp.spring.internal;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.spring.McpProperties;

/** Turns {@code jaxrs-mcp.*} into an {@link McpFeature.Builder}; the bridge validates values. */
public final class FeatureFromProperties {
  private FeatureFromProperties() {}

  /** A builder with every property applied, ready for the change bus and {@code build()}. */
  public static McpFeature.Builder builder(McpProperties p) {
    McpProperties.Limits limits = p.getLimits();
    McpFeature.Builder builder = McpFeature.builder();
    if (!p.getRequestStateKey().isEmpty()) {
      builder.requestStateKey(p.getRequestStateKey());
    }
    return builder
        .name(p.getName())
        .version(p.getVersion())
        .instructions(p.getInstructions())
        .path(p.getPath())
        .scheme(p.getScheme())
        .tools(p.isTools())
        .allowedHosts(p.getAllowedHosts().toArray(String[]::new))
        .allowedOrigins(p.getAllowedOrigins().toArray(String[]::new))
        .maxBodyBytes(limits.getMaxBodyBytes())
        .maxJsonDepth(limits.getMaxJsonDepth())
        .maxUriLength(limits.getMaxUriLength())
        .maxSessions(limits.getMaxSessions())
        .maxListenUris(limits.getMaxListenUris())
        .maxConcurrentListens(limits.getMaxConcurrentListens())
        .maxConcurrentReads(limits.getMaxConcurrentReads())
        .maxConcurrentLongReads(limits.getMaxConcurrentLongReads())
        .maxReadBytes(limits.getMaxReadBytes())
        .maxSpoolBytes(limits.getMaxSpoolBytes())
        .pageSize(limits.getPageSize())
        .defaultMaxBytes(limits.getDefaultMaxBytes())
        .readTimeout(limits.getReadTimeout())
        .bodyReadTimeout(limits.getBodyReadTimeout())
        .longRunningTimeout(limits.getLongRunningTimeout())
        .listenTimeout(limits.getListenTimeout())
        .sessionIdleTimeout(limits.getSessionIdleTimeout())
        .maxSessionsPerCaller(limits.getMaxSessionsPerCaller())
        .maxAnonymousSessions(limits.getMaxAnonymousSessions())
        .maxListensPerCaller(limits.getMaxListensPerCaller())
        .maxAnonymousListens(limits.getMaxAnonymousListens())
        .maxSubscriptionsPerCaller(limits.getMaxSubscriptionsPerCaller())
        .maxQueuedReads(limits.getMaxQueuedReads())
        .maxQueuedLongReads(limits.getMaxQueuedLongReads())
        .maxReadQueueWait(limits.getMaxReadQueueWait())
        .askTimeout(p.getAskTimeout());
  }
}
