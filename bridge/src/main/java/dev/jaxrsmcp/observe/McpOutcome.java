package dev.jaxrsmcp.observe;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How an MCP operation ended (see {@link McpObserver.Operation#ended}).
 *
 * @param httpStatus the status of the MCP response (200 for most answers, JSON-RPC errors
 *     included); 0 for a session
 * @param errorCode the JSON-RPC error code the answer carried, if it was an error
 * @param routeStatus the HTTP status of the route a read or tool call ran in place (404 for a
 *     missing person, 403 for a refused caller), when it ran or was refused by the application's
 *     filters
 * @param errorType {@code error.type} of the conventions, when the operation failed: the class of
 *     the exception the route threw, else the JSON-RPC error code ({@code -32602}), else {@code
 *     tool_error} for a tool result with {@code isError}, else the route's HTTP status ({@code
 *     404})
 * @param caller the principal's name the application's filters set, else {@code anonymous}
 * @param route the route that ran in place: method, path and query ({@code GET /people/1})
 * @param template the low-cardinality name of what was read, for metric tags: the MCP URI template
 *     of a read through a template ({@code app://people/{id}}), the URI of a fixed resource, the
 *     tool's name
 * @param bytes the bytes of the MCP response's body written (0 for a session)
 * @param duration from the start to the end of the operation
 */
public record McpOutcome(
    int httpStatus,
    Optional<Integer> errorCode,
    Optional<Integer> routeStatus,
    Optional<String> errorType,
    String caller,
    Optional<String> route,
    Optional<String> template,
    long bytes,
    Duration duration) {

  public McpOutcome {
    Objects.requireNonNull(errorCode, "errorCode");
    Objects.requireNonNull(routeStatus, "routeStatus");
    Objects.requireNonNull(errorType, "errorType");
    Objects.requireNonNull(caller, "caller");
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(template, "template");
    Objects.requireNonNull(duration, "duration");
  }

  /** Whether the operation failed ({@link #errorType()} is present). */
  public boolean failed() {
    return errorType.isPresent();
  }
}
