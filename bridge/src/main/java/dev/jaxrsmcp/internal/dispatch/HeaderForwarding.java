package dev.jaxrsmcp.internal.dispatch;

import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which headers of the MCP request reach the route (contract section 7): all but hop-by-hop
 * headers, those the {@code Connection} header names, {@code Host}, {@code Content-*}, {@code
 * Accept} and {@code Accept-Encoding} (the bridge sets its own), {@code Mcp-*} and {@code
 * Last-Event-ID}.
 */
final class HeaderForwarding {
  private static final Set<String> DROPPED =
      Set.of(
          "connection",
          "keep-alive",
          "proxy-authenticate",
          "proxy-authorization",
          "proxy-connection",
          "te",
          "trailer",
          "transfer-encoding",
          "upgrade",
          "host",
          "accept",
          "accept-encoding",
          "last-event-id",
          "expect");

  private HeaderForwarding() {}

  static Map<String, List<String>> forwarded(MultivaluedMap<String, String> headers) {
    List<String> named = new ArrayList<>();
    for (String value : headers.getOrDefault("Connection", List.of())) {
      for (String token : value.split(",")) {
        named.add(token.trim().toLowerCase(Locale.ROOT));
      }
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      String name = header.getKey().toLowerCase(Locale.ROOT);
      if (DROPPED.contains(name)
          || named.contains(name)
          || name.startsWith("content-")
          || name.startsWith("mcp-")) {
        continue;
      }
      out.put(header.getKey(), List.copyOf(header.getValue()));
    }
    return out;
  }
}
