package dev.jaxrsmcp.internal.envelope;

import jakarta.annotation.Priority;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.util.Optional;
import org.glassfish.jersey.InjectionManagerProvider;
import org.glassfish.jersey.internal.inject.InjectionManager;

/**
 * Outermost writer interceptor: for an in-place read's response it keeps the response's stream for
 * the JSON-RPC envelope and lets the application's interceptors wrap only the route's own bytes
 * (see {@link EnvelopeStreams}), so they run once, on the same bytes as for the route's {@code
 * GET}. Other responses pass untouched.
 */
@Priority(Integer.MIN_VALUE)
public final class ReadEnvelopeInterceptor implements WriterInterceptor {
  @Override
  public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
    if (context.getEntity() instanceof ReadEnvelope envelope) {
      context.setOutputStream(
          envelope.streams().attach(context.getOutputStream(), injection(context)));
    }
    context.proceed();
  }

  private static Optional<InjectionManager> injection(WriterInterceptorContext context) {
    try {
      return Optional.of(InjectionManagerProvider.getInjectionManager(context));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // not Jersey's context
    }
  }
}
