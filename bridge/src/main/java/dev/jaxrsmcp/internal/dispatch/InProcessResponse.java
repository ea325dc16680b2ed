package dev.jaxrsmcp.internal.dispatch;

import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.internal.JerseyRequestTimeoutHandler;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * Receives the response of an in-process read: the body goes straight into the reader's stream, and
 * the outcome completes this future. Unlike the writer of {@code ApplicationHandler.apply}, it asks
 * Jersey not to buffer the body first (an HTTP container buffers to learn the {@code
 * Content-Length}; here nothing needs it), which spared every read an 8 KiB buffer and a copy.
 * Suspended (asynchronous) routes time out as they do under {@code apply}.
 */
final class InProcessResponse extends CompletableFuture<ContainerResponse>
    implements ContainerResponseWriter {
  private final OutputStream body;
  private final JerseyRequestTimeoutHandler timeouts;
  private volatile ContainerResponse response;

  /**
   * @param body where the response body goes
   * @param scheduler the application's background scheduler (suspend timeouts)
   */
  InProcessResponse(OutputStream body, ScheduledExecutorService scheduler) {
    this.body = body;
    this.timeouts = new JerseyRequestTimeoutHandler(this, scheduler);
  }

  @Override
  public OutputStream writeResponseStatusAndHeaders(
      long contentLength, ContainerResponse response) {
    this.response = response;
    if (contentLength >= 0) {
      response.getHeaders().putSingle("Content-Length", Long.toString(contentLength));
    }
    return body;
  }

  @Override
  public boolean suspend(long time, TimeUnit unit, TimeoutHandler handler) {
    return timeouts.suspend(time, unit, handler);
  }

  @Override
  public void setSuspendTimeout(long time, TimeUnit unit) {
    timeouts.setSuspendTimeout(time, unit);
  }

  @Override
  public void commit() {
    ContainerResponse current = response;
    if (current != null) {
      timeouts.close();
      complete(current);
    }
  }

  @Override
  public void failure(Throwable error) {
    timeouts.close();
    completeExceptionally(error);
  }

  @Override
  public boolean enableResponseBuffering() {
    return false;
  }
}
