package dev.jaxrsmcp.internal.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * One parsed JSON-RPC request or notification.
 *
 * @param id the request id (a string or a number); empty for a notification
 * @param method the method name
 * @param params the params object; an empty object when the message had none
 */
public record JsonRpcRequest(Optional<JsonNode> id, String method, ObjectNode params) {

  public boolean isNotification() {
    return id.isEmpty();
  }

  /** {@code params._meta}, or an empty object. */
  public ObjectNode meta() {
    JsonNode meta = params.get("_meta");
    return meta instanceof ObjectNode o ? o : params.objectNode();
  }
}
