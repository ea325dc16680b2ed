package dev.jaxrsmcp.internal.context;

import dev.jaxrsmcp.context.McpContextCarrier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Captures the thread context of the current thread and hands back what runs a task with it on
 * another thread: the thread's context class loader (the application's, which a thread of the
 * bridge's shared pools does not have: {@code BridgeThreads}), Micrometer's context-propagation
 * ({@link MicrometerContexts}, when {@code io.micrometer:context-propagation} is on the classpath),
 * then the application's carriers in order; restored in that order and undone in reverse. A carrier
 * that fails to capture or restore is logged and skipped: the route then runs without what it
 * carries, which the application's own checks see as a caller without it (fail closed). Immutable
 * and thread-safe.
 */
public final class ThreadContexts {
  private static final System.Logger LOG = System.getLogger(ThreadContexts.class.getName());

  private final List<McpContextCarrier> carriers;

  /**
   * @param carriers the application's carriers, after Micrometer's
   */
  public ThreadContexts(List<McpContextCarrier> carriers) {
    List<McpContextCarrier> all = new ArrayList<>();
    MicrometerContexts.carrier().ifPresent(all::add);
    all.addAll(carriers);
    this.carriers = List.copyOf(all);
  }

  /** Captures now, on the creating request's thread. */
  public UnaryOperator<Runnable> capture() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    List<McpContextCarrier.Captured> captured = new ArrayList<>(carriers.size());
    for (McpContextCarrier carrier : carriers) {
      try {
        captured.add(carrier.capture());
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.ERROR, "a task's context carrier failed to capture", e);
      }
    }
    return task ->
        () -> {
          Thread thread = Thread.currentThread();
          ClassLoader before = thread.getContextClassLoader();
          thread.setContextClassLoader(loader);
          List<McpContextCarrier.Scope> scopes = new ArrayList<>(captured.size());
          try {
            for (McpContextCarrier.Captured c : captured) {
              try {
                scopes.add(c.restore());
              } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "a task's context carrier failed to restore", e);
              }
            }
            task.run();
          } finally {
            for (int i = scopes.size() - 1; i >= 0; i--) {
              try {
                scopes.get(i).close();
              } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a task's context scope failed to close", e);
              }
            }
            thread.setContextClassLoader(before);
          }
        };
  }
}
