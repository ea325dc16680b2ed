package dev.jaxrsmcp.internal.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.MethodResult;
import java.util.Map;

/**
 * The methods of the tasks extension: {@code tasks/get} (the task, its result or error inlined),
 * {@code tasks/cancel} and {@code tasks/update} (empty acknowledgements), and the removed v1
 * methods {@code tasks/result} and {@code tasks/list} ({@code -32601}). Each needs the extension in
 * the request's {@code _meta} ({@code -32021} otherwise) and a task the caller created: an unknown,
 * expired or another caller's task id is the same {@code -32602}, so the answer reveals nothing.
 */
final class TaskMethods {
  private final Tasks tasks;

  TaskMethods(Tasks tasks) {
    this.tasks = tasks;
  }

  Map<String, MethodHandler> table() {
    return Map.of(
        "tasks/get", this::get,
        "tasks/cancel", this::cancel,
        "tasks/update", this::update,
        "tasks/result", call -> removed(call, "tasks/get inlines the result"),
        "tasks/list", call -> removed(call, "clients keep the ids of their tasks"));
  }

  private MethodResult get(McpCall call) {
    TaskState task = tasks.checkLease(owned(call));
    return MethodResult.of(task.detailed());
  }

  /** Acknowledges at once; a working task ends cancelled (also when another instance runs it). */
  private MethodResult cancel(McpCall call) {
    TaskState task = owned(call);
    if (task.status() == TaskStatus.WORKING) {
      tasks.cancel(task.id());
    }
    return MethodResult.of(Json.object());
  }

  /**
   * Acknowledges. The bridge's tasks never ask the client for input, so no input request is ever
   * outstanding and every response is ignored, as the extension says of unknown keys.
   */
  private MethodResult update(McpCall call) {
    owned(call);
    JsonNode responses = call.request().params().get("inputResponses");
    if (responses == null || !responses.isObject()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: 'inputResponses' must be an object (found "
              + (responses == null
                  ? "nothing"
                  : responses.getNodeType().toString().toLowerCase(java.util.Locale.ROOT))
              + ") for method tasks/update");
    }
    return MethodResult.of(Json.object());
  }

  private static MethodResult removed(McpCall call, String instead) {
    throw new JsonRpcException(
            ErrorCodes.METHOD_NOT_FOUND,
            "Method not found: '"
                + call.request().method()
                + "' was removed by the tasks extension (SEP-2663); "
                + instead)
        .withHttpStatus(404);
  }

  private static String shortened(String id) {
    return id.length() > 64 ? id.substring(0, 64) + "…" : id;
  }

  /** The caller's task named by {@code params.taskId}, after the extension check. */
  private TaskState owned(McpCall call) {
    String method = call.request().method();
    if (!TaskErrors.declaresExtension(call)) {
      throw TaskErrors.missingExtension(method);
    }
    JsonNode id = call.request().params().get("taskId");
    if (id == null || !id.isTextual()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: 'taskId' must be a string for method " + method);
    }
    return tasks
        .findOwned(id.textValue(), call)
        .orElseThrow(
            () ->
                new JsonRpcException(
                    ErrorCodes.INVALID_PARAMS,
                    "Invalid params: no task '"
                        + shortened(id.textValue())
                        + "' (it never existed, it expired, or another caller created it) for"
                        + " method "
                        + method));
  }
}
