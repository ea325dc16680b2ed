package dev.jaxrsmcp.internal.protocol;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a route answered to an in-process GET.
 *
 * @param status the HTTP status code
 * @param reason the status line's reason phrase, for example {@code Forbidden}
 * @param mediaType the response's {@code Content-Type}; empty when it had none
 * @param headers the response headers, names in lower case (of a read taken in place, those of
 *     {@link #READ_HEADERS})
 * @param body the entity bytes
 * @param guardRejected true when Jersey routed the request to another method than the one the URI
 *     matched and the bridge stopped it
 */
public record RouteResponse(
    int status,
    String reason,
    Optional<String> mediaType,
    Map<String, List<String>> headers,
    byte[] body,
    boolean guardRejected) {

  /**
   * The route headers the bridge reads, in lower case: what a response keeps when its route's
   * answer is taken in place (the status line, type and body aside).
   */
  public static final List<String> READ_HEADERS =
      List.of(
          "content-length", "last-modified", "cache-control", "www-authenticate", "retry-after");

  public RouteResponse {
    headers = Map.copyOf(headers);
  }

  /** The same response with another body. */
  public RouteResponse withBody(byte[] bytes) {
    return new RouteResponse(status, reason, mediaType, headers, bytes, guardRejected);
  }

  /** The first value of a header (name in any case). */
  public Optional<String> header(String name) {
    List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }
}
