/**
 * Telling subscribers that a resource changed: {@link dev.jaxrsmcp.changes.McpChanges} (from the
 * feature, or injected with {@code @Context}), a {@link dev.jaxrsmcp.changes.McpWatcher} that finds
 * changes by itself, and the {@link dev.jaxrsmcp.changes.McpChangeBus} that carries them between
 * instances. Uses nothing else of jaxrs-mcp; {@code McpFeature.Builder} takes them.
 */
package dev.jaxrsmcp.changes;
