package dev.jaxrsmcp.internal.protocol;

/** Answers one JSON-RPC method; throws {@link dev.jaxrsmcp.internal.jsonrpc.JsonRpcException}. */
@FunctionalInterface
public interface MethodHandler {
  MethodResult handle(McpCall call);
}
