package dev.jaxrsmcp.internal.protocol;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What an in-place request sends its route besides the URI: the HTTP method, the header arguments
 * of a tool call (on top of the caller's forwarded headers) and the JSON entity. A read is a {@code
 * GET} with neither ({@link #READ}); a call of an {@code @McpTool} route is the route's own method.
 *
 * @param httpMethod the route's HTTP method; the dispatch guard lets the request run nothing else
 * @param headers header arguments, by name, in argument order
 * @param body the entity, JSON (UTF-8); empty when the request has none
 */
public record RouteCall(String httpMethod, Map<String, String> headers, Optional<byte[]> body) {
  /** A read: {@code GET}, no header arguments, no entity. */
  public static final RouteCall READ = new RouteCall("GET", Map.of(), Optional.empty());

  public RouteCall {
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    body = body.map(b -> Arrays.copyOf(b, b.length));
  }
}
