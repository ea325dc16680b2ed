package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.Optional;

/**
 * A tool's {@code annotations} from HTTP semantics (RFC 9110 section 9.2), each overridable on
 * {@link McpTool}: {@code GET} (and {@code HEAD}, {@code OPTIONS}) is read-only and idempotent;
 * {@code PUT} and {@code DELETE} are idempotent; {@code DELETE} is destructive; {@code POST},
 * {@code PATCH} and any other method are neither. The hints a read-only tool's client ignores
 * ({@code destructiveHint}, {@code idempotentHint}) are left out for it unless set.
 */
final class ToolHints {
  private ToolHints() {}

  static ObjectNode of(String httpMethod, McpTool tool) {
    boolean safe =
        httpMethod.equals("GET") || httpMethod.equals("HEAD") || httpMethod.equals("OPTIONS");
    boolean readOnly = value(tool.readOnly()).orElse(safe);
    ObjectNode hints = Json.object().put("readOnlyHint", readOnly);
    Optional<Boolean> destructive = value(tool.destructive());
    Optional<Boolean> idempotent = value(tool.idempotent());
    if (!readOnly || destructive.isPresent()) {
      hints.put("destructiveHint", destructive.orElse(httpMethod.equals("DELETE")));
    }
    if (!readOnly || idempotent.isPresent()) {
      hints.put(
          "idempotentHint",
          idempotent.orElse(safe || httpMethod.equals("PUT") || httpMethod.equals("DELETE")));
    }
    value(tool.openWorld()).ifPresent(v -> hints.put("openWorldHint", v));
    return hints;
  }

  private static Optional<Boolean> value(McpTool.Hint hint) {
    return switch (hint) {
      case TRUE -> Optional.of(true);
      case FALSE -> Optional.of(false);
      case DERIVED -> Optional.empty();
    };
  }
}
