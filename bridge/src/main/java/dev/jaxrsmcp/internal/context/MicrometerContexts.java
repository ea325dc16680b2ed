package dev.jaxrsmcp.internal.context;

import dev.jaxrsmcp.context.McpContextCarrier;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.Optional;

/**
 * Micrometer's context-propagation as a carrier: every {@code ThreadLocalAccessor} of the global
 * {@link ContextRegistry} (those libraries register through {@code ServiceLoader}, Spring
 * Security's {@code SecurityContextHolder} among them, and those the application registers itself),
 * captured and restored as one snapshot. Only loaded when the library is on the classpath; the
 * bridge does not depend on it otherwise.
 */
final class MicrometerContexts {
  private MicrometerContexts() {}

  /** The carrier, when {@code io.micrometer:context-propagation} is on the classpath. */
  static Optional<McpContextCarrier> carrier() {
    try {
      Class.forName(
          "io.micrometer.context.ContextSnapshotFactory",
          false,
          MicrometerContexts.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
    try {
      return Optional.of(Carrier.create());
    } catch (RuntimeException | LinkageError | java.util.ServiceConfigurationError e) {
      // A ThreadLocalAccessor some library registers cannot load (its own dependency is missing).
      System.getLogger(MicrometerContexts.class.getName())
          .log(
              System.Logger.Level.WARNING,
              "context-propagation is on the classpath but its registry could not be read; tasks"
                  + " run without the thread-locals it would carry",
              e);
      return Optional.empty();
    }
  }

  /** Touches the library's types; loaded only once the library was found. */
  private static final class Carrier {
    static McpContextCarrier create() {
      ContextSnapshotFactory factory =
          ContextSnapshotFactory.builder()
              .contextRegistry(ContextRegistry.getInstance())
              .clearMissing(true)
              .build();
      return () -> {
        ContextSnapshot snapshot = factory.captureAll();
        return () -> {
          ContextSnapshot.Scope scope = snapshot.setThreadLocals();
          return scope::close;
        };
      };
    }
  }
}
