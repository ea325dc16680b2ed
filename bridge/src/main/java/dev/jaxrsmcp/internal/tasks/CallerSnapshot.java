package dev.jaxrsmcp.internal.tasks;

import dev.jaxrsmcp.internal.protocol.Caller;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.List;

/**
 * A copy of a caller that stays valid after its HTTP request ended (the container may recycle the
 * request): the headers copied, the security context's principal, scheme and transport captured.
 * Role checks still ask the original context, which containers answer from the authenticated
 * principal.
 */
final class CallerSnapshot {
  private CallerSnapshot() {}

  static Caller of(Caller caller) {
    MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
    caller.headers().forEach((name, values) -> headers.put(name, List.copyOf(values)));
    SecurityContext original = caller.security();
    Principal principal = original == null ? null : original.getUserPrincipal();
    boolean secure = original != null && original.isSecure();
    String scheme = original == null ? null : original.getAuthenticationScheme();
    SecurityContext copy =
        new SecurityContext() {
          @Override
          public Principal getUserPrincipal() {
            return principal;
          }

          @Override
          public boolean isUserInRole(String role) {
            return original != null && original.isUserInRole(role);
          }

          @Override
          public boolean isSecure() {
            return secure;
          }

          @Override
          public String getAuthenticationScheme() {
            return scheme;
          }
        };
    return new Caller(caller.baseUri(), headers, copy);
  }
}
