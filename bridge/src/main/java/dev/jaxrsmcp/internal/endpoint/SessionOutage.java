package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.sharedsessions.SessionStoreUnavailableException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The answer to a {@code DELETE} while the shared session store cannot be reached. */
final class SessionOutage {
  private SessionOutage() {}

  static JsonRpcException notEnded(SessionStoreUnavailableException e) {
    return new JsonRpcException(
        ErrorCodes.INTERNAL_ERROR,
        "Service Unavailable: the session store ("
            + e.store()
            + ") cannot be reached, so the session cannot be ended on every instance; it was not"
            + " ended; send DELETE again later",
        Optional.empty(),
        503,
        Map.of("Retry-After", List.of("5")));
  }
}
