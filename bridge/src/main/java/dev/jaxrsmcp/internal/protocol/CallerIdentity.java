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
        public Optional<String> callerKey() {
          return Optional.empty();
        }

        @Override
        public CallerIdentity snapshot() {
          return this;
        }
      };

  /** The name of the principal the application's filters authenticated, if any. */
  Optional<String> principalName();

  /**
   * The key the application names for this caller ({@code McpFeature.Builder.callerKey}), computed
   * once the application's filters ran; empty when it names none.
   */
  Optional<String> callerKey();

  /** This identity as it stays valid after its request ended. */
  CallerIdentity snapshot();
}
