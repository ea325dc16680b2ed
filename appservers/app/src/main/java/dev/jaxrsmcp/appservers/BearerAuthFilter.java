package dev.jaxrsmcp.appservers;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;

/**
 * The application's authentication, portable to every server: a {@code Bearer} token becomes the
 * request's {@link SecurityContext} (user and roles, which {@code RolesAllowedDynamicFeature}
 * checks). A request without a known token keeps the container's security context (anonymous, or
 * the container's own login).
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public final class BearerAuthFilter implements ContainerRequestFilter {
  @Override
  public void filter(ContainerRequestContext request) {
    User.fromAuthorization(request.getHeaderString(HttpHeaders.AUTHORIZATION))
        .ifPresent(
            user -> {
              boolean secure = request.getSecurityContext().isSecure();
              request.setSecurityContext(
                  new SecurityContext() {
                    @Override
                    public Principal getUserPrincipal() {
                      return user;
                    }

                    @Override
                    public boolean isUserInRole(String role) {
                      return user.roles().contains(role);
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
            });
  }
}
