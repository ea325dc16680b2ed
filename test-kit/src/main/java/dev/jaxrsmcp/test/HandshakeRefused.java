package dev.jaxrsmcp.test;

/**
 * A legacy session whose {@code initialize} was refused with HTTP 401 or 403, typically by
 * authentication in front of the endpoint (a servlet filter, a proxy). Calls that return an {@link
 * McpResponse} catch it and answer with the refusal; calls that cannot (streams) fail with it.
 */
final class HandshakeRefused extends AssertionError {
  private static final long serialVersionUID = 1L;

  @SuppressWarnings("serial") // never serialized: thrown and caught inside one test run
  private final McpResponse answer;

  HandshakeRefused(McpResponse answer) {
    super(
        "expected initialize to start a session (HTTP 200, a result and Mcp-Session-Id), but it"
            + " was refused: "
            + answer);
    this.answer = answer;
  }

  /** The server's answer to {@code initialize}. */
  McpResponse answer() {
    return answer;
  }
}
