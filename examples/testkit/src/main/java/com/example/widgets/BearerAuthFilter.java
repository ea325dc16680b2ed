package com.example.widgets;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Map;

/**
 * Every route under {@code /api} needs a bearer token: {@code demo-token} (an owner) or {@code
 * viewer-token} (a viewer). Anything else is refused with {@code 401} and a Bearer challenge.
 */
@Priority(Priorities.AUTHENTICATION)
public final class BearerAuthFilter implements ContainerRequestFilter {
  static final String OWNER = "owner";
  static final Map<String, String> ROLES = Map.of("demo-token", OWNER, "viewer-token", "viewer");

  @Override
  public void filter(ContainerRequestContext request) {
    if (!request.getUriInfo().getPath().startsWith("api")) {
      return;
    }
    String authorization = request.getHeaderString("Authorization");
    String role =
        authorization != null && authorization.startsWith("Bearer ")
            ? ROLES.get(authorization.substring("Bearer ".length()))
            : null;
    if (role == null) {
      request.abortWith(
          Response.status(401).header("WWW-Authenticate", "Bearer realm=\"widgets\"").build());
      return;
    }
    boolean secure = request.getSecurityContext().isSecure();
    request.setSecurityContext(
        new SecurityContext() {
          @Override
          public Principal getUserPrincipal() {
            return () -> role;
          }

          @Override
          public boolean isUserInRole(String wanted) {
            return role.equals(wanted);
          }

          @Override
          public boolean isSecure() {
            return secure;
          }

          @Override
          public String getAuthenticationScheme() {
            return "Bearer";
          }
        });
  }
}
