package dev.jaxrsmcp.servletit;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;
import java.security.Principal;
import java.util.Optional;

/**
 * A servlet filter that authenticates as Spring Security's does: from the bearer token into the
 * {@link IdentityHolder} for the rest of the chain, with the request wrapped so that {@code
 * getUserPrincipal()}, {@code getRemoteUser()} and {@code isUserInRole()} tell the user; the holder
 * is cleared in a {@code finally}. It also sets the request attribute {@link #ATTRIBUTE}.
 */
final class BearerServletFilter implements Filter {
  static final String ATTRIBUTE = "servlet-it.authenticatedBy";

  private final IdentityHolder holder;

  BearerServletFilter(IdentityHolder holder) {
    this.holder = holder;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    Optional<User> user = User.fromAuthorization(http.getHeader("Authorization"));
    request.setAttribute(ATTRIBUTE, "servlet-filter:" + user.map(User::name).orElse("anonymous"));
    user.ifPresent(holder::set);
    try {
      chain.doFilter(
          user.<ServletRequest>map(u -> new Authenticated(http, u)).orElse(http), response);
    } finally {
      holder.clear();
    }
  }

  private static final class Authenticated extends HttpServletRequestWrapper {
    private final User user;

    Authenticated(HttpServletRequest request, User user) {
      super(request);
      this.user = user;
    }

    @Override
    public Principal getUserPrincipal() {
      return user;
    }

    @Override
    public String getRemoteUser() {
      return user.name();
    }

    @Override
    public boolean isUserInRole(String role) {
      return user.roles().contains(role);
    }

    @Override
    public String getAuthType() {
      return "BEARER";
    }
  }
}
