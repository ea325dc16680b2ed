package dev.jaxrsmcp.internal.transport;

import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ContainerException;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * The container's response writer, as an in-place read uses it: the final response goes on the
 * read's event stream once that is committed; the bridge's envelope writer does its own buffering
 * (so Jersey's is off); an async route that suspends without a timeout gets the read timeout; and
 * the read ends when the container is done with the response, however that happens.
 */
final class ReadResponseWriter implements ContainerResponseWriter {
  private final ContainerResponseWriter container;
  private final InPlaceRead read;
  private final Duration asyncTimeout;
  private final boolean defaultMapperFollows;
  private volatile boolean started;

  /**
   * @param defaultMapperFollows false when the application set Jersey's {@code
   *     jersey.config.server.response.setStatusOverSendError}, under which an unmapped exception
   *     gets no default response
   */
  ReadResponseWriter(
      ContainerResponseWriter container,
      InPlaceRead read,
      Duration asyncTimeout,
      boolean defaultMapperFollows) {
    this.container = container;
    this.read = read;
    this.asyncTimeout = asyncTimeout;
    this.defaultMapperFollows = defaultMapperFollows;
  }

  /** The container's own writer, beneath this one. */
  ContainerResponseWriter container() {
    return container;
  }

  @Override
  public OutputStream writeResponseStatusAndHeaders(long contentLength, ContainerResponse response)
      throws ContainerException {
    started = true;
    if (read.longRead.flatMap(r -> r.channel).map(EventChannel::isCommitted).orElse(false)) {
      return read.longRead.get().channel.get().tail();
    }
    // Headers a writer interceptor added after the response filter took the route's away.
    response.getHeaders().keySet().removeIf(name -> !read.sends(name));
    return container.writeResponseStatusAndHeaders(contentLength, response);
  }

  @Override
  public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
    if (timeOut <= 0 && timeoutHandler != null && !asyncTimeout.isZero()) {
      return container.suspend(
          asyncTimeout.toMillis(),
          TimeUnit.MILLISECONDS,
          writer -> {
            read.timedOut.set(asyncTimeout.toMillis());
            timeoutHandler.onTimeout(writer);
          });
    }
    return container.suspend(timeOut, timeUnit, timeoutHandler);
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
      read.end();
    }
  }

  /**
   * An exception no mapper of the application took: before anything was written, Jersey goes on to
   * answer with its default mapper's 500, which the bridge maps like any 500 (the container's own
   * error page would not be an MCP response). Once the response started, the container ends it.
   */
  @Override
  public void failure(Throwable error) {
    if (!started && defaultMapperFollows) {
      return;
    }
    try {
      container.failure(error);
    } finally {
      read.end();
    }
  }

  @Override
  public boolean enableResponseBuffering() {
    return false;
  }
}
