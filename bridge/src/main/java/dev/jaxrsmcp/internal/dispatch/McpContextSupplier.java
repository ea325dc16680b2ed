package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.protocol.ReadContext;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.function.Supplier;

/** Supplies {@code @Context McpContext}: the read's context, or the inert one for HTTP requests. */
public final class McpContextSupplier implements Supplier<McpContext> {
  public static final String PROPERTY = "dev.jaxrsmcp.dispatch.context";

  private final Provider<ContainerRequestContext> request;

  @Inject
  public McpContextSupplier(Provider<ContainerRequestContext> request) {
    this.request = request;
  }

  @Override
  public McpContext get() {
    Object context = request.get().getProperty(PROPERTY);
    return context instanceof McpContext c ? c : ReadContext.INERT;
  }
}
