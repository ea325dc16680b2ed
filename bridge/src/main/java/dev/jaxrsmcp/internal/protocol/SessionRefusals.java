package dev.jaxrsmcp.internal.protocol;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.session.SessionStoreUnavailableException;
import dev.jaxrsmcp.internal.session.TooManySessionsException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answers of the legacy era when a session cannot be had: capacity (a session limit or quota)
 * and an unreachable shared store, both HTTP 503 with {@code Retry-After}, in the form every
 * capacity limit of the endpoint uses; and who the caller is, for the binding.
 */
final class SessionRefusals {
  /** Seconds a refused client waits before it tries again (as for the listen limit). */
  static final String RETRY_AFTER_SECONDS = "5";

  private SessionRefusals() {}

  static JsonRpcException tooMany(TooManySessionsException e) {
    String message =
        e.perCaller()
            ? "Too many sessions for this caller: at most "
                + e.limit()
                + " sessions of one caller may be open at once; end unused sessions with DELETE"
                + " or try again later"
            : "Too many sessions: at most "
                + e.limit()
                + " may be open at once; end unused sessions with DELETE or try again later";
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        message,
        Optional.empty(),
        503,
        Map.of("Retry-After", List.of(RETRY_AFTER_SECONDS)));
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

  /** The name of the principal the application's filters authenticated, if any. */
  static Optional<String> principal(Caller caller) {
    return caller.identity().principalName();
  }
}
