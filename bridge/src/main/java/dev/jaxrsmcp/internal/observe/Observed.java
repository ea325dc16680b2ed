package dev.jaxrsmcp.internal.observe;

import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.observe.McpOperation;
import dev.jaxrsmcp.observe.McpOutcome;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.glassfish.jersey.server.internal.process.MappableException;

/**
 * One operation being observed: the observers that watch it, its scopes on the thread that opened
 * them, what the bridge learns of its outcome as it runs, and its end, told once. Kept as the
 * request property {@link #PROPERTY} from the start of the operation.
 *
 * <p>Thread-safety: the outcome's parts are written by the request's threads (volatile, last writer
 * wins); the scopes are touched only by the thread that opened them ({@link #scopeThread}); {@link
 * #end} runs once, guarded by {@link #ended}.
 */
public final class Observed {
  public static final String PROPERTY = "dev.jaxrsmcp.observe.operation";

  private static final String EARLY_ERROR_CODE = "dev.jaxrsmcp.observe.earlyErrorCode";

  /** One observer's view of the operation. */
  record Watch(Object observer, McpObserver.Operation operation) {}

  private final Observers observers;
  private final McpOperation operation;
  private final List<Watch> watches;
  private final long startNanos;
  private final AtomicBoolean ended = new AtomicBoolean();

  // touched only by scopeThread
  private McpObserver.Scope[] scopes;
  private volatile Thread scopeThread;

  private volatile Optional<Integer> errorCode = Optional.empty();
  private volatile Optional<Integer> routeStatus = Optional.empty();
  private volatile Optional<String> thrown = Optional.empty();
  private volatile boolean toolError;
  private volatile boolean endsLater;
  private final AtomicLong bytes = new AtomicLong(-1);

  Observed(Observers observers, McpOperation operation, List<Watch> watches, long startNanos) {
    this.observers = observers;
    this.operation = operation;
    this.watches = watches;
    this.startNanos = startNanos;
  }

  /**
   * The JSON-RPC error code the endpoint answered with: told to the operation, or kept for it when
   * the endpoint answered before the operation started (the answer of a pre-matching filter).
   */
  public static void errorCode(ContainerRequestContext request, int code) {
    Optional<Observed> observed = of(request);
    if (observed.isPresent()) {
      observed.get().errorCode(code);
    } else {
      request.setProperty(EARLY_ERROR_CODE, code);
    }
  }

  /** Takes over a code {@link #errorCode(ContainerRequestContext, int)} kept for this operation. */
  void earlyErrorCode(ContainerRequestContext request) {
    if (request.getProperty(EARLY_ERROR_CODE) instanceof Integer code) {
      errorCode(code);
    }
  }

  /**
   * Makes the request's operation, if it is observed, outlive its HTTP response: {@code onClose} is
   * given its end, to run when what the request opened (a stream) closes. The caller is taken now:
   * the request is gone by then.
   */
  public static Optional<Observed> endsWhenClosed(
      ContainerRequestContext request, Consumer<Runnable> onClose) {
    Optional<Observed> observed = of(request);
    observed.ifPresent(
        o -> {
          o.endsLater(true);
          String caller = RequestAttributes.callerOf(request);
          onClose.accept(() -> o.endLater(caller));
        });
    return observed;
  }

  /** The operation the request carries, if it is observed. */
  public static Optional<Observed> of(ContainerRequestContext request) {
    return request.getProperty(PROPERTY) instanceof Observed o ? Optional.of(o) : Optional.empty();
  }

  public McpOperation operation() {
    return operation;
  }

  /** Starts another operation with the same observers (a session its {@code initialize} began). */
  public Observed startAlso(McpOperation other) {
    return observers.start(other);
  }

  /** Opens every observer's scope on this thread, once. */
  void openScopes() {
    if (watches.isEmpty() || scopeThread != null) {
      return;
    }
    McpObserver.Scope[] opened = new McpObserver.Scope[watches.size()];
    for (int i = 0; i < opened.length; i++) {
      Watch watch = watches.get(i);
      try {
        opened[i] = watch.operation().openScope();
      } catch (RuntimeException | LinkageError e) {
        observers.failed(watch.observer(), "openScope", e);
      }
    }
    scopes = opened;
    scopeThread = Thread.currentThread();
  }

