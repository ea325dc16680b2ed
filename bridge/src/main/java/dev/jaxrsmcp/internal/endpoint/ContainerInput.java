package dev.jaxrsmcp.internal.endpoint;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.function.Supplier;
import org.glassfish.jersey.internal.inject.InjectionManager;

/**
 * Lets go of what the container still holds of a request's body once the bridge has read it all,
 * for a request whose response stays open (a listen's stream): no open stream keeps its request
 * body (contract section 15). Grizzly's input buffer keeps the last chunk it read (up to its read
 * buffer, tens of KiB) until the request ends; it is detached and disposed here. Servlet containers
 * keep nothing of a body that was read whole. Grizzly is looked up by name, so the bridge does not
 * depend on it. Thread-safe.
 */
public final class ContainerInput {
  private static final System.Logger LOG = System.getLogger(ContainerInput.class.getName());

  private final Supplier<Optional<InjectionManager>> injection;

  /** Grizzly's request type and the methods used; empty when Grizzly is not there. */
  private volatile Optional<Optional<Grizzly>> grizzly = Optional.empty();

  private record Grizzly(
      Class<?> request, Method getInputBuffer, Method readBuffer, Method tryDispose) {}

  public ContainerInput(Supplier<Optional<InjectionManager>> injection) {
    this.injection = injection;
  }

  /** The request's body was read to its end: lets go of the container's buffers of it. */
  void release() {
    Optional<Grizzly> found = grizzly();
    Optional<InjectionManager> manager = injection.get();
    if (found.isEmpty() || manager.isEmpty()) {
      return;
    }
    Grizzly g = found.get();
    try {
      Object request = manager.get().getInstance(g.request());
      if (request == null) {
        return;
      }
      Object input = g.getInputBuffer().invoke(request);
      Object rest = g.readBuffer().invoke(input); // detached: ours to dispose
      g.tryDispose().invoke(rest);
    } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
      LOG.log(System.Logger.Level.TRACE, () -> "request body buffers not released: " + e, e);
    }
  }

  private Optional<Grizzly> grizzly() {
    Optional<Optional<Grizzly>> known = grizzly;
    if (known.isPresent()) {
      return known.get();
    }
    Optional<Grizzly> found;
    try {
      ClassLoader loader = ContainerInput.class.getClassLoader();
      Class<?> request = Class.forName("org.glassfish.grizzly.http.server.Request", false, loader);
      Method getInputBuffer = request.getMethod("getInputBuffer");
      Method readBuffer = getInputBuffer.getReturnType().getMethod("readBuffer");
      Method tryDispose = readBuffer.getReturnType().getMethod("tryDispose");
      found = Optional.of(new Grizzly(request, getInputBuffer, readBuffer, tryDispose));
    } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
      found = Optional.empty();
    }
    grizzly = Optional.of(found);
    return found;
  }
}
