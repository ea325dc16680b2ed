package dev.jaxrsmcp.internal.waiting;

import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.subscribe.BridgePools;
import dev.jaxrsmcp.internal.subscribe.BridgeThreads;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * Runs a read that waited for its slot ({@link WaitingRead}) through the application once the slot
 * is its own: the MCP request as it arrived (method, URI, headers, body, security context, the
 * container's request properties and scoped injectables) goes through the application's {@link
 * ApplicationHandler} again, on a thread of this pool, and its response is written to the
 * container's response, which stayed suspended while the read waited. The bridge's first filter
 * finds the slot on the request ({@link Grant}) instead of taking one. The pool holds a thread per
 * read running this way, never one per waiting read (each running read holds a slot), and keeps no
 * idle thread for long ({@link BridgePools}).
 */
public final class Redispatch {
  private static final ThreadPoolExecutor POOL =
      BridgePools.managed(
          new ThreadPoolExecutor(
              0,
              Integer.MAX_VALUE,
              BridgePools.IDLE_SECONDS,
              TimeUnit.SECONDS,
              new SynchronousQueue<>(),
              BridgeThreads.numbered("jaxrs-mcp-queued-read-")));

  private final Supplier<ApplicationHandler> application;

  public Redispatch(Supplier<ApplicationHandler> application) {
    this.application = application;
  }

  /**
   * Runs {@code request} again as a new request whose read holds {@code grant}; a grant its read
   * did not claim (the request was refused before its slot was needed) is given back when Jersey is
   * done with it.
   *
   * @param carried puts the arriving thread's thread-locals around the run
   */
  void run(
      ContainerRequest request,
      byte[] body,
      ContainerResponseWriter container,
      Grant grant,
      UnaryOperator<Runnable> carried) {
    MapPropertiesDelegate properties = new MapPropertiesDelegate(request.getPropertiesDelegate());
    ContainerRequest again =
        new ContainerRequest(
            request.getBaseUri(),
            request.getRequestUri(),
            request.getMethod(),
            request.getSecurityContext(),
            properties,
            request.getConfiguration());
    again.headers(request.getHeaders());
    again.setEntityStream(new ByteArrayInputStream(body));
    again.setWriter(new Resumed(container, grant.channel));
    again.setRequestScopedInitializer(request.getRequestScopedInitializer());
    again.setProperty(Grant.PROPERTY, grant);
    POOL.execute(
        carried.apply(
            () -> {
              try {
                application.get().handle(again);
              } finally {
                grant.giveBackUnclaimed();
              }
            }));
  }

  /**
   * The slot (and, for a long-running read, the channel that carried its keep-alives) a read got by
   * waiting, as a request property of its second run.
   */
  public static final class Grant {
    public static final String PROPERTY = Grant.class.getName();

    private final Runnable release;
    public final Optional<EventChannel> channel;
    private final AtomicBoolean claimed = new AtomicBoolean();

    Grant(Runnable release, Optional<EventChannel> channel) {
      this.release = release;
      this.channel = channel;
    }

    /** The read takes the slot: it gives it back when its response ends. */
    public Runnable claim() {
      claimed.set(true);
      return release;
    }

    private void giveBackUnclaimed() {
      if (!claimed.get()) {
        release.run();
      }
    }
  }

  /**
   * The container's writer beneath a second run: the container's response is already suspended (by
   * the first run, no time limit), so a suspension without one is granted as is, and one with a
   * time limit is left to the bridge ({@code ReadResponseWriter} times it, as on a container that
   * will only suspend without one). When keep-alives committed the waiting read's channel and the
   * read was refused before it could use it (its session ended meanwhile, the application's filters
   * refused the caller), the refusal's JSON-RPC message goes on the channel as its last.
   */
  private record Resumed(ContainerResponseWriter container, Optional<EventChannel> channel)
      implements ContainerResponseWriter {
    @Override
    public OutputStream writeResponseStatusAndHeaders(
        long contentLength, ContainerResponse response) {
      if (channel.isPresent() && channel.get().seal()) {
        EventChannel events = channel.get();
        return new ByteArrayOutputStream() {
          @Override
          public void close() throws IOException {
            byte[] message = toByteArray();
            events.writeFinal(out -> out.write(message));
            events.tail().close();
          }
        };
      }
      return container.writeResponseStatusAndHeaders(contentLength, response);
    }

    @Override
    public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
      if (timeOut > 0) {
        throw new UnsupportedOperationException("suspended already, without a time limit");
      }
      return true;
    }

    @Override
    public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {
      throw new UnsupportedOperationException("suspended already, without a time limit");
    }

    @Override
    public void commit() {
      container.commit();
    }

    @Override
    public void failure(Throwable error) {
      container.failure(error);
    }

    @Override
    public boolean enableResponseBuffering() {
      return container.enableResponseBuffering();
    }
  }
}
