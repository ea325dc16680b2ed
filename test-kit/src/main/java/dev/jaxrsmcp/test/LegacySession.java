package dev.jaxrsmcp.test;

import java.util.Optional;

/** One legacy session of a {@link McpTestClient}: started by its first request, at most once. */
final class LegacySession {
  /** A started session: its id, negotiated version and the {@code initialize} answer. */
  record Started(String id, String version, McpResponse initialize) {}

  private Optional<Started> started = Optional.empty(); // guarded by this

  /**
   * The session, running {@code initialize} and {@code notifications/initialized} the first time.
   * An {@code initialize} refused with HTTP 401 or 403 throws {@link HandshakeRefused} and starts
   * nothing: the next call tries again, as a client would.
   */
  synchronized Started start(Sender client) {
    if (started.isPresent()) {
      return started.get();
    }
    McpResponse init = client.initialize();
    if (init.status() == 401 || init.status() == 403) {
      throw new HandshakeRefused(init);
    }
    Optional<String> id = init.header("Mcp-Session-Id");
    if (init.status() != 200 || id.isEmpty() || !init.result().isObject()) {
      throw new AssertionError(
          "expected initialize to start a session (HTTP 200, a result and Mcp-Session-Id), but "
              + init);
    }
    String version = init.result().path("protocolVersion").asText("2025-11-25");
    client.initialized(id.get(), version);
    Started session = new Started(id.get(), version, init);
    started = Optional.of(session);
    return session;
  }

  /** The session, if it started. */
  synchronized Optional<Started> ifStarted() {
    return started;
  }
}
