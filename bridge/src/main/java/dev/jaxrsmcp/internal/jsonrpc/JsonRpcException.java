package dev.jaxrsmcp.internal.jsonrpc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A request that ends in a JSON-RPC error. Thrown anywhere below the transport; turned into an
 * error response in exactly one place (the transport edge). Carries the HTTP status the response
 * must have (200 unless the transport rules say otherwise) and any HTTP headers it must carry.
 */
public final class JsonRpcException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int code;
  private final transient Optional<ObjectNode> data;
  private final int httpStatus;
  private final Map<String, List<String>> httpHeaders;

  public JsonRpcException(int code, String message) {
    this(code, message, Optional.empty(), 200, Map.of());
  }

  public JsonRpcException(int code, String message, ObjectNode data) {
    this(code, message, Optional.of(data), 200, Map.of());
  }

  public JsonRpcException(
      int code,
      String message,
      Optional<ObjectNode> data,
      int httpStatus,
      Map<String, List<String>> httpHeaders) {
    super(message, null, false, false);
    this.code = code;
    this.data = data;
    this.httpStatus = httpStatus;
    this.httpHeaders = Map.copyOf(httpHeaders);
  }

  /** A copy answered with another HTTP status. */
  public JsonRpcException withHttpStatus(int status) {
    return new JsonRpcException(code, getMessage(), data, status, httpHeaders);
  }

  public int code() {
    return code;
  }

  public Optional<ObjectNode> data() {
    return data;
  }

  public int httpStatus() {
    return httpStatus;
  }

  public Map<String, List<String>> httpHeaders() {
    return httpHeaders;
  }

  /**
   * {@code -32602} for one argument of a tool or prompt: the message {@code Invalid params: why},
   * the data {@code {"<kind>": name, "argument": argument}}.
   *
   * @param kind {@code tool} or {@code prompt}
   */
  public static JsonRpcException invalidArgument(
      String kind, String name, String argument, String why) {
    return new JsonRpcException(
        ErrorCodes.INVALID_PARAMS,
        "Invalid params: " + why,
        Json.object().put(kind, name).put("argument", argument));
  }
}
