package dev.jaxrsmcp.observe;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What an MCP operation is, as it starts (see {@link McpObserver}): the names are those of the
 * OpenTelemetry semantic conventions for MCP where they have one. Values a client sent (URIs, tool
 * names, ids) are cut at 512 characters. Concrete URIs are for spans and logs, not metric tags: the
 * low-cardinality template of a read is in its {@link McpOutcome#template()}.
 *
 * @param kind a request, a notification, a listen stream, a legacy session or a task's run
 * @param method the JSON-RPC method ({@code mcp.method.name}), for example {@code resources/read};
 *     the HTTP method ({@code GET}, {@code DELETE}, {@code POST}) for a request that is no JSON-RPC
 *     message (a session's stream, its end, a body that does not parse); {@code session} for a
 *     session
 * @param protocolVersion the MCP revision the client declared ({@code mcp.protocol.version})
 * @param sessionId the legacy session ({@code mcp.session.id})
 * @param requestId the JSON-RPC id as JSON, {@code 7} or {@code "a"} ({@code jsonrpc.request.id})
 * @param resourceUri the resource URI the message names ({@code mcp.resource.uri})
 * @param toolName the tool a {@code tools/call} names ({@code gen_ai.tool.name})
 * @param traceContext the W3C trace context the client put in the request's {@code params._meta},
 *     as the conventions ask ({@code traceparent}, {@code tracestate}, {@code baggage}; those
 *     present, each at most 512 characters): a tracer's propagator extracts the operation's remote
 *     parent from it
 */
public record McpOperation(
    Kind kind,
    String method,
    Optional<String> protocolVersion,
    Optional<String> sessionId,
    Optional<String> requestId,
    Optional<String> resourceUri,
    Optional<String> toolName,
    Map<String, String> traceContext) {

  /** An operation whose request carried no trace context. */
  public McpOperation(
      Kind kind,
      String method,
      Optional<String> protocolVersion,
      Optional<String> sessionId,
      Optional<String> requestId,
      Optional<String> resourceUri,
      Optional<String> toolName) {
    this(kind, method, protocolVersion, sessionId, requestId, resourceUri, toolName, Map.of());
  }

  /** What kind of operation it is. */
  public enum Kind {
    /** A JSON-RPC request: it has an id and an answer. */
    REQUEST,
    /** A JSON-RPC notification (or a client's response): acknowledged with 202. */
    NOTIFICATION,
    /** A modern {@code subscriptions/listen}: ends when its stream closes. */
    LISTEN,
    /**
     * A legacy session, from {@code initialize} to its end: {@code mcp.server.session.duration}.
     */
    SESSION,
    /**
     * A task's run in the background, from its route's start (on the task's thread, inside the
     * scope of the {@code tools/call} that created it) to its end: completed, failed or cancelled
     * (error type {@code cancelled}). Its method, ids, URI and tool are the creating call's.
     */
    TASK
  }

  public McpOperation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(protocolVersion, "protocolVersion");
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(requestId, "requestId");
    Objects.requireNonNull(resourceUri, "resourceUri");
    Objects.requireNonNull(toolName, "toolName");
    traceContext = Map.copyOf(traceContext);
  }

  /** {@code network.transport}: MCP over HTTP runs on TCP. */
  public String networkTransport() {
    return "tcp";
  }

  /**
   * The span name the conventions give: the method, then the tool or resource it targets ({@code
   * tools/call lookup}, {@code resources/read app://people/1}), else the method alone.
   */
  public String spanName() {
    Optional<String> target = toolName.isPresent() ? toolName : resourceUri;
    return target.map(t -> method + " " + t).orElse(method);
  }
}
