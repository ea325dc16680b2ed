package dev.jaxrsmcp.demo;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.Provider;
import java.security.Principal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An ordinary JAX-RS filter; it knows nothing about MCP. {@code Authorization: Bearer demo-token}
 * signs in as an owner, {@code Bearer viewer-token} as a viewer, on every path; {@code
 * /api/widgets/**} requires one of them, and any other request there gets {@code 401} with {@code
 * WWW-Authenticate: Bearer realm="widgets"}. What each role may do is declared with
 * {@code @RolesAllowed} on the resource methods.
 *
 * <p>MCP reads pass through this filter too: the bridge runs them in-process with the MCP client's
 * own {@code Authorization} header. Signing in on {@code /mcp} as well tells the bridge who owns
 * the sessions, listens and tasks it keeps, so each user has quotas of their own and anonymous
 * callers share one.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public final class BearerAuthFilter implements ContainerRequestFilter {
  /** The token that may read and change everything. */
  public static final String OWNER_TOKEN = "demo-token";

  /** The token that may read everything but secrets, and change nothing. */
  public static final String VIEWER_TOKEN = "viewer-token";

  /** The role of {@link #OWNER_TOKEN}. */
  public static final String OWNER = "owner";

  /** The role of {@link #VIEWER_TOKEN}. */
  public static final String VIEWER = "viewer";

  static final String CHALLENGE = "Bearer realm=\"widgets\"";

  private static final Map<String, String> ROLE_BY_TOKEN =
      Map.of(OWNER_TOKEN, OWNER, VIEWER_TOKEN, VIEWER);

  @Override
  public void filter(ContainerRequestContext request) {
    Optional<String> role = bearerToken(request).map(ROLE_BY_TOKEN::get);
    if (role.isEmpty() && !isProtected(request.getUriInfo())) {
      return;
    }
    if (role.isEmpty()) {
      request.abortWith(
          Response.status(Response.Status.UNAUTHORIZED)
              .header(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
              .type(MediaType.TEXT_PLAIN_TYPE)
              .entity("a valid bearer token is required")
              .build());
      return;
    }
    request.setSecurityContext(
        new TokenSecurityContext(role.get(), request.getSecurityContext().isSecure()));
  }

  /**
   * True for {@code /api/widgets} and everything below it. Compares decoded path segments without
   * their matrix parameters, the way Jersey matches routes, so {@code /api/widgets;x=1/1/secrets}
   * or {@code /api/%77idgets/1/secrets} are protected as well.
   */
  static boolean isProtected(UriInfo uri) {
    List<String> first =
        uri.getPathSegments(true).stream()
            .map(PathSegment::getPath)
            .filter(segment -> !segment.isEmpty())
            .limit(2)
            .toList();
    return first.equals(List.of("api", "widgets"));
  }

  private static Optional<String> bearerToken(ContainerRequestContext request) {
    String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
    if (header == null) {
      return Optional.empty();
    }
    String[] parts = header.trim().split("\\s+", 2);
    if (parts.length != 2 || !parts[0].toLowerCase(Locale.ROOT).equals("bearer")) {
      return Optional.empty();
    }
    return Optional.of(parts[1].trim());
  }

  /** Who the token belongs to, as JAX-RS {@code @RolesAllowed} sees it. */
  private record TokenSecurityContext(String role, boolean secure) implements SecurityContext {
    @Override
    public Principal getUserPrincipal() {
      return () -> role;
    }

    @Override
    public boolean isUserInRole(String candidate) {
      return role.equals(candidate);
    }

    @Override
    public boolean isSecure() {
      return secure;
    }

    @Override
    public String getAuthenticationScheme() {
      return "Bearer";
    }
  }
}