  /** Whether an observer's scope makes the operation's trace current ({@code carriesTrace}). */
  public boolean carriesTrace() {
    for (Watch watch : watches) {
      try {
        if (watch.operation().carriesTrace()) {
          return true;
        }
      } catch (RuntimeException | LinkageError e) {
        observers.failed(watch.observer(), "carriesTrace", e);
      }
    }
    return false;
  }

  /** Closes the scopes, in reverse order, when called on the thread that opened them. */
  void closeScopes() {
    if (scopeThread != Thread.currentThread() || scopes == null) {
      return;
    }
    McpObserver.Scope[] open = scopes;
    scopes = null;
    for (int i = open.length - 1; i >= 0; i--) {
      if (open[i] != null) {
        try {
          open[i].close();
        } catch (RuntimeException | LinkageError e) {
          observers.failed(watches.get(i).observer(), "Scope.close", e);
        }
      }
    }
  }

  /** Tells every observer of an event (a long read's progress). */
  public void event(String name, String detail) {
    for (Watch watch : watches) {
      try {
        watch.operation().event(name, detail);
      } catch (RuntimeException | LinkageError e) {
        observers.failed(watch.observer(), "event", e);
      }
    }
  }

  /** The answer was a JSON-RPC error with this code. */
  public void errorCode(int code) {
    errorCode = Optional.of(code);
  }

  /** The answer was a tool result with {@code isError}. */
  public void toolError() {
    toolError = true;
  }

  /** The route that ran in place answered with this HTTP status. */
  public void routeStatus(int status) {
    routeStatus = Optional.of(status);
  }

  /** The route threw this (unmapped, or mapped to a 5xx). */
  void thrown(Throwable e) {
    thrown = Optional.of(unwrapped(e).getClass().getName());
  }

  /**
   * What the application threw: {@code e} without Jersey's wrappers of what a filter, a writer or
   * an interceptor threw.
   */
  static Throwable unwrapped(Throwable e) {
    Throwable cause = e;
    while (cause instanceof MappableException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /** The operation ended in a way that has a name rather than an exception ({@code cancelled}). */
  void thrown(String errorType) {
    thrown = Optional.of(errorType);
  }

  /** Counts bytes of the response's body written. */
  public void wrote(long count) {
    bytes.accumulateAndGet(count, (was, n) -> Math.max(was, 0) + n);
  }

  /** The bytes counted, or -1 when nothing counted them. */
  long counted() {
    return bytes.get();
  }

  /**
   * Whether the operation outlives its HTTP response (a listen): then it ends by {@link #endLater}
   * when its stream closes, not when the response was written.
   */
  public void endsLater(boolean later) {
    endsLater = later;
  }

  /**
   * Ends an operation that {@link #endsLater}, when what it opened closed; {@code caller} as it was
   * taken while the request was alive.
   */
  public void endLater(String caller) {
    if (endsLater) {
      end(200, caller, Optional.empty(), Optional.empty(), Math.max(bytes.get(), 0));
    }
  }

  boolean isEndingLater() {
    return endsLater;
  }

  /** Ends the operation, once: tells every observer its outcome. */
  public void end(
      int httpStatus,
      String caller,
      Optional<String> route,
      Optional<String> template,
      long written) {
    if (!ended.compareAndSet(false, true)) {
      return;
    }
    Optional<String> errorType =
        thrown.isPresent()
            ? thrown
            : errorCode.isPresent()
                ? errorCode.map(String::valueOf)
                : toolError
                    ? Optional.of("tool_error")
                    : routeStatus
                        .filter(s -> s >= 400)
                        .or(() -> Optional.of(httpStatus).filter(s -> s >= 400))
                        .map(String::valueOf);
    McpOutcome outcome =
        new McpOutcome(
            httpStatus,
            errorCode,
            routeStatus,
            errorType,
            caller,
            route,
            template,
            Math.max(written, 0),
            Duration.ofNanos(System.nanoTime() - startNanos));
    for (Watch watch : watches) {
      try {
        watch.operation().ended(outcome);
      } catch (RuntimeException | LinkageError e) {
        observers.failed(watch.observer(), "ended", e);
      }
    }
  }
}
