package dev.jaxrsmcp.micrometer;

import io.micrometer.observation.Observation;
import java.util.Optional;

/** What an observation of a legacy-era session knows, for an {@link McpSessionConvention}. */
public final class McpSessionContext extends Observation.Context {
  private final String sessionId;
  private final String protocolVersion;

  McpSessionContext(String sessionId, String protocolVersion) {
    this.sessionId = sessionId;
    this.protocolVersion = protocolVersion;
  }

  /** The session id ({@code Mcp-Session-Id}). */
  public String sessionId() {
    return sessionId;
  }

  /** The protocol version the session negotiated. */
  public Optional<String> protocolVersion() {
    return Optional.ofNullable(protocolVersion);
  }
}
