/**
 * MCP tasks (the tasks extension of 2026-07-28): {@link dev.jaxrsmcp.tasks.McpTasks}, their
 * settings, and {@link dev.jaxrsmcp.tasks.McpTaskStore}, where task handles and results are kept
 * (in memory by default; the {@code jaxrs-mcp-redis} module shares them between instances). Uses
 * nothing else of jaxrs-mcp; {@code McpFeature.Builder#tasks} takes them.
 */
package dev.jaxrsmcp.tasks;
