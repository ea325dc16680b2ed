package dev.jaxrsmcp.internal.envelope;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import org.glassfish.jersey.internal.inject.InjectionManager;

/**
 * The streams of one in-place read's response. {@link ReadEnvelopeInterceptor}, outermost of the
 * writer interceptors, keeps the response's own stream for the envelope and hands the rest of the
 * chain a {@link #pipe}; the application's interceptors wrap that pipe, as they would wrap the
 * route's body over HTTP, and the route's writer writes into their stream. The envelope writer
 * points the pipe at wherever the route's bytes go (a JSON string escaper, a spool) for the time
 * the route writes. Used by one thread at a time.
 */
public final class EnvelopeStreams {
  private final Pipe pipe = new Pipe();
  private Optional<OutputStream> response = Optional.empty();
  private Optional<OutputStream> routeOutput = Optional.empty();
  private Optional<InjectionManager> injection = Optional.empty();

  /**
   * Called by the interceptor: the response's stream, and the pipe the chain gets instead.
   *
   * @param injection the request's injection manager, when Jersey tells it
   */
  OutputStream attach(OutputStream responseStream, Optional<InjectionManager> injection) {
    response = Optional.of(responseStream);
    this.injection = injection;
    return pipe;
  }

  /**
   * The request's injection manager, for what only the container can do ({@link
   * dev.jaxrsmcp.internal.breakoff.BrokenResponse}).
   */
  Optional<InjectionManager> injection() {
    return injection;
  }

  /** The response's own stream; empty when the interceptor did not run. */
  Optional<OutputStream> response() {
    return response;
  }

  /** Called by the writer: the stream it was given (the interceptors' wrapping of the pipe). */
  void routeOutput(OutputStream stream) {
    routeOutput = Optional.of(stream);
  }

  /** Points the route's bytes at {@code target}; returns the stream the route writes into. */
  OutputStream into(OutputStream target) {
    if (response.isEmpty()) {
      return target; // no interceptor chain between the route and the response
    }
    pipe.target = target;
    return routeOutput.orElse(pipe);
  }

  /** The route is done: the interceptors' streams are closed (so they write what they hold). */
  void endRoute() throws IOException {
    if (response.isEmpty()) {
      return;
    }
    try {
      routeOutput.orElse(pipe).close();
    } finally {
      pipe.target = OutputStream.nullOutputStream();
    }
  }

  /** Forwards to the current target; closing it ends nothing. */
  private static final class Pipe extends OutputStream {
    private OutputStream target = OutputStream.nullOutputStream();

    @Override
    public void write(int b) throws IOException {
      target.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      target.write(bytes, offset, length);
    }

    @Override
    public void flush() throws IOException {
      target.flush();
    }

    @Override
    public void close() throws IOException {
      target.flush();
    }
  }
}
