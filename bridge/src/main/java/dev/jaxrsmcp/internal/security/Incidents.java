package dev.jaxrsmcp.internal.security;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.util.Optional;
import java.util.UUID;

/**
 * Error redaction (contract section 11): an unexpected failure is logged in full on the server,
 * under a fresh incident id and the request's JSON-RPC id, and the client gets only {@code -32603
 * Internal error (incident …)}: no exception message, class name or stack trace.
 */
public final class Incidents {
  private static final System.Logger LOG = System.getLogger(Incidents.class.getName());

  private Incidents() {}

  /**
   * Logs {@code failure} and returns the error the client gets.
   *
   * @param what what failed, for the log ({@code "MCP request resources/read"})
   * @param requestId the JSON-RPC id of the request, when one was read
   */
  public static JsonRpcException report(
      String what, Optional<JsonNode> requestId, Throwable failure) {
    String incident = UUID.randomUUID().toString();
    LOG.log(
        System.Logger.Level.ERROR,
        what
            + requestId.map(id -> " (JSON-RPC id " + id + ")").orElse("")
            + " failed; incident "
            + incident,
        failure);
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR, "Internal error (incident " + incident + ")");
  }
}
