/**
 * Watching MCP operations: an {@link dev.jaxrsmcp.observe.McpObserver} hears each operation start
 * ({@link dev.jaxrsmcp.observe.McpOperation}) and end ({@link dev.jaxrsmcp.observe.McpOutcome});
 * the {@code jaxrs-mcp-micrometer} module's observer makes them Micrometer observations. Uses
 * nothing else of jaxrs-mcp; {@code McpFeature.Builder#observer} takes them.
 */
package dev.jaxrsmcp.observe;
