package dev.jaxrsmcp.appservers;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Optional;

/**
 * A servlet filter in front of Jersey (found by the container's annotation scan, async supported):
 * the bearer token's user goes into the {@link Holder} thread-local for the rest of the chain and
 * into the request attribute {@link #ATTRIBUTE}; the holder is cleared in a {@code finally}.
 */
@WebFilter(filterName = "holder", urlPatterns = "/*", asyncSupported = true)
public final class HolderFilter implements Filter {
  public static final String ATTRIBUTE = "appservers.authenticatedBy";

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    Optional<User> user =
        User.fromAuthorization(((HttpServletRequest) request).getHeader("Authorization"));
    request.setAttribute(ATTRIBUTE, "servlet-filter:" + user.map(User::name).orElse("anonymous"));
    user.ifPresent(Holder::set);
    try {
      chain.doFilter(request, response);
    } finally {
      Holder.clear();
    }
  }
}
