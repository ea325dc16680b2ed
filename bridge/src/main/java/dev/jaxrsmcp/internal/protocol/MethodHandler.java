package dev.jaxrsmcp.internal.protocol;

/** Answers one JSON-RPC method; throws {@link dev.jaxrsmcp.internal.jsonrpc.JsonRpcException}. */
@FunctionalInterface
public interface MethodHandler {
  MethodResult handle(McpCall call);

  /**
   * A method the transport answers in place, as its route's own request (contract section 7: {@code
   * resources/read}, {@code tools/call}): in an era's table so that the era offers it, never called
   * through it.
   */
  static MethodHandler inPlace(String method) {
    return call -> {
      throw new IllegalStateException(
          method + " runs in place as its route's request; it never reaches the method table");
    };
  }
}
