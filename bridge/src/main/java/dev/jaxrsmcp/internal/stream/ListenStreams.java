package dev.jaxrsmcp.internal.stream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.methods.Subscriptions;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.quota.OwnerQuota;
import dev.jaxrsmcp.internal.quota.QuotaExceededException;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.subscribe.ChangeHub;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The open modern notification streams of this instance: opening one (acknowledgement first, then
 * subscriptions), keep-alives, the listen timeout, cleanup when a client vanishes, and the graceful
 * completion result on shutdown.
 */
public final class ListenStreams {
  /** How long shutdown waits for clients to take their completion result. */
  static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(1);

  private final ServerState state;
  private final ChangeHub hub;
  private final Set<ListenStream> open = ConcurrentHashMap.newKeySet();
  private final OwnerQuota streams;
  private final Supplier<com.fasterxml.jackson.databind.node.ObjectNode> serverInfo;

  /** Written under {@code this}, once; empty until the first stream opens. */
  private volatile Optional<ScheduledFuture<?>> keepAlives = Optional.empty();

  public ListenStreams(
      ServerState state,
      ChangeHub hub,
      Supplier<com.fasterxml.jackson.databind.node.ObjectNode> serverInfo) {
    this.state = state;
    this.hub = hub;
    this.serverInfo = serverInfo;
    this.streams =
        new OwnerQuota(
            new OwnerQuota.Limit(
                state.settings().get(SubscriptionSettings.MAX_CONCURRENT_LISTENS),
                "maxConcurrentListens"),
            new OwnerQuota.Limit(
                state.settings().get(SubscriptionSettings.MAX_LISTENS_PER_CALLER),
                "maxListensPerCaller"),
            new OwnerQuota.Limit(
                state.settings().get(SubscriptionSettings.MAX_ANONYMOUS_LISTENS),
                "maxAnonymousListens"));
  }

  /**
   * Reserves a place for one more stream of {@code owner} (a quota key), or refuses with HTTP 503:
   * with {@code Retry-After} for the limit in all; without one for the caller's own limit (or the
   * anonymous callers'), whose streams are all open.
   *
   * @return what gives the place back (once)
   */
  public Runnable reserve(String owner) {
    try {
      return streams.take(owner, 1);
    } catch (QuotaExceededException e) {
      boolean all = e.scope() == QuotaExceededException.Scope.ALL;
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          (all
                  ? "Too many notification streams: "
                  : "Too many notification streams for this caller: ")
              + e.describe()
              + " may be open at once"
              + (all ? "" : "; close one first"),
          Optional.empty(),
          503,
          all ? Map.of("Retry-After", List.of("5")) : Map.of());
    }
  }

  /**
   * Opens a stream for a planned listen on a reserved place, as the answer to {@code request}
   * (Jersey's copy of its headers is dropped once the stream is open: the container keeps its own);
   * {@code release} runs once when the stream ends (it gives back the place and subscriptions).
   */
  public Response open(ListenPlan plan, Caller caller, ContainerRequest request, Runnable release) {
    long maxUnsent = state.settings().get(SubscriptionSettings.MAX_UNSENT_BYTES);
    JsonNode id = plan.subscriptionId();
    SseStream stream =
        new SseStream(
            maxUnsent,
            () -> // made only when needed: an idle stream does not hold it
            Optional.of(
                    JsonRpcMessages.error(
                        Optional.of(id),
                        new JsonRpcException(
                            ErrorCodes.INTERNAL_ERROR,
                            "Notification stream ended: more than "
                                + maxUnsent
                                + " bytes were waiting for this client (maxUnsentBytes); listen"
                                + " again, then re-read"))));
    ListenStream listen = new ListenStream(stream, plan, release);
    stream.send(Subscriptions.acknowledgement(plan));
    if (plan.isEmpty()) {
      stream.send(Subscriptions.completion(plan.subscriptionId(), serverInfo.get()));
      release.run();
      stream.close();
      return stream.answer(request);
    }
    open.add(listen);
    stream.onClose(() -> forget(listen));
    Map<String, List<String>> headers = Map.copyOf(caller.headers());
    for (ListenPlan.Watched watched : plan.uris()) {
      hub.subscribe(
          listen,
          watched.uri(),
          watched.entry().template().text(),
          watched.match().values(),
          headers);
    }
    if (plan.resourcesListChanged()) {
      hub.listenToListChanges(listen);
    }
    startKeepAlives();
    Duration timeout = state.settings().get(SubscriptionSettings.LISTEN_TIMEOUT);
    if (!timeout.isZero()) {
      listen.timeout(
          hub.scheduler()
              .schedule(() -> complete(listen), timeout.toMillis(), TimeUnit.MILLISECONDS));
      if (!open.contains(listen)) {
        listen.cancelTimeout(); // it closed while the timeout was being scheduled
      }
    }
    return stream.answer(request, () -> request.getHeaders().clear());
  }

  /** How many streams are open now. */
  int size() {
    return open.size();
  }

  /**
   * Ends every stream gracefully: the completion result, then close. Streams whose client does not
   * take the result within {@link #SHUTDOWN_GRACE} (all together, not each) are ended without it; a
   * stalled client does not delay anyone else's result.
   */
  public void shutdown() {
    keepAlives.ifPresent(task -> task.cancel(false));
    List<ListenStream> ending = List.copyOf(open);
    for (ListenStream listen : ending) {
      complete(listen);
    }
    CompletableFuture<?>[] finished =
        ending.stream().map(l -> l.stream().finished()).toArray(CompletableFuture[]::new);
    try {
      CompletableFuture.allOf(finished).get(SHUTDOWN_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // some clients did not take their result in time: they are ended below
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (ListenStream listen : ending) {
      listen.stream().abort(); // no effect on a stream that has ended
    }
  }

  /** Queues the completion result and the end of the stream, behind its pending notifications. */
  private void complete(ListenStream listen) {
    if (open.contains(listen) && listen.startEnding()) {
      hub.send(
          listen,
          s -> {
            listen.stream().send(Subscriptions.completion(listen.id(), serverInfo.get()));
            listen.stream().close();
          });
    }
  }

  private void forget(ListenStream listen) {
    if (open.remove(listen)) {
      listen.cancelTimeout();
      listen.release();
      hub.removeAll(listen, listen.uris());
    }
  }

  private synchronized void startKeepAlives() {
    if (keepAlives.isEmpty()) {
      long every = state.settings().get(SubscriptionSettings.KEEP_ALIVE).toMillis();
      keepAlives =
          Optional.of(
              hub.scheduler()
                  .scheduleWithFixedDelay(
                      () -> open.forEach(l -> l.stream().keepAlive()), // queued: never blocks
                      every,
                      every,
                      TimeUnit.MILLISECONDS));
    }
  }
}
