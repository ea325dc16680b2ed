package dev.jaxrsmcp.examples.interop;

import java.util.Optional;

/**
 * What a caller got, in one shape for a direct {@code GET} and for an MCP read: the HTTP status
 * (for an MCP read, the status its JSON-RPC error names, 404 for "Resource not found", 200 for
 * contents), the body (the contents' text; empty for errors, whose pages differ by design) and, for
 * a 401, the {@code WWW-Authenticate} challenge.
 */
public record Outcome(int status, String body, Optional<String> challenge) {
  /** A successful read. */
  public static Outcome ok(String body) {
    return new Outcome(200, body, Optional.empty());
  }

  /** A refusal with {@code status}; the challenge kept for a 401 only. */
  public static Outcome refused(int status, Optional<String> challenge) {
    return new Outcome(status, "", status == 401 ? challenge : Optional.empty());
  }

  /** This outcome as comparable with an MCP read: error bodies dropped. */
  public Outcome comparable() {
    return status / 100 == 2 ? ok(body) : refused(status, challenge);
  }
}
