package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.Era;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answers to a {@code GET} or {@code DELETE} without an {@code Mcp-Session-Id} header, each a
 * JSON-RPC error without id. A {@code GET} of a client of revision 2026-07-28 (its {@code
 * MCP-Protocol-Version} header names a revision that is not a legacy one) is 405, as that revision
 * asks; any other {@code GET} comes from a 2025-era client before it has a session (or from no MCP
 * client at all), and 2025-11-25 asks for 400 there ("Servers that require a session ID SHOULD
 * respond to requests without an MCP-Session-Id header (other than initialization) with HTTP 400").
 * A {@code DELETE} without a session has nothing to end: 405.
 */
final class SessionlessAnswers {
  private SessionlessAnswers() {}

  static JsonRpcException get(Caller caller) {
    boolean modern =
        caller
            .header("mcp-protocol-version")
            .map(String::strip)
            .filter(v -> !Era.LEGACY_VERSIONS.contains(v))
            .isPresent();
    if (modern) {
      return notAllowed(
          "Method Not Allowed: protocol "
              + Era.MODERN_VERSION
              + " has no GET stream; send each message as a POST");
    }
    return new JsonRpcException(
            ErrorCodes.INVALID_REQUEST,
            "Invalid Request: the Mcp-Session-Id header is required for GET; start a session with"
                + " initialize (protocol 2025-11-25 and earlier), then open its stream with GET")
        .withHttpStatus(400);
  }

  static JsonRpcException delete() {
    return notAllowed(
        "Method Not Allowed: there is no session to DELETE without an Mcp-Session-Id header"
            + " (protocol "
            + Era.MODERN_VERSION
            + " has none)");
  }

  private static JsonRpcException notAllowed(String message) {
    return new JsonRpcException(
        ErrorCodes.INVALID_REQUEST,
        message,
        Optional.empty(),
        405,
        Map.of("Allow", List.of("POST")));
  }
}
