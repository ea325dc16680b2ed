/**
 * What the bridge tells the application's own observability about an MCP request: the request
 * attributes a container's access log prints ({@code mcp.method.name}, the resource URI or tool
 * name, the route that ran, the caller), and the observers of every MCP operation ({@code
 * McpObserver}): Jersey monitoring listeners that start an operation before its route is matched
 * and end it when its response was written, and the bridge's access record. Uses only the JSON-RPC
 * model and Jersey, so any room may record into it.
 */
package dev.jaxrsmcp.internal.observe;
