package dev.jaxrsmcp.internal.transport;

import dev.jaxrsmcp.internal.protocol.LegacyProtocol;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Optional;

/**
 * The last request filter, for in-place reads on a legacy session bound to a principal whose client
 * came back with other binding headers (a refreshed token): by now the application's filters have
 * authenticated the request, so the session's owner can be told by principal, as for every other
 * request on the session. Another principal, or none, is refused before the route runs, with the
 * answer an unknown session gets. Every other request passes untouched.
 */
@Priority(Integer.MAX_VALUE)
public final class SessionOwnerFilter implements ContainerRequestFilter {
  @Override
  public void filter(ContainerRequestContext request) {
    if (!(request.getProperty(InPlaceRead.PROPERTY) instanceof InPlaceRead read)
        || read.ownerCheck.isEmpty()) {
      return;
    }
    if (!read.ownerCheck.get().owns(principal(request.getSecurityContext()))) {
      read.refuse(LegacyProtocol.sessionNotFound());
      request.abortWith(Response.status(Response.Status.NOT_FOUND).build());
    }
  }

  private static Optional<String> principal(SecurityContext security) {
    return Optional.ofNullable(security)
        .map(SecurityContext::getUserPrincipal)
        .map(Principal::getName)
        .filter(name -> !name.isEmpty());
  }
}
