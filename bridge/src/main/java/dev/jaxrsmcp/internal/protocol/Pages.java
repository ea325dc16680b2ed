package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * Cursor pagination of list results (MCP pagination utility): pages of a fixed size over a list in
 * a stable order, with an opaque cursor that names where the next page starts. A cursor this server
 * did not give out is refused with {@code -32602}.
 */
final class Pages {
  private static final String PREFIX = "jaxrs-mcp/v1/";

  private Pages() {}

  /**
   * Puts the page the request's {@code cursor} asks for into {@code body} under {@code member}, and
   * {@code nextCursor} when more follow.
   */
  static <T> List<T> page(List<T> all, McpCall call, int size, ObjectNode body) {
    int from = start(call.request().params().get("cursor"), all.size());
    int to = Math.min(all.size(), from + size);
    if (to < all.size()) {
      body.put("nextCursor", cursor(to));
    }
    return all.subList(from, to);
  }

  static String cursor(int offset) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString((PREFIX + offset).getBytes(StandardCharsets.UTF_8));
  }

  private static int start(JsonNode cursor, int size) {
    if (cursor == null) {
      return 0;
    }
    if (!cursor.isTextual()) {
      throw invalid("'cursor' must be a string");
    }
    String text = cursor.textValue();
    try {
      String decoded = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
      if (decoded.startsWith(PREFIX)) {
        int offset = Integer.parseInt(decoded.substring(PREFIX.length()));
        if (offset > 0 && offset <= size) {
          return offset;
        }
      }
    } catch (IllegalArgumentException e) {
      // Falls through to the error below (NumberFormatException is one too).
    }
    throw new JsonRpcException(
        ErrorCodes.INVALID_PARAMS,
        "Invalid params: cursor '" + abbreviate(text) + "' is not one this server gave out",
        Json.object().put("cursor", abbreviate(text)));
  }

  private static String abbreviate(String text) {
    return text.length() <= 64 ? text : text.substring(0, 64) + "…";
  }

  private static JsonRpcException invalid(String why) {
    return new JsonRpcException(ErrorCodes.INVALID_PARAMS, "Invalid params: " + why);
  }
}
