/**
 * What a route can do while the bridge runs it: {@link dev.jaxrsmcp.context.McpContext}, injected
 * with {@code @Context}, reports progress, logs to the client and asks the user (elicitation,
 * sampling, roots); {@link dev.jaxrsmcp.context.McpContextCarrier} carries a request's
 * thread-locals to the thread a task's route runs on. Uses nothing else of jaxrs-mcp.
 */
package dev.jaxrsmcp.context;
