package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.protocol.CallerIdentity;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A caller's identity as the container's {@link SecurityContext} of its request tells it, with the
 * key the application names for the caller, if any.
 */
public final class SecurityIdentity implements CallerIdentity {
  private final SecurityContext context;
  private final Optional<String> callerKey;

  public SecurityIdentity(SecurityContext context) {
    this(context, Optional.empty());
  }

  public SecurityIdentity(SecurityContext context, Optional<String> callerKey) {
    this.context = context;
    this.callerKey = callerKey;
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

  @Override
  public Optional<String> callerKey() {
    return callerKey;
  }

  /**
   * {@code identity} as it stays valid after its request ended, with the roles {@code named} that
   * it holds now (see {@link #snapshot(Collection)}).
   */
  public static CallerIdentity snapshotOf(CallerIdentity identity, Collection<String> named) {
    return identity instanceof SecurityIdentity known ? known.snapshot(named) : identity.snapshot();
  }

  /** As {@link #snapshot(Collection)} with no role known. */
  @Override
  public CallerIdentity snapshot() {
    return snapshot(List.of());
  }

  /**
   * The identity as it stays valid after its request ended, holding nothing of the container's
   * request (contract section 15): the principal, scheme and transport captured, and of the roles
   * {@code named} (those the route's {@code @RolesAllowed} names) the ones the caller holds now;
   * any other role check answers false.
   */
  public CallerIdentity snapshot(Collection<String> named) {
    Principal principal = context.getUserPrincipal();
    boolean secure = context.isSecure();
    String scheme = context.getAuthenticationScheme();
    Set<String> held = new HashSet<>();
    for (String role : named) {
      if (context.isUserInRole(role)) {
        held.add(role);
      }
    }
    Set<String> roles = Set.copyOf(held);
    return new SecurityIdentity(
        new SecurityContext() {
          @Override
          public Principal getUserPrincipal() {
            return principal;
          }

          @Override
          public boolean isUserInRole(String role) {
            return roles.contains(role);
          }

          @Override
          public boolean isSecure() {
            return secure;
          }

          @Override
          public String getAuthenticationScheme() {
            return scheme;
          }
        },
        callerKey);
  }
}
