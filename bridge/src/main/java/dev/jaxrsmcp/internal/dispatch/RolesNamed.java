package dev.jaxrsmcp.internal.dispatch;

import jakarta.annotation.security.RolesAllowed;
import java.lang.reflect.Method;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The roles a route's {@code @RolesAllowed} names (on the method, else on its class): what a task's
 * captured identity must answer for, once its request is gone ({@link
 * SecurityIdentity#snapshot(java.util.Collection)}).
 */
public final class RolesNamed {
  private RolesNamed() {}

  /** The roles {@code method}'s {@code @RolesAllowed} (or its class's) names; empty for none. */
  public static Set<String> by(Method method) {
    Set<String> roles = new LinkedHashSet<>();
    RolesAllowed allowed = method.getAnnotation(RolesAllowed.class);
    if (allowed == null) {
      allowed = method.getDeclaringClass().getAnnotation(RolesAllowed.class);
    }
    if (allowed != null) {
      roles.addAll(java.util.List.of(allowed.value()));
    }
    return Set.copyOf(roles);
  }
}
