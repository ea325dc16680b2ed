/**
 * What the bridge tells the application's own observability about an MCP request: the request
 * attributes a container's access log prints ({@code mcp.method.name}, the resource URI or tool
 * name, the route that ran, the caller). Uses only the JSON-RPC model and Jersey, so any room may
 * record into it.
 */
package dev.jaxrsmcp.internal.observe;
