package dev.jaxrsmcp.demo.interop;

import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Records the HTTP requests an SDK client sends, as its transport hands them to the request
 * customizer (after setting its own headers), so that a test can check what went over the wire.
 */
final class SentRequests {
  /** One request: its HTTP method, its headers and its JSON body, if any. */
  record Sent(String method, HttpHeaders headers, Optional<String> body) {
    Optional<String> header(String name) {
      return headers.firstValue(name);
    }

    Optional<String> sessionId() {
      return header("Mcp-Session-Id");
    }

    Optional<String> protocolVersion() {
      return header("MCP-Protocol-Version");
    }
  }

  private final List<Sent> sent = new CopyOnWriteArrayList<>();

  void record(String method, HttpHeaders headers, String body) {
    sent.add(new Sent(method, headers, Optional.ofNullable(body)));
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
