package dev.jaxrsmcp.internal.stream;

import jakarta.ws.rs.core.HttpHeaders;
import java.io.OutputStream;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.glassfish.jersey.server.ContainerException;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * The container's response writer for a response that carries an event stream: it tells the stream
 * when Jersey is done setting the response up, so that the stream's writer thread never touches the
 * response before then.
 *
 * <p>Jersey writes a {@code ChunkedOutput} response on the request thread in three steps: headers,
 * then handing the output its context (which flushes what is queued), then suspending the response
 * unless the output is closed by then. A writer thread that wrote or closed in between would race
 * with the flush (Jersey may close the response under a write in progress: "Response is closed") or
 * close it just before the suspend, which then never ends: the response is written whole but the
 * connection stays open. The suspend is the last step, so the stream is released there; also when
 * the container ends the response some other way (commit or failure), so that a stream whose
 * response never got that far still ends.
 *
 * <p>It also puts a {@link StreamOutput} between Jersey and the container's entity stream, the wire
 * the stream's outbox writes through; on a servlet container that suspended the response (it is
 * asynchronous then), the output is made non-blocking there, before the stream is released.
 */
final class StreamHandOver implements ContainerResponseWriter {
  private final ContainerResponseWriter container;
  private final Optional<Object> servletResponse;
  private final Consumer<Wire> ready;
  private final Runnable failed;
  private final Runnable opened;
  private final AtomicBoolean released = new AtomicBoolean();
  private volatile Wire wire = Wire.NONE;

  /**
   * @param servletResponse the request's servlet response, on a servlet container
   * @param ready runs once, when the stream may write, with the wire to write through
   * @param failed runs when the container fails the response (Jersey could not finish it): the
   *     stream will not reach its client, so it ends, and no change counts it as told
   * @param opened runs once the container suspended the response (the stream is open)
   */
  StreamHandOver(
      ContainerResponseWriter container,
      Optional<Object> servletResponse,
      Consumer<Wire> ready,
      Runnable failed,
      Runnable opened) {
    this.container = container;
    this.servletResponse = servletResponse;
    this.ready = ready;
    this.failed = failed;
    this.opened = opened;
  }

  @Override
  public OutputStream writeResponseStatusAndHeaders(long contentLength, ContainerResponse response)
      throws ContainerException {
    OutputStream out = container.writeResponseStatusAndHeaders(contentLength, response);
    if (out == null) {
      return null;
    }
    // A Content-Encoding means a writer interceptor transforms the entity stream above this one.
    StreamOutput output =
        new StreamOutput(out, response.getHeaderString(HttpHeaders.CONTENT_ENCODING) == null);
    wire = output;
    return output;
  }

  @Override
  public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
    boolean suspended = false;
    try {
      suspended = container.suspend(timeOut, timeUnit, timeoutHandler);
      return suspended;
    } finally {
      if (suspended && !released.get()) {
        if (wire instanceof StreamOutput output) {
          output.nonBlocking(servletResponse);
        }
        opened.run();
      }
      release();
    }
  }

  @Override
  public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {
    container.setSuspendTimeout(timeOut, timeUnit);
  }

  @Override
  public void commit() {
    try {
      container.commit();
    } finally {
      release();
    }
  }

  @Override
  public void failure(Throwable error) {
    try {
      failed.run();
      container.failure(error);
    } finally {
      release();
    }
  }

  @Override
  public boolean enableResponseBuffering() {
    return container.enableResponseBuffering();
  }

  private void release() {
    if (released.compareAndSet(false, true)) {
      ready.accept(wire);
    }
  }
}
