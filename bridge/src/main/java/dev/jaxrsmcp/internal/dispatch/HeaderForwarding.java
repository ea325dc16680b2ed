package dev.jaxrsmcp.internal.dispatch;

import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which headers of the MCP request reach the route (contract section 7). Always withheld:
 * hop-by-hop headers and those the {@code Connection} header names, {@code Host}, {@code
 * Content-*}, {@code Accept} and {@code Accept-Encoding} (the bridge sets its own), {@code Expect},
 * {@code Mcp-*} and {@code Last-Event-ID}. On top of that, the application's lists: when the
 * allow-list is not empty only the headers it names pass, and the deny-list removes more. Names are
 * compared without case; an entry ending in {@code *} matches every name with that prefix.
 * Thread-safe: the lists are immutable, and the verdict on the first {@value #REMEMBERED_NAMES}
 * distinct header names is remembered.
 */
public final class HeaderForwarding {
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

  /** Forwards everything but the headers always withheld. */
  public static final HeaderForwarding DEFAULT = new HeaderForwarding(Set.of(), Set.of());

  /** How many distinct header names have their verdict remembered. */
  private static final int REMEMBERED_NAMES = 256;

  private final List<String> allowed;
  private final List<String> denied;
  private final Map<String, Boolean> verdicts = new ConcurrentHashMap<>();

  /**
   * @param allowed the allow-list; empty allows every header not always withheld
   * @param denied the deny-list
   */
  public HeaderForwarding(Set<String> allowed, Set<String> denied) {
    this.allowed = lower(allowed);
    this.denied = lower(denied);
  }

  /** The headers the route sees, in the order the request had them. */
  Map<String, List<String>> forwarded(Map<String, List<String>> headers) {
    List<String> named = connectionNamed(headers);
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (passes(header.getKey(), named)) {
        out.put(header.getKey(), List.copyOf(header.getValue()));
      }
    }
    return out;
  }

  /**
   * Removes from {@code headers}, in place, every header the route does not see.
   *
   * @param headers a request's headers, in a map whose keys compare without case (Jersey's)
   */
  void retainForwarded(MultivaluedMap<String, String> headers) {
    List<String> connection = headers.get("connection");
    List<String> named = connection == null ? List.of() : tokens(connection, new ArrayList<>());
    // Most of an MCP request's headers are withheld. Removing them one by one costs a lower-case
    // copy of each name (Jersey's map hashes that way); clearing the map and putting back the few
    // that pass costs it only for those, and keeps their order.
    List<String> names = new ArrayList<>();
    List<List<String>> values = new ArrayList<>();
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (passes(header.getKey(), named)) {
        names.add(header.getKey());
        values.add(header.getValue());
      }
    }
    if (names.size() == headers.size()) {
      return;
    }
    headers.clear();
    for (int i = 0; i < names.size(); i++) {
      headers.put(names.get(i), values.get(i));
    }
  }

  private boolean passes(String headerName, List<String> connectionNamed) {
    return permits(headerName)
        && (connectionNamed.isEmpty()
            || !connectionNamed.contains(headerName.toLowerCase(Locale.ROOT)));
  }

  /** The header names the {@code Connection} header lists (hop-by-hop, never forwarded). */
  private static List<String> connectionNamed(Map<String, List<String>> headers) {
    List<String> named = new ArrayList<>();
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (header.getKey().equalsIgnoreCase("Connection")) {
        tokens(header.getValue(), named);
      }
    }
    return named;
  }

  /** Adds the names {@code values} (of {@code Connection} headers) list, in lower case. */
  private static List<String> tokens(List<String> values, List<String> named) {
    for (String value : values) {
      for (String token : value.split(",")) {
        named.add(token.trim().toLowerCase(Locale.ROOT));
      }
    }
    return named;
  }

  /**
   * Whether a header of this name may reach the route (the {@code Connection} header aside); also
   * asked for the trace headers taken from {@code _meta}.
   */
  boolean permits(String headerName) {
    Boolean known = verdicts.get(headerName);
    if (known != null) {
      return known;
    }
    boolean permitted = decide(headerName.toLowerCase(Locale.ROOT));
    if (verdicts.size() < REMEMBERED_NAMES) {
      verdicts.put(headerName, permitted);
    }
    return permitted;
  }

  private boolean decide(String name) {
    return !DROPPED.contains(name)
        && !name.startsWith("content-")
        && !name.startsWith("mcp-")
        && (allowed.isEmpty() || matches(allowed, name))
        && !matches(denied, name);
  }

  private static boolean matches(List<String> patterns, String name) {
    for (String pattern : patterns) {
      if (pattern.endsWith("*")
          ? name.startsWith(pattern.substring(0, pattern.length() - 1))
          : name.equals(pattern)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> lower(Set<String> names) {
    return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
  }
}
