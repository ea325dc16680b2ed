package dev.jaxrsmcp.internal.readiness;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.core.GenericType;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.glassfish.jersey.internal.inject.InjectionManager;
import org.glassfish.jersey.internal.util.collection.Ref;

/**
 * A servlet container's output in non-blocking mode (Servlet 3.1's {@link WriteListener}): {@link
 * ServletOutputStream#isReady()} says whether a write now is taken at once, and the container calls
 * {@link #onWritePossible} once it is again. Without it a write to a client that stopped reading
 * blocks its writer thread until the container's write timeout, and what the container buffers is
 * not counted; with it the stream's outbox parks instead, counting what waits against {@code
 * maxUnsentBytes}, and no thread waits for the client.
 *
 * <p>Once a listener is set, the container allows a write or a flush only right after {@code
 * isReady()} returned true (Tomcat and Jetty throw {@code IllegalStateException} otherwise); the
 * stream's output therefore keeps what one turn of the outbox writes and hands it over in one
 * write, asking first. The Servlet API is an optional dependency: only the stream's output and
 * queues load this class, and only when the Servlet API's classes are there.
 *
 * <p>Thread safety: {@code isReady} is asked by the writer thread of the turn; the callbacks come
 * from a container thread and only run the parked resume, at most once for each {@link
 * #whenWritable}.
 */
public final class ServletReadiness implements WriteReadiness, WriteListener {
  private static final Type RESPONSE_REF = new GenericType<Ref<HttpServletResponse>>() {}.getType();

  private final ServletOutputStream out;
  private final AtomicReference<Runnable> resume = new AtomicReference<>();
  private volatile boolean broken;

  private ServletReadiness(ServletOutputStream out) {
    this.out = out;
  }

  /**
   * The servlet response of the request in scope, as Jersey's servlet container binds it (a
   * reference to the response it was given, filters' wrappers included: the one Jersey writes to);
   * empty when the request is not a servlet request.
   */
  public static Optional<Object> responseInScope(InjectionManager injection) {
    Ref<HttpServletResponse> ref = injection.getInstance(RESPONSE_REF);
    return Optional.ofNullable(ref == null ? null : ref.get());
  }

  /**
   * Puts the output of {@code response} (an {@code HttpServletResponse} whose request is
   * asynchronous) in non-blocking mode; empty when it is not a servlet response or the container
   * refuses (the response is not asynchronous, a listener is set already): it then stays blocking.
   */
  public static Optional<ServletReadiness> start(Object response) throws IOException {
    if (!(response instanceof HttpServletResponse servlet)) {
      return Optional.empty();
    }
    ServletOutputStream out = servlet.getOutputStream();
    ServletReadiness readiness = new ServletReadiness(out);
    try {
      out.setWriteListener(readiness);
    } catch (IllegalStateException | UnsupportedOperationException e) {
      return Optional.empty();
    }
    return Optional.of(readiness);
  }

  /** True when the container takes a write (or a flush) now. */
  @Override
  public boolean writable() {
    return broken || out.isReady();
  }

  @Override
  public void whenWritable(Runnable resume) {
    this.resume.set(resume); // first: a callback between isReady and here must find it
    if (writable()) {
      resumeOnce();
    } // else isReady() returned false, so the container calls onWritePossible (or onError)
  }

  /** True once the container reported the connection failed: writing would fail too. */
  public boolean broken() {
    return broken;
  }

  @Override
  public void onWritePossible() {
    resumeOnce();
  }

  @Override
  public void onError(Throwable t) {
    broken = true; // the next write fails and ends the stream; never park again
    resumeOnce();
  }

  private void resumeOnce() {
    Runnable parked = resume.getAndSet(null);
    if (parked != null) {
      parked.run();
    }
  }
}
