package dev.jaxrsmcp.internal.eras;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.sharedsessions.SessionStoreUnavailableException;
import dev.jaxrsmcp.internal.sharedsessions.TooManySessionsException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answers of the legacy era when a session cannot be had: capacity (a session limit or quota)
 * and an unreachable shared store, both HTTP 503 with {@code Retry-After}, in the form every
 * capacity limit of the endpoint uses.
 */
final class SessionRefusals {
  /** Seconds a refused client waits before it tries again (as for the listen limit). */
  static final String RETRY_AFTER_SECONDS = "5";

  private SessionRefusals() {}

  /**
   * HTTP 503 naming the limit. {@code Retry-After} says when a place may be free where that can be
   * told (the limit in all: when the first idle session expires); at a caller's own limit every one
   * of its sessions is in use (an idle one would have been ended to make room), so no time is
   * given.
   */
  static JsonRpcException tooMany(TooManySessionsException e) {
    String message =
        switch (e.scope()) {
          case ALL ->
              "Too many sessions: at most "
                  + e.limit()
                  + " may be open at once (maxSessions); end unused sessions with DELETE or try"
                  + " again later";
          case CALLER ->
              "Too many sessions for this caller: at most "
                  + e.limit()
                  + " sessions of one caller may be open at once (maxSessionsPerCaller), and every"
                  + " one of them is in use; end one with DELETE";
          case ANONYMOUS ->
              "Too many sessions of unauthenticated callers: at most "
                  + e.limit()
                  + " may be open at once for all callers without credentials together"
                  + " (maxAnonymousSessions), and every one of them is in use; authenticate, or try"
                  + " again later";
        };
    Map<String, List<String>> headers =
        e.retryAfter()
            .map(d -> Map.of("Retry-After", List.of(Long.toString(Math.max(1, seconds(d))))))
            .orElse(Map.of());
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, message, Optional.empty(), 503, headers);
  }

  private static long seconds(java.time.Duration d) {
    return (d.toMillis() + 999) / 1000;
  }

  static JsonRpcException storeUnavailable(SessionStoreUnavailableException e, String consequence) {
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        "Service Unavailable: the session store ("
            + e.store()
            + ") cannot be reached, so "
            + consequence
            + "; try again later",
        Optional.empty(),
        503,
        Map.of("Retry-After", List.of(RETRY_AFTER_SECONDS)));
  }
}
