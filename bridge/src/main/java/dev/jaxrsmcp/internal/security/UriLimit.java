package dev.jaxrsmcp.internal.security;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;

/** The URI length limit of contract section 11, checked where a request names a URI. */
public final class UriLimit {
  private UriLimit() {}

  /**
   * Refuses a URI longer than {@code max} characters.
   *
   * @param member how the request names the URI, for the message ({@code 'uri'})
   * @throws JsonRpcException {@code -32602} naming the member, the length and the limit
   */
  public static String check(String uri, int max, String member) {
    if (uri.length() > max) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: "
              + member
              + " is "
              + uri.length()
              + " characters long; at most "
              + max
              + " are allowed");
    }
    return uri;
  }
}
