package dev.jaxrsmcp.internal.read;

import dev.jaxrsmcp.internal.envelope.InPlaceRead;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.observe.CountingOutput;
import dev.jaxrsmcp.internal.time.Scheduler;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ContainerException;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * The container's response writer, as an in-place read uses it: the final response goes on the
 * read's event stream once that is committed; the bridge's envelope writer does its own buffering
 * (so Jersey's is off); an async route that suspends without a timeout gets the read timeout (a
 * timeout the route then sets with {@code AsyncResponse.setTimeout} replaces it, and the route's
 * timeout handler answers); and the read ends when the container is done with the response, however
 * that happens.
 *
 * <p>A container that refuses a time-limited suspension (Helidon's: {@code
 * UnsupportedOperationException}) suspends without one, and the bridge times the read itself
 * ({@link SuspendTimer}); so does a later {@code setSuspendTimeout} it refuses.
 */
final class ReadResponseWriter implements ContainerResponseWriter {
  private final ContainerResponseWriter container;
  private final InPlaceRead read;
  private final Duration asyncTimeout;
  private final boolean defaultMapperFollows;
  private final Scheduler timer;
  private volatile boolean started;

  /** The route set its own timeout ({@code AsyncResponse.setTimeout}) over the read timeout. */
  private volatile boolean ownTimeout;

  /** The suspension's timeout handler, once suspended; guarded by {@code this}. */
  private Optional<TimeoutHandler> suspended = Optional.empty();

  /** Set when the bridge times the suspension; guarded by {@code this}. */
  private Optional<SuspendTimer> bridgeTimed = Optional.empty();

  /**
   * @param defaultMapperFollows false when the application set Jersey's {@code
   *     jersey.config.server.response.setStatusOverSendError}, under which an unmapped exception
   *     gets no default response
   * @param timer schedules the timeout of a suspension the container will not time
   */
  ReadResponseWriter(
      ContainerResponseWriter container,
      InPlaceRead read,
      Duration asyncTimeout,
      boolean defaultMapperFollows,
      Scheduler timer) {
    this.container = container;
    this.read = read;
    this.asyncTimeout = asyncTimeout;
    this.defaultMapperFollows = defaultMapperFollows;
    this.timer = timer;
  }

  /** The container's own writer, beneath this one. */
  ContainerResponseWriter container() {
    return container;
  }

  @Override
  public OutputStream writeResponseStatusAndHeaders(long contentLength, ContainerResponse response)
      throws ContainerException {
    started = true;
    if (read.channel().map(EventChannel::isCommitted).orElse(false)) {
      return read.channel().get().tail();
    }
    // Headers a writer interceptor added after the response filter took the route's away.
    response.getHeaders().keySet().removeIf(name -> !read.sends(name));
    OutputStream out = container.writeResponseStatusAndHeaders(contentLength, response);
    return CountingOutput.of(out, read.observed);
  }

  @Override
  public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
    if (timeoutHandler == null) {
      return container.suspend(timeOut, timeUnit, timeoutHandler);
    }
    long millis;
    TimeoutHandler handler;
    if (timeOut <= 0 && !asyncTimeout.isZero()) {
      millis = asyncTimeout.toMillis();
      handler =
          writer -> {
            if (!ownTimeout) { // else the route's timeout ran out, and its handler answers
              read.timedOut.set(asyncTimeout.toMillis());
            }
            timeoutHandler.onTimeout(writer);
          };
    } else {
      millis = timeOut <= 0 ? 0 : timeUnit.toMillis(timeOut);
      handler = timeoutHandler;
    }
    synchronized (this) {
      suspended = Optional.of(handler);
    }
    if (millis <= 0) {
      return container.suspend(timeOut, timeUnit, handler);
    }
    try {
      return container.suspend(millis, TimeUnit.MILLISECONDS, handler);
    } catch (UnsupportedOperationException refused) {
      boolean done = container.suspend(0, TimeUnit.MILLISECONDS, handler);
      timeByBridge(millis);
      return done;
    }
  }

  @Override
  public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {
    ownTimeout = true;
    synchronized (this) {
      if (bridgeTimed.isPresent()) {
        bridgeTimed.get().schedule(timeUnit.toMillis(timeOut));
        return;
      }
    }
    try {
      container.setSuspendTimeout(timeOut, timeUnit);
    } catch (UnsupportedOperationException refused) {
      timeByBridge(timeUnit.toMillis(timeOut));
    }
  }

  /** The container will not time the suspension: times out in {@code millis} from now. */
  private synchronized void timeByBridge(long millis) {
    if (suspended.isEmpty()) {
      throw new IllegalStateException("the response is not suspended");
    }
    TimeoutHandler handler = suspended.get();
    SuspendTimer bridge =
        bridgeTimed.orElseGet(() -> new SuspendTimer(timer, () -> handler.onTimeout(this)));
    bridgeTimed = Optional.of(bridge);
    bridge.schedule(millis);
  }

  private void endTimer() {
    synchronized (this) {
      bridgeTimed.ifPresent(SuspendTimer::end);
    }
  }

  @Override
  public void commit() {
    endTimer();
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
    endTimer();
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
