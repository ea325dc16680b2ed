package dev.jaxrsmcp.micrometer;

import dev.jaxrsmcp.micrometer.McpObservationDocumentation.OperationHighCardinalityKeys;
import dev.jaxrsmcp.micrometer.McpObservationDocumentation.OperationLowCardinalityKeys;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;

/**
 * The OpenTelemetry semantic conventions for an MCP server operation: the observation {@code
 * mcp.server.operation.duration} (so the timer and histogram have that name), the span name {@code
 * {mcp.method.name} {target}} where the target is the tool's name, and the keys of {@link
 * McpObservationDocumentation#OPERATION}.
 *
 * <p>A concrete resource URI is never a tag and, by default, not in the span name either (it is on
 * the span as {@code mcp.resource.uri}); {@code new DefaultMcpOperationConvention(true)} names read
 * spans {@code resources/read app://widgets/42/state}, as the conventions allow on request.
 */
public class DefaultMcpOperationConvention implements McpOperationConvention {
  /** The observation's name: the conventions' metric name. */
  public static final String NAME = "mcp.server.operation.duration";

  static final String NONE = "none";

  private final boolean resourceUriInSpanName;

  /** The conventions' defaults: no URI in span names. */
  public DefaultMcpOperationConvention() {
    this(false);
  }

  /**
   * @param resourceUriInSpanName whether a span of an operation that names a resource is named
   *     after its URI ({@code resources/read app://widgets/42/state}); the URI makes span names
   *     high-cardinality, which some tracing backends charge for
   */
  public DefaultMcpOperationConvention(boolean resourceUriInSpanName) {
    this.resourceUriInSpanName = resourceUriInSpanName;
  }

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getContextualName(McpOperationContext context) {
    if (context.toolName().isPresent()) {
      return context.method() + " " + context.toolName().get();
    }
    if (resourceUriInSpanName && context.resourceUri().isPresent()) {
      return context.method() + " " + context.resourceUri().get();
    }
    return context.method();
  }

  @Override
  public KeyValues getLowCardinalityKeyValues(McpOperationContext context) {
    return KeyValues.of(
        KeyValue.of(OperationLowCardinalityKeys.METHOD, context.method()),
        KeyValue.of(
            OperationLowCardinalityKeys.PROTOCOL_VERSION, context.protocolVersion().orElse(NONE)),
        KeyValue.of(OperationLowCardinalityKeys.TOOL_NAME, context.toolName().orElse(NONE)),
        KeyValue.of(
            OperationLowCardinalityKeys.OPERATION_NAME,
            context.toolName().isPresent() ? "execute_tool" : NONE),
        KeyValue.of(
            OperationLowCardinalityKeys.RESOURCE_TEMPLATE, context.resourceTemplate().orElse(NONE)),
        KeyValue.of(OperationLowCardinalityKeys.ERROR_TYPE, context.errorType().orElse(NONE)),
        KeyValue.of(
            OperationLowCardinalityKeys.RESPONSE_STATUS_CODE,
            context.jsonRpcCode().map(String::valueOf).orElse(NONE)),
        KeyValue.of(OperationLowCardinalityKeys.NETWORK_TRANSPORT, "tcp"),
        KeyValue.of(OperationLowCardinalityKeys.NETWORK_PROTOCOL_NAME, "http"));
  }

  @Override
  public KeyValues getHighCardinalityKeyValues(McpOperationContext context) {
    KeyValues values = KeyValues.empty();
    values =
        with(values, OperationHighCardinalityKeys.RESOURCE_URI, context.resourceUri().orElse(null));
    values =
        with(values, OperationHighCardinalityKeys.SESSION_ID, context.sessionId().orElse(null));
    values =
        with(values, OperationHighCardinalityKeys.REQUEST_ID, context.requestId().orElse(null));
    values = with(values, OperationHighCardinalityKeys.ROUTE, context.route().orElse(null));
    values =
        with(
            values,
            OperationHighCardinalityKeys.ROUTE_STATUS,
            context.routeStatus().map(String::valueOf).orElse(null));
    return with(values, OperationHighCardinalityKeys.CALLER, context.caller().orElse(null));
  }

  private static KeyValues with(KeyValues values, OperationHighCardinalityKeys key, String value) {
    return value == null ? values : values.and(KeyValue.of(key, value));
  }
}
