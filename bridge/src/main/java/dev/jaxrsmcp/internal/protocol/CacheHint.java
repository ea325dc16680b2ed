package dev.jaxrsmcp.internal.protocol;

/** {@code ttlMs} and {@code cacheScope} of a cacheable modern result. */
public record CacheHint(long ttlMs, String scope) {}
