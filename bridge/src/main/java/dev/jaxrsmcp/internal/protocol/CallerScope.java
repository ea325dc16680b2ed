package dev.jaxrsmcp.internal.protocol;

/**
 * The request an MCP call arrived on, as the dispatch layer carries it into the reads the call
 * makes (contract section 7: a listen's readability check, template members, a watcher's check run
 * with the MCP request's scope). Opaque here; only the dispatch layer looks inside.
 */
public interface CallerScope {
  /** No request to carry over (a read made outside any MCP request). */
  CallerScope NONE = new CallerScope() {};
}
