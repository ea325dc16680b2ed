package dev.jaxrsmcp.micrometer;

import dev.jaxrsmcp.micrometer.McpObservationDocumentation.SessionHighCardinalityKeys;
import dev.jaxrsmcp.micrometer.McpObservationDocumentation.SessionLowCardinalityKeys;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;

/**
 * The OpenTelemetry semantic conventions for an MCP server session: the observation {@code
 * mcp.server.session.duration}, tagged with the protocol version; the session id on the span.
 */
public class DefaultMcpSessionConvention implements McpSessionConvention {
  /** The observation's name: the conventions' metric name. */
  public static final String NAME = "mcp.server.session.duration";

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getContextualName(McpSessionContext context) {
    return "mcp session";
  }

  @Override
  public KeyValues getLowCardinalityKeyValues(McpSessionContext context) {
    return KeyValues.of(
        KeyValue.of(
            SessionLowCardinalityKeys.PROTOCOL_VERSION,
            context.protocolVersion().orElse(DefaultMcpOperationConvention.NONE)),
        KeyValue.of(SessionLowCardinalityKeys.NETWORK_TRANSPORT, "tcp"));
  }

  @Override
  public KeyValues getHighCardinalityKeyValues(McpSessionContext context) {
    return KeyValues.of(KeyValue.of(SessionHighCardinalityKeys.SESSION_ID, context.sessionId()));
  }
}
