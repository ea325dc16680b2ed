package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.util.List;

/** The two protocol eras served on one endpoint, and what differs between them in results. */
public enum Era {
  /** Stateless, per-request {@code _meta}: revision 2026-07-28. */
  MODERN,
  /** {@code initialize} handshake and sessions: revisions 2025-11-25 and earlier. */
  LEGACY;

  public static final String MODERN_VERSION = "2026-07-28";

  /** The {@code _meta} key under which modern results carry the server's identity. */
  public static final String META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

  /** Legacy versions served, newest first. */
  public static final List<String> LEGACY_VERSIONS =
      List.of("2025-11-25", "2025-06-18", "2025-03-26");

  /** Every version served, newest first. */
  public static final List<String> ALL_VERSIONS =
      List.of(MODERN_VERSION, "2025-11-25", "2025-06-18", "2025-03-26");

  /** The error for a URI that names no readable resource. */
  public JsonRpcException notFound(String uri) {
    return notFound(uri, java.util.Optional.empty());
  }

  /** The same, with {@code data.reason} saying why when the bridge can tell. */
  public JsonRpcException notFound(String uri, java.util.Optional<String> reason) {
    ObjectNode data = Json.object().put("uri", uri);
    reason.ifPresent(r -> data.put("reason", r));
    int code = this == MODERN ? ErrorCodes.INVALID_PARAMS : ErrorCodes.LEGACY_RESOURCE_NOT_FOUND;
    return new JsonRpcException(code, "Resource not found", data);
  }
}
