package dev.jaxrsmcp.internal.protocol;

import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;

/**
 * One MCP request as a method handler sees it.
 *
 * @param request the JSON-RPC request
 * @param era the era it arrived in
 * @param protocolVersion the version it speaks (declared per request, or negotiated)
 * @param caller who sent it
 */
public record McpCall(JsonRpcRequest request, Era era, String protocolVersion, Caller caller) {}
