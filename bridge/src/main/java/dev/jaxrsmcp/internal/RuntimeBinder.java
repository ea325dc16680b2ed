package dev.jaxrsmcp.internal;

import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.dispatch.McpContextSupplier;
import dev.jaxrsmcp.internal.dispatch.NestedRequestScopes;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.container.ContainerRequestContext;
import org.glassfish.hk2.api.Factory;
import org.glassfish.hk2.utilities.binding.AbstractBinder;
import org.glassfish.jersey.process.internal.RequestScoped;
import org.glassfish.jersey.server.spi.ExternalRequestScope;

/**
 * Makes {@code @Context McpChanges} and {@code @Context McpContext} injectable, and puts {@link
 * NestedRequestScopes} over the container's external request scope (for in-process reads).
 *
 * <p>Written against HK2's own binder, the one binding API that Jersey 3.1 and Jersey 4.0 both
 * accept as a registered component: Jersey's {@code internal.inject.AbstractBinder} exists only up
 * to 3.1, its successor {@code innate.inject.InternalBinder} only from 4.0 (and Jersey asks that it
 * not be used outside Jersey).
 */
final class RuntimeBinder extends AbstractBinder {
  private final McpChanges changes;

  RuntimeBinder(McpChanges changes) {
    this.changes = changes;
  }

  @Override
  protected void configure() {
    bind(changes).to(McpChanges.class);
    bindFactory(ContextFactory.class).to(McpContext.class).in(RequestScoped.class);
    bind(new NestedRequestScopes()).to(ExternalRequestScope.class).ranked(NestedRequestScopes.RANK);
  }

  /** The read's {@link McpContext}, or the inert one for plain HTTP requests. */
  static final class ContextFactory implements Factory<McpContext> {
    private final McpContextSupplier supplier;

    @Inject
    ContextFactory(Provider<ContainerRequestContext> request) {
      this.supplier = new McpContextSupplier(request);
    }

    @Override
    public McpContext provide() {
      return supplier.get();
    }

    @Override
    public void dispose(McpContext context) {}
  }
}
