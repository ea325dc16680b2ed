package dev.jaxrsmcp.internal.waiting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.context.ThreadContexts;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.longrun.LongRunningReads;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.slots.SlotQueue;
import dev.jaxrsmcp.internal.subscribe.StreamWriters;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * A read waiting in a {@link SlotQueue} for its slot, holding no thread: the container's response
 * is suspended (no time limit) and the request's first run through Jersey ends at once, its
 * response dropped. A long-running read's client gets keep-alives while it waits (SSE comments, or
 * spaces for a JSON-only client: the read's own channel, which it keeps once it runs), and a
 * keep-alive that finds the client gone takes the read out of the queue; so does a legacy {@code
 * notifications/cancelled} for its id. Granted, the read runs again through the application with
 * its slot ({@link Redispatch}); refused (it waited {@code maxReadQueueWait}, the server shuts
 * down), it is answered with the error: HTTP 503 and {@code Retry-After} when nothing was sent yet,
 * else as the stream's last message.
 *
 * <p>Thread-safe: the state is guarded by {@code this}; the outcome is acted on once, outside the
 * lock, and writes to the client happen on a stream writer thread.
 */
public final class WaitingRead implements SlotQueue.Waiter {
  private final ContainerRequest request;
  private final byte[] body;
  private final JsonNode id;
  private final ContainerResponseWriter container;
  private final Redispatch redispatch;
  private final ThreadContexts contexts;

  // guarded by this
  private boolean parked;
  // guarded by this
  private boolean done;
  // guarded by this: an outcome that came before the read was parked
  private Optional<Runnable> pending = Optional.empty();
  // guarded by this
  private Runnable leave = () -> {};
  // guarded by this: what stops the waiting (keep-alives, the cancel handle)
  private final List<Runnable> stops = new ArrayList<>();

  private volatile Optional<EventChannel> channel = Optional.empty();
  private volatile boolean eventStream;

  /** The arriving thread's thread-locals, for the run once granted; taken when parked. */
  private volatile UnaryOperator<Runnable> carried = UnaryOperator.identity();

  public WaitingRead(
      ContainerRequest request,
      byte[] body,
      JsonNode id,
      Redispatch redispatch,
      ThreadContexts contexts) {
    this.request = request;
    this.body = body;
    this.id = id;
    this.container = request.getResponseWriter();
    this.redispatch = redispatch;
    this.contexts = contexts;
  }

  /**
   * Parks the request once its place in the queue is taken: suspends the container's response,
   * drops what the first run answers, starts a long-running read's keep-alives and, on a legacy
   * session, its cancel handle.
   *
   * @param leave takes the read out of the queue
   * @param longReads for a long-running read (empty for a plain one): its keep-alives
   * @return the response the first run ends with (dropped)
   */
  public Response park(
      Runnable leave,
      Optional<LongRunningReads> longReads,
      boolean eventStream,
      Optional<Session> session) {
    carried = contexts.capture(); // only for a read that waits: a read with a slot needs none
    container.suspend(0, TimeUnit.MILLISECONDS, writer -> {});
    request.setWriter(new Dropped());
    this.eventStream = eventStream;
    List<Runnable> started = new ArrayList<>();
    if (longReads.isPresent()) {
      EventChannel events =
          longReads.get().waitingChannel(request, container, eventStream, this::clientGone);
      channel = Optional.of(events);
      longReads.get().keepAlive(events, started::add);
    }
    session.flatMap(s -> s.reads().track(id, this::cancelled)).ifPresent(started::add);
    Optional<Runnable> outcome;
    synchronized (this) {
      this.leave = leave;
      stops.addAll(started);
      parked = true;
      outcome = pending;
      pending = Optional.empty();
    }
    outcome.ifPresent(Runnable::run);
    return Response.noContent().build();
  }

  @Override
  public void granted(Runnable release) {
    if (!decide(() -> run(release))) {
      release.run(); // it left meanwhile: the slot goes on
    }
  }

  @Override
  public void refused(JsonRpcException error) {
    decide(() -> StreamWriters.execute(() -> answer(error)));
  }

  /** A keep-alive found the client gone: it leaves the queue, and its response ends. */
  private void clientGone() {
    leaveWith(Optional.empty());
  }

  /**
   * A legacy {@code notifications/cancelled}: it leaves the queue; as a running long read, a stream
   * ends with nothing more, and any other response with the {@code Read cancelled} error.
   */
  private void cancelled() {
    boolean streaming = eventStream && channel.map(EventChannel::isCommitted).orElse(false);
    leaveWith(
        streaming
            ? Optional.empty()
            : Optional.of(new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Read cancelled")));
  }

  private void leaveWith(Optional<JsonRpcException> answer) {
    Runnable out;
    synchronized (this) {
      if (done) {
        return;
      }
      if (!parked) { // its session ended as it was parked, say: it leaves once parked
        pending = Optional.of(() -> leaveWith(answer));
        return;
      }
      done = true;
      out = leave;
    }
    out.run();
    stopWaiting();
    StreamWriters.execute(
        () -> {
          if (answer.isPresent()) {
            answer(answer.get());
          } else {
            channel.ifPresent(EventChannel::seal);
            end();
          }
        });
  }

  /**
   * Acts on the outcome once: now when parked, else once parked. False when the read was decided
   * already (it left the queue).
   */
  private boolean decide(Runnable outcome) {
    synchronized (this) {
      if (done) {
        return false;
      }
      done = true;
      if (!parked) {
        pending = Optional.of(outcome);
        return true;
      }
    }
    outcome.run();
    return true;
  }

  private void run(Runnable release) {
    stopWaiting();
    redispatch.run(request, body, container, new Redispatch.Grant(release, channel), carried);
  }

  private void stopWaiting() {
    List<Runnable> now;
    synchronized (this) {
      now = List.copyOf(stops);
      stops.clear();
    }
    now.forEach(Runnable::run);
  }

  /** Answers {@code error}: its status and headers if nothing was sent, else the last message. */
  private void answer(JsonRpcException error) {
    stopWaiting();
    byte[] message =
        Json.writeBytes(JsonRpcMessages.error(Optional.of(id), EventChannel.streamed(error)));
    try {
      if (channel.isPresent() && channel.get().seal()) {
        channel.get().writeFinal(out -> out.write(message));
      } else {
        Response.ResponseBuilder head =
            Response.status(error.httpStatus())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(message);
        for (Map.Entry<String, List<String>> header : error.httpHeaders().entrySet()) {
          header.getValue().forEach(v -> head.header(header.getKey(), v));
        }
        try (OutputStream out =
            container.writeResponseStatusAndHeaders(
                message.length, new ContainerResponse(request, head.build()))) {
          out.write(message);
        }
      }
    } catch (IOException | RuntimeException e) {
      // The client went away: nothing more to tell it.
    }
    end();
  }

  private void end() {
    try {
      if (channel.isPresent()) {
        channel.get().tail().close(); // ends the channel: a stream is closed
      }
      container.commit();
    } catch (IOException | RuntimeException e) {
      // The container had ended the response already.
    }
  }

  /** Takes what Jersey answers on the first run, which ends as soon as the read is parked. */
  private static final class Dropped implements ContainerResponseWriter {
    @Override
    public OutputStream writeResponseStatusAndHeaders(
        long contentLength, ContainerResponse response) {
      return OutputStream.nullOutputStream();
    }

    @Override
    public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
      return false;
    }

    @Override
    public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {}

    @Override
    public void commit() {}

    @Override
    public void failure(Throwable error) {}

    @Override
    public boolean enableResponseBuffering() {
      return false;
    }
  }
}
