package dev.jaxrsmcp.internal.logging;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.context.McpContext.LogLevel;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The MCP log levels by their wire names, and the level a request asks for. */
public final class LogLevels {
  /** The modern per-request {@code _meta} member naming the lowest level the client wants. */
  public static final String META_LOG_LEVEL = "io.modelcontextprotocol/logLevel";

  private LogLevels() {}

  /** The level named {@code name} ({@code "warning"}); empty for any other text. */
  public static Optional<LogLevel> parse(String name) {
    for (LogLevel level : LogLevel.values()) {
      if (level.wireName().equals(name)) {
        return Optional.of(level);
      }
    }
    return Optional.empty();
  }

  /** Every wire name, least severe first, comma-separated (for error messages). */
  public static String names() {
    return Arrays.stream(LogLevel.values())
        .map(LogLevel::wireName)
        .collect(Collectors.joining(", "));
  }

  /**
   * The level a modern request asks for in {@code _meta}; empty when it asks for none.
   *
   * @throws JsonRpcException ({@code -32602}, HTTP 400) when the member is not a level name
   */
  public static Optional<LogLevel> requested(JsonRpcRequest request) {
    JsonNode value = request.meta().get(META_LOG_LEVEL);
    if (value == null) {
      return Optional.empty();
    }
    Optional<LogLevel> level = value.isTextual() ? parse(value.textValue()) : Optional.empty();
    if (level.isEmpty()) {
      throw new JsonRpcException(
              ErrorCodes.INVALID_PARAMS,
              "Invalid params: _meta '"
                  + META_LOG_LEVEL
                  + "' must be one of "
                  + names()
                  + " (found "
                  + value
                  + ") for method "
                  + request.method())
          .withHttpStatus(400);
    }
    return level;
  }
}
