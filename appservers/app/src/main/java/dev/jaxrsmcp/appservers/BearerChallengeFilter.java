package dev.jaxrsmcp.appservers;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Bound by {@link BearerRequired}: without a user, the request is answered 401 with a {@code
 * Bearer} challenge.
 */
@BearerRequired
@Priority(Priorities.AUTHORIZATION)
public final class BearerChallengeFilter implements ContainerRequestFilter {
  public static final String CHALLENGE = "Bearer realm=\"appservers\"";

  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getSecurityContext().getUserPrincipal() == null) {
      request.abortWith(
          Response.status(Response.Status.UNAUTHORIZED)
              .header(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
              .type(MediaType.TEXT_PLAIN_TYPE)
              .entity("sign in")
              .build());
    }
  }
}
