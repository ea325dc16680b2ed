package dev.jaxrsmcp.internal.observe;

import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.observe.McpOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The observers of one application (the access record first, then those given to the builder), told
 * of each operation in that order. An observer that throws is logged once, at its first failure
 * (logger {@code dev.jaxrsmcp.observe}), and skipped for that call: what it observes goes on.
 */
public final class Observers {
  private static final System.Logger LOG = System.getLogger("dev.jaxrsmcp.observe");

  private final List<McpObserver> observers;

  /** Observers that failed once already: logged then, not again. */
  private final Set<Object> failed = ConcurrentHashMap.newKeySet();

  public Observers(List<McpObserver> observers) {
    this.observers = List.copyOf(observers);
  }

  /** Whether there is any observer: with none, nothing is watched at all. */
  public boolean any() {
    return !observers.isEmpty();
  }

  /** Whether any observer is enabled now ({@link McpObserver#isEnabled()}). */
  boolean anyEnabled() {
    for (McpObserver observer : observers) {
      try {
        if (observer.isEnabled()) {
          return true;
        }
      } catch (RuntimeException | LinkageError e) {
        failed(observer, "isEnabled", e);
        return true; // it is told of the operation, and fails or not there
      }
    }
    return false;
  }

  /** Starts an operation with every enabled observer that wants it. */
  public Observed start(McpOperation operation) {
    List<Observed.Watch> watches = new ArrayList<>(observers.size());
    for (McpObserver observer : observers) {
      try {
        if (!observer.isEnabled()) {
          continue;
        }
        McpObserver.Operation watched = observer.started(operation);
        if (watched != null && watched != McpObserver.Operation.NONE) {
          watches.add(new Observed.Watch(observer, watched));
        }
      } catch (RuntimeException | LinkageError e) {
        failed(observer, "started", e);
      }
    }
    return new Observed(this, operation, watches, System.nanoTime());
  }

  /** Logs an observer's failure the first time it fails. */
  void failed(Object observer, String call, Throwable e) {
    if (failed.add(observer)) {
      LOG.log(
          System.Logger.Level.WARNING,
          "the MCP observer "
              + observer.getClass().getName()
              + " failed in "
              + call
              + " (logged once; the operation goes on without it for that call)",
          e);
    }
  }
}
