package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.jsonrpc.JsonRpcParser;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import java.util.Optional;

/**
 * An MCP POST's body, read and parsed once by {@link McpRequestFilter} and kept as a request
 * property for the endpoint.
 *
 * @param body the bytes
 * @param message the parsed message; empty when parsing failed
 * @param failure why parsing failed; empty when it did not
 */
record Incoming(
    byte[] body,
    Optional<JsonRpcRequest> message,
    Optional<JsonRpcParser.IdentifiedException> failure) {
  static final String PROPERTY = "dev.jaxrsmcp.transport.incoming";

  static Incoming parse(byte[] body, JsonRpcParser parser) {
    try {
      return new Incoming(body, Optional.of(parser.parse(body)), Optional.empty());
    } catch (JsonRpcParser.IdentifiedException e) {
      return new Incoming(body, Optional.empty(), Optional.of(e));
    }
  }
}
