package dev.jaxrsmcp.internal.protocol;

import java.util.Optional;

/**
 * Who the container says a caller is. Opaque here, apart from the principal's name; the dispatch
 * layer implements it over the request's security context and hands that context to the reads the
 * caller makes.
 */
public interface CallerIdentity {
  /** A caller nobody authenticated. */
  CallerIdentity ANONYMOUS =
      new CallerIdentity() {
        @Override
        public Optional<String> principalName() {
          return Optional.empty();
        }

        @Override
        public CallerIdentity snapshot() {
          return this;
        }
      };

  /** The name of the principal the application's filters authenticated, if any. */
  Optional<String> principalName();

  /** This identity as it stays valid after its request ended. */
  CallerIdentity snapshot();
}
