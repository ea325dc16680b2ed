package dev.jaxrsmcp.internal.observe;

import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.observe.McpOperation;
import dev.jaxrsmcp.observe.McpOutcome;
import java.time.Instant;
import java.util.Optional;

/**
 * The bridge's access record: one line per MCP operation, when it ended, at {@code INFO} in the
 * logger {@link #LOGGER} (docs/observability.md names the fields). Costs one level check per
 * operation when that logger is off.
 *
 * <pre>{@code
 * 2026-12-03T09:40:01.123Z alice 2026-07-28 session=- resources/read app://people/1 id=7 route="GET /people/1" outcome=200 route_status=200 error=- ms=3 bytes=245
 * }</pre>
 */
public final class AccessRecord implements McpObserver {
  /** The logger's name. */
  public static final String LOGGER = "dev.jaxrsmcp.access";

  /** Whether the record is written at all: its logger takes {@code INFO}. */
  public static boolean enabled() {
    return AccessLines.enabled();
  }

  /** While its logger takes {@code INFO}: turned off at run time, it costs nothing more. */
  @Override
  public boolean isEnabled() {
    return enabled();
  }

  @Override
  public Operation started(McpOperation operation) {
    if (!enabled()) {
      return Operation.NONE;
    }
    Instant time = Instant.now();
    return new Operation() {
      @Override
      public void ended(McpOutcome outcome) {
        AccessLines.write(line(time, operation, outcome));
      }
    };
  }

  /** The record's line. */
  static String line(Instant time, McpOperation operation, McpOutcome outcome) {
    StringBuilder line = new StringBuilder(160);
    line.append(time)
        .append(' ')
        .append(outcome.caller())
        .append(' ')
        .append(operation.protocolVersion().orElse("-"))
        .append(" session=")
        .append(operation.sessionId().orElse("-"))
        .append(' ')
        .append(
            switch (operation.kind()) {
              case SESSION -> "session";
              case TASK -> "task";
              default -> orDash(operation.method());
            });
    Optional<String> target = operation.toolName().or(operation::resourceUri);
    line.append(' ').append(target.orElse("-"));
    line.append(" id=").append(operation.requestId().orElse("-"));
    line.append(" route=");
    if (outcome.route().isPresent()) {
      line.append('"').append(outcome.route().get()).append('"');
    } else {
      line.append('-');
    }
    line.append(" outcome=")
        .append(
            outcome.errorCode().map(String::valueOf).orElse(String.valueOf(outcome.httpStatus())));
    line.append(" route_status=").append(outcome.routeStatus().map(String::valueOf).orElse("-"));
    line.append(" error=").append(outcome.errorType().orElse("-"));
    line.append(" ms=").append(outcome.duration().toMillis());
    line.append(" bytes=").append(outcome.bytes());
    return line.toString();
  }

  private static String orDash(String value) {
    return value.isEmpty() ? "-" : value;
  }
}
