package dev.jaxrsmcp.internal.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/** Builds JSON-RPC response and notification envelopes. */
public final class JsonRpcMessages {
  private JsonRpcMessages() {}

  public static ObjectNode result(JsonNode id, ObjectNode result) {
    ObjectNode message = Json.object().put("jsonrpc", "2.0");
    message.set("id", id);
    message.set("result", result);
    return message;
  }

  /** An error response; without an id when none could be read (the id member is then omitted). */
  public static ObjectNode error(Optional<JsonNode> id, JsonRpcException e) {
    ObjectNode message = Json.object().put("jsonrpc", "2.0");
    id.ifPresent(v -> message.set("id", v));
    ObjectNode error = message.putObject("error");
    error.put("code", e.code());
    error.put("message", e.getMessage());
    e.data().ifPresent(d -> error.set("data", d));
    return message;
  }

  public static ObjectNode notification(String method, ObjectNode params) {
    ObjectNode message = Json.object().put("jsonrpc", "2.0").put("method", method);
    message.set("params", params);
    return message;
  }
}
