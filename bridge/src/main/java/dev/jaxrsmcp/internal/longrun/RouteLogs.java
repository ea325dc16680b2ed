package dev.jaxrsmcp.internal.longrun;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.logging.LogLevels;
import dev.jaxrsmcp.internal.logging.RouteLog;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.McpCall;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where a long-running read's log messages go: on its SSE stream, at the level the client asked for
 * (the legacy session's {@code logging/setLevel}, or the modern request's {@code _meta}); for a
 * client that accepts no stream, nowhere.
 */
final class RouteLogs {
  private RouteLogs() {}

  static RouteLog of(
      McpCall call,
      Optional<McpContext.LogLevel> sessionLevel,
      boolean acceptsEventStream,
      Consumer<ObjectNode> stream) {
    if (!acceptsEventStream) {
      return RouteLog.OFF;
    }
    Optional<McpContext.LogLevel> level =
        call.era() == Era.MODERN ? LogLevels.requested(call.request()) : sessionLevel;
    return RouteLog.to(level, stream);
  }
}
