package dev.jaxrsmcp.examples.interop;

/** The two MCP protocol eras the bridge serves on one endpoint. */
public enum Era {
  /** Revision 2026-07-28: stateless, no handshake (the SDK's {@code modern} client). */
  MODERN,
  /** Revision 2025-11-25: {@code initialize} and a session (the SDK's classic client). */
  LEGACY
}
