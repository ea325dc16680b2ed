package dev.jaxrsmcp.micrometer;

import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.ReceiverContext;
import java.util.Map;
import java.util.Optional;

/**
 * What an observation of one MCP operation knows, for an {@link McpOperationConvention}. The
 * carrier is the request's {@code params._meta}: a client that sends {@code traceparent} there (as
 * the conventions ask) becomes the parent of the operation's span; without it, the span is a child
 * of whatever span is current, such as the HTTP server's span of the {@code POST /mcp}.
 *
 * <p>The outcome ({@link #errorType()}, {@link #jsonRpcCode()}) is known when the observation
 * stops, which is when conventions are asked for tags again.
 */
public final class McpOperationContext extends ReceiverContext<Map<String, String>> {
  private final String method;
  private String protocolVersion;
  private String toolName;
  private String resourceUri;
  private String resourceTemplate;
  private String sessionId;
  private String requestId;
  private String route;
  private String caller;
  private Integer routeStatus;
  private String errorType;
  private Integer jsonRpcCode;
  private long bytes;

  McpOperationContext(String method, Map<String, String> meta) {
    super((carrier, key) -> carrier.get(key), Kind.SERVER);
    this.method = method;
    setCarrier(meta);
  }

  /** The JSON-RPC method, for example {@code resources/read}. */
  public String method() {
    return method;
  }

  /** The protocol version the request declared. */
  public Optional<String> protocolVersion() {
    return Optional.ofNullable(protocolVersion);
  }

  /** The tool a {@code tools/call} names. */
  public Optional<String> toolName() {
    return Optional.ofNullable(toolName);
  }

  /** The concrete resource URI the request names (high cardinality). */
  public Optional<String> resourceUri() {
    return Optional.ofNullable(resourceUri);
  }

  /** The resource's URI template, or its URI when it is not a template (low cardinality). */
  public Optional<String> resourceTemplate() {
    return Optional.ofNullable(resourceTemplate);
  }

  /** The legacy-era session. */
  public Optional<String> sessionId() {
    return Optional.ofNullable(sessionId);
  }

  /** The JSON-RPC request id, as text; empty for a notification. */
  public Optional<String> requestId() {
    return Optional.ofNullable(requestId);
  }

  /** The route that ran in place, for example {@code GET /widgets/42/state}. */
  public Optional<String> route() {
    return Optional.ofNullable(route);
  }

  /** The HTTP status the route (or the application's filters) answered, once it did. */
  public Optional<Integer> routeStatus() {
    return Optional.ofNullable(routeStatus);
  }

  /** The principal's name, or {@code anonymous}, once the application's filters ran. */
  public Optional<String> caller() {
    return Optional.ofNullable(caller);
  }

  /** The class of error the operation ended with; empty when it succeeded. */
  public Optional<String> errorType() {
    return Optional.ofNullable(errorType);
  }

  /** The JSON-RPC error code of the response; empty when there was none. */
  public Optional<Integer> jsonRpcCode() {
    return Optional.ofNullable(jsonRpcCode);
  }

  /** The bytes of the response body written, once it ended. */
  public long bytes() {
    return bytes;
  }

  void protocolVersion(String value) {
    protocolVersion = value;
  }

  void toolName(String value) {
    toolName = value;
  }

  void resourceUri(String value) {
    resourceUri = value;
  }

  void resourceTemplate(String value) {
    resourceTemplate = value;
  }

  void sessionId(String value) {
    sessionId = value;
  }

  void requestId(String value) {
    requestId = value;
  }

  void route(String value) {
    route = value;
  }

  void caller(String value) {
    caller = value;
  }

  void routeStatus(Integer value) {
    routeStatus = value;
  }

  void errorType(String value) {
    errorType = value;
  }

  void jsonRpcCode(Integer value) {
    jsonRpcCode = value;
  }

  void bytes(long value) {
    bytes = value;
  }
}
