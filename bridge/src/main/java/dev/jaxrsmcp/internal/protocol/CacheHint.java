package dev.jaxrsmcp.internal.protocol;

/** {@code ttlMs} and {@code cacheScope} of a cacheable modern result. */
record CacheHint(long ttlMs, String scope) {}
