package dev.jaxrsmcp.internal.eras;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.util.List;
import java.util.Optional;

/**
 * What a legacy session keeps of the client's {@code initialize} (contract section 15: retained
 * data is bounded): of {@code capabilities} the ones a server may act on ({@code roots}, {@code
 * sampling}, {@code elicitation}, {@code tasks}), of {@code clientInfo} its {@code name}, {@code
 * version} and {@code title}; anything else the client sent is dropped, whatever its size. What is
 * kept has a size limit, answered with {@code -32602} naming it.
 */
final class ClientFacts {
  /** The capabilities kept. */
  static final List<String> CAPABILITIES = List.of("roots", "sampling", "elicitation", "tasks");

  /** The members of {@code clientInfo} kept. */
  static final List<String> INFO = List.of("name", "version", "title");

  /** The most bytes of JSON the kept capabilities may take. */
  static final int MAX_CAPABILITIES_BYTES = 4096;

  /** The most bytes of JSON the kept client info may take. */
  static final int MAX_INFO_BYTES = 1024;

  private ClientFacts() {}

  /** The kept part of {@code capabilities} (an object, or absent). */
  static ObjectNode capabilities(JsonNode capabilities) {
    ObjectNode kept = Json.object();
    if (capabilities != null) {
      for (String name : CAPABILITIES) {
        JsonNode value = capabilities.get(name);
        if (value != null && value.isObject()) {
          kept.set(name, value);
        }
      }
    }
    return limited(kept, "capabilities", CAPABILITIES, MAX_CAPABILITIES_BYTES);
  }

  /** The kept part of {@code clientInfo} (an object, or absent); empty when it was absent. */
  static Optional<ObjectNode> clientInfo(JsonNode clientInfo) {
    if (clientInfo == null) {
      return Optional.empty();
    }
    ObjectNode kept = Json.object();
    for (String name : INFO) {
      JsonNode value = clientInfo.get(name);
      if (value != null && value.isTextual()) {
        kept.set(name, value);
      }
    }
    return Optional.of(limited(kept, "clientInfo", INFO, MAX_INFO_BYTES));
  }

  private static ObjectNode limited(ObjectNode kept, String what, List<String> members, int max) {
    int size = Json.writeBytes(kept).length;
    if (size > max) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: '"
              + what
              + "' holds "
              + size
              + " bytes of JSON in "
              + String.join(", ", members)
              + "; a session keeps at most "
              + max
              + " for method initialize");
    }
    return kept;
  }
}
