package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.protocol.CallerIdentity;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Optional;

/** A caller's identity as the container's {@link SecurityContext} of its request tells it. */
public final class SecurityIdentity implements CallerIdentity {
  private final SecurityContext context;

  public SecurityIdentity(SecurityContext context) {
    this.context = context;
  }

  /** The security context of a caller nobody authenticated. */
  private static final SecurityContext ANONYMOUS =
      new SecurityContext() {
        @Override
        public Principal getUserPrincipal() {
          return null; // the JAX-RS contract for "not authenticated"
        }

        @Override
        public boolean isUserInRole(String role) {
          return false;
        }

        @Override
        public boolean isSecure() {
          return false;
        }

        @Override
        public String getAuthenticationScheme() {
          return null; // the JAX-RS contract for "not authenticated"
        }
      };

  /** The security context a read made for a caller of {@code identity} runs with. */
  public static SecurityContext contextOf(CallerIdentity identity) {
    return identity instanceof SecurityIdentity known ? known.context() : ANONYMOUS;
  }

  /** The security context a read made for this caller runs with. */
  public SecurityContext context() {
    return context;
  }

  @Override
  public Optional<String> principalName() {
    Principal principal = context.getUserPrincipal();
    return principal == null || principal.getName() == null || principal.getName().isEmpty()
        ? Optional.empty()
        : Optional.of(principal.getName());
  }

  /**
   * The principal, scheme and transport captured; role checks still ask the original context, which
   * containers answer from the authenticated principal.
   */
  @Override
  public CallerIdentity snapshot() {
    Principal principal = context.getUserPrincipal();
    boolean secure = context.isSecure();
    String scheme = context.getAuthenticationScheme();
    SecurityContext original = context;
    return new SecurityIdentity(
        new SecurityContext() {
          @Override
          public Principal getUserPrincipal() {
            return principal;
          }

          @Override
          public boolean isUserInRole(String role) {
            return original.isUserInRole(role);
          }

          @Override
          public boolean isSecure() {
            return secure;
          }

          @Override
          public String getAuthenticationScheme() {
            return scheme;
          }
        });
  }
}
