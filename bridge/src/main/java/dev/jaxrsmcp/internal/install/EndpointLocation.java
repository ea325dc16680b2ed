package dev.jaxrsmcp.internal.install;

import java.util.Collection;
import java.util.Optional;
import org.glassfish.jersey.server.spi.Container;

/**
 * Where the endpoint is, as far as the container tells: under a servlet container, the context path
 * and the Jersey servlet's mapping (read by name from the Servlet API, which the bridge does not
 * depend on). Other containers (Grizzly, which also ignores {@code @ApplicationPath}) keep their
 * base URI to themselves, so the path is then said to be relative to the application's root.
 */
final class EndpointLocation {
  private EndpointLocation() {}

  /** For example {@code at /app/api/mcp}, or {@code at /mcp under the application's root}. */
  static String of(Container container, String endpointPath) {
    Optional<String> servlet = servletPrefix(container);
    if (servlet.isPresent()) {
      return "at " + join(servlet.get(), endpointPath);
    }
    return "at " + endpointPath + " under the application's root";
  }

  private static String join(String prefix, String path) {
    String head = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    if (!head.isEmpty() && !head.startsWith("/")) {
      head = "/" + head;
    }
    return head + (path.startsWith("/") ? path : "/" + path);
  }

  /**
   * The context path and the servlet's first mapping without its {@code /*}, for Jersey's {@code
   * ServletContainer} as a servlet; empty for anything else or when anything does not fit.
   */
  private static Optional<String> servletPrefix(Container container) {
    try {
      ClassLoader loader = container.getClass().getClassLoader();
      Class<?> servlet = Class.forName("jakarta.servlet.GenericServlet", false, loader);
      if (!servlet.isInstance(container)) {
        return Optional.empty();
      }
      Class<?> servletContext = Class.forName("jakarta.servlet.ServletContext", false, loader);
      Class<?> registration = Class.forName("jakarta.servlet.ServletRegistration", false, loader);
      Object context = servlet.getMethod("getServletContext").invoke(container);
      Object name = servlet.getMethod("getServletName").invoke(container);
      Object contextPath = servletContext.getMethod("getContextPath").invoke(context);
      Object registered =
          servletContext.getMethod("getServletRegistration", String.class).invoke(context, name);
      if (registered == null
          || !(registration.getMethod("getMappings").invoke(registered)
              instanceof Collection<?> mappings)
          || mappings.isEmpty()) {
        return Optional.empty();
      }
      String mapping = String.valueOf(mappings.iterator().next());
      String prefix = mapping.endsWith("/*") ? mapping.substring(0, mapping.length() - 2) : "";
      return Optional.of(contextPath + prefix);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return Optional.empty(); // not a servlet, or not one that says
    }
  }
}
