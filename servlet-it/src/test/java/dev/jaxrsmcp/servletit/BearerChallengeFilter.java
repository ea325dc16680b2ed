package dev.jaxrsmcp.servletit;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * A JAX-RS bearer filter bound by {@link BearerRequired}: without a user (as the security context
 * tells it) the request is answered 401 with a {@code Bearer} challenge.
 */
@BearerRequired
final class BearerChallengeFilter implements ContainerRequestFilter {
  static final String CHALLENGE = "Bearer realm=\"servlet-it\"";

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
