package dev.jaxrsmcp.test.internal;

/** The two MCP eras the kit speaks, each with the protocol version it asks for. */
public enum Era {
  /**
   * Revision 2026-07-28: stateless requests carrying their version in headers and {@code _meta}.
   */
  MODERN("2026-07-28"),
  /** Revision 2025-11-25: {@code initialize}, then every request on an {@code Mcp-Session-Id}. */
  LEGACY("2025-11-25");

  private final String version;

  Era(String version) {
    this.version = version;
  }

  /** The protocol version the kit requests in this era. */
  public String version() {
    return version;
  }

  @Override
  public String toString() {
    return name().toLowerCase(java.util.Locale.ROOT) + " " + version;
  }
}
