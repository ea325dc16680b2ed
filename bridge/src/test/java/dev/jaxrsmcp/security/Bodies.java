package dev.jaxrsmcp.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.testing.Mcp;
import java.util.Map;

/** Request bodies of both eras, as text. */
final class Bodies {
  static final String LEGACY_VERSION = "2025-11-25";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Bodies() {}

  /** A modern request (with the per-request _meta). */
  static String modern(int id, String method, Map<String, ?> params) {
    return Mcp.body(id, method, params).toString();
  }

  /** A legacy message; {@code id == null} makes a notification. */
  static String legacy(Integer id, String method, Map<String, ?> params) {
    ObjectNode body = MAPPER.createObjectNode().put("jsonrpc", "2.0");
    if (id != null) {
      body.put("id", id);
    }
    body.put("method", method);
    if (params != null) {
      body.set("params", MAPPER.valueToTree(params));
    }
    return body.toString();
  }

  static String initialize() {
    return legacy(
        1,
        "initialize",
        Map.of(
            "protocolVersion",
            LEGACY_VERSION,
            "capabilities",
            Map.of(),
            "clientInfo",
            Map.of("name", "security-test", "version", "1")));
  }
}
