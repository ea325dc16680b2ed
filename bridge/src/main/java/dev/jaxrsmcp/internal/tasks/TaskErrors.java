package dev.jaxrsmcp.internal.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.eras.Capabilities;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.quota.QuotaExceededException;
import java.util.Map;
import java.util.Optional;

/**
 * The errors of tasks: the JSON-RPC errors a task request is refused with (the tasks extension
 * missing, too many tasks) and the error objects a failed task stores.
 */
final class TaskErrors {
  private TaskErrors() {}

  /** True when the request's {@code _meta} client capabilities declare the tasks extension. */
  static boolean declaresExtension(McpCall call) {
    return call.request()
        .meta()
        .path("io.modelcontextprotocol/clientCapabilities")
        .path("extensions")
        .path(Capabilities.TASKS_EXTENSION)
        .isObject();
  }

  /** {@code -32021} naming the tasks extension in {@code data.requiredCapabilities}. */
  static JsonRpcException missingExtension(String what) {
    ObjectNode data = Json.object();
    data.putObject("requiredCapabilities")
        .putObject("extensions")
        .putObject(Capabilities.TASKS_EXTENSION);
    return new JsonRpcException(
        ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY,
        "Missing required client capability: "
            + what
            + " needs the extension "
            + Capabilities.TASKS_EXTENSION
            + " in _meta io.modelcontextprotocol/clientCapabilities.extensions",
        Optional.of(data),
        400,
        Map.of());
  }

  /** {@code -32603} for a running-task quota that is reached. */
  static JsonRpcException tooMany(QuotaExceededException e) {
    String message =
        e.scope() == QuotaExceededException.Scope.ALL
            ? "Too many tasks: " + e.describe() + " may run at once on this server; try again later"
            : "Too many tasks for this caller: "
                + e.describe()
                + " may run at once on this server; cancel one or try again later";
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, message);
  }

  /** The error object a failed task stores. */
  static ObjectNode error(int code, String message) {
    return Json.object().put("code", code).put("message", message);
  }

  /** The error object a failed task stores, with the exception's data. */
  static ObjectNode error(JsonRpcException e) {
    ObjectNode error = error(e.code(), e.getMessage());
    e.data().ifPresent(d -> error.set("data", d));
    return error;
  }
}
