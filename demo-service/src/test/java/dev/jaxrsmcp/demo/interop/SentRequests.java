package dev.jaxrsmcp.demo.interop;

import java.net.http.HttpRequest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Records the HTTP requests an SDK client sends, as the transport hands them to its request
 * customizer (after it has set its own headers), so that a test can see the session id it used.
 */
final class SentRequests {
  /** One request: its HTTP method, the headers the tests look at, and its JSON body, if any. */
  record Sent(
      String method,
      Optional<String> sessionId,
      Optional<String> protocolVersion,
      Optional<String> authorization,
      Optional<String> body) {}

  private final List<Sent> sent = new CopyOnWriteArrayList<>();

  void record(String method, HttpRequest.Builder request, String body) {
    // build() leaves the builder usable; a copy keeps even that from touching the real request.
    HttpRequest built = request.copy().build();
    sent.add(
        new Sent(
            method,
            built.headers().firstValue("Mcp-Session-Id"),
            built.headers().firstValue("MCP-Protocol-Version"),
            built.headers().firstValue("Authorization"),
            Optional.ofNullable(body)));
  }

  /** Everything recorded so far, oldest first. */
  List<Sent> all() {
    return List.copyOf(sent);
  }

  /** The recorded requests with this HTTP method, oldest first. */
  List<Sent> withMethod(String method) {
    return sent.stream().filter(s -> s.method().equals(method)).toList();
  }

  /** The recorded POSTs whose JSON-RPC body has this method, oldest first. */
  List<Sent> posts(String jsonRpcMethod) {
    String marker = "\"method\":\"" + jsonRpcMethod + "\"";
    return withMethod("POST").stream()
        .filter(s -> s.body().map(b -> b.contains(marker)).orElse(false))
        .toList();
  }
}
