package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.protocol.CallerScope;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import org.glassfish.jersey.internal.PropertiesDelegate;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.spi.RequestScopedInitializer;

/**
 * The container request an MCP call arrived on, carried into the in-process reads the call makes:
 * its {@link RequestScopedInitializer} (what makes {@code @Context HttpServletRequest} and other
 * container objects injectable) and its properties, seen beneath the read's own.
 */
public final class RequestScope implements CallerScope {
  private final ContainerRequest request;

  public RequestScope(ContainerRequest request) {
    this.request = request;
  }

  /** Gives {@code inner} the outer request's scope. */
  void applyTo(ContainerRequest inner) {
    RequestScopedInitializer initializer = request.getRequestScopedInitializer();
    if (initializer != null) {
      inner.setRequestScopedInitializer(initializer);
    }
  }

  /** The read's own properties, over the outer request's (read-through; writes stay the read's). */
  PropertiesDelegate properties(PropertiesDelegate own) {
    PropertiesDelegate outer = request.getPropertiesDelegate();
    return new PropertiesDelegate() {
      @Override
      public Object getProperty(String name) {
        Object value = own.getProperty(name);
        return value != null ? value : outer.getProperty(name);
      }

      @Override
      public Collection<String> getPropertyNames() {
        Set<String> names = new LinkedHashSet<>(own.getPropertyNames());
        names.addAll(outer.getPropertyNames());
        return names;
      }

      @Override
      public void setProperty(String name, Object object) {
        own.setProperty(name, object);
      }

      @Override
      public void removeProperty(String name) {
        own.removeProperty(name);
      }
    };
  }
}
