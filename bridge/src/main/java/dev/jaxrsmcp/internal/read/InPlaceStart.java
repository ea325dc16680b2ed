package dev.jaxrsmcp.internal.read;

import dev.jaxrsmcp.internal.asking.Asking;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.content.NotFoundReasons;
import dev.jaxrsmcp.internal.content.ReadMessage;
import dev.jaxrsmcp.internal.context.ThreadContexts;
import dev.jaxrsmcp.internal.dispatch.DispatchGuard;
import dev.jaxrsmcp.internal.dispatch.McpContextSupplier;
import dev.jaxrsmcp.internal.dispatch.RolesNamed;
import dev.jaxrsmcp.internal.dispatch.RouteRewrite;
import dev.jaxrsmcp.internal.dispatch.SecurityIdentity;
import dev.jaxrsmcp.internal.dispatch.ShadowedRouteException;
import dev.jaxrsmcp.internal.envelope.InPlaceRead;
import dev.jaxrsmcp.internal.eras.LegacyProtocol;
import dev.jaxrsmcp.internal.eras.ModernProtocol;
import dev.jaxrsmcp.internal.eras.SessionClaim;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.longrun.LongRead;
import dev.jaxrsmcp.internal.longrun.LongRunningReads;
import dev.jaxrsmcp.internal.methods.PromptMethods;
import dev.jaxrsmcp.internal.methods.ResourceMethods;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.observe.Observed;
import dev.jaxrsmcp.internal.observe.RequestAttributes;
import dev.jaxrsmcp.internal.observe.TaskRunWatch;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ReadContext;
import dev.jaxrsmcp.internal.protocol.RouteCall;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.readiness.StreamQueues;
import dev.jaxrsmcp.internal.security.UriLimit;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.slots.ReadSlots;
import dev.jaxrsmcp.internal.slots.SlotQueue;
import dev.jaxrsmcp.internal.tasks.Tasks;
import dev.jaxrsmcp.internal.template.TemplateIndex;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import dev.jaxrsmcp.internal.waiting.Redispatch;
import dev.jaxrsmcp.internal.waiting.WaitingRead;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.glassfish.jersey.internal.util.PropertiesHelper;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ServerProperties;

/**
 * Starts a read in place (contract section 7): checks era and session, resolves the target, takes a
 * read slot, rewrites the MCP request into the route's request and sets up how its answer becomes
 * the JSON-RPC response. Called by {@code McpEndpoint.arrive} before any application filter; what
 * the read keeps is made once they accepted the caller ({@link ReadAdmission}).
 */
public final class InPlaceStart {
  private static final System.Logger LOG = System.getLogger(InPlaceStart.class.getName());

  private final ServerState state;
  private final ModernProtocol modern;
  private final LegacyProtocol legacy;
  private final SessionStore sessions;
  private final ToolMethods tools;
  private final PromptMethods prompts;
  private final Tasks tasks;
  private final ReadSlots readSlots;
  private final LongRunningReads longReads;
  private final RouteRewrite rewrite;
  private final Callers callers;
  private final ThreadContexts threadContexts;
  private final Redispatch redispatch;
  private final RouteAsking asking;
  private final StreamQueues streamQueues;

  // Settings a read needs, read once: the application's settings do not change once it runs.
  private final int maxUriLength;
  private final long maxReadBytes;
  private final Duration longRunningTimeout;
  private final Duration readTimeout;

  /**
   * Whether the container's {@code sendError} is used for error statuses (not {@link
   * ServerProperties#RESPONSE_SET_STATUS_OVER_SEND_ERROR}): the application's setting, read at its
   * first read (the configuration does not change once the application runs).
   */
  private volatile Boolean sendsErrors;

  public InPlaceStart(
      ServerState state,
      ModernProtocol modern,
      LegacyProtocol legacy,
      SessionStore sessions,
      ToolMethods tools,
      Tasks tasks,
      ReadSlots readSlots,
      LongRunningReads longReads,
      RouteRewrite rewrite,
      Callers callers,
      ThreadContexts threadContexts,
      Asking asking,
      StreamQueues streamQueues,
      Supplier<ApplicationHandler> application) {
    this.state = state;
    this.modern = modern;
    this.legacy = legacy;
    this.sessions = sessions;
    this.tools = tools;
    this.prompts = new PromptMethods(state);
    this.tasks = tasks;
    this.readSlots = readSlots;
    this.longReads = longReads;
    this.rewrite = rewrite;
    this.callers = callers;
    this.threadContexts = threadContexts;
    this.redispatch = new Redispatch(application);
    this.streamQueues = streamQueues;
    this.asking =
        new RouteAsking(asking, longReads, state.settings().get(SecuritySettings.ASK_TIMEOUT));
    this.maxUriLength = state.settings().get(LimitSettings.MAX_URI_LENGTH);
    this.maxReadBytes = state.settings().get(LimitSettings.MAX_READ_BYTES);
    this.longRunningTimeout = state.settings().get(LongRunningSettings.LONG_RUNNING_TIMEOUT);
    this.readTimeout = state.settings().get(LimitSettings.READ_TIMEOUT);
  }

  /**
   * Rewrites a read into its route's request when it targets one; empty (the endpoint answers) when
   * the era does not offer the method or the request has no session to read in. Keeps nothing for
   * the caller: what the read needs kept (a long read's spool and cancel handle, a task) is made by
   * its {@link InPlaceRead.Admission} once the application's filters accepted the caller.
   */
  public Optional<Response> start(
      ContainerRequest request, JsonRpcRequest message, Caller caller, byte[] body) {
    boolean legacyEra = Callers.isLegacy(message, caller);
    McpCall call;
    Optional<Session> session = Optional.empty();
    boolean ownerPending = false;
    Optional<ToolMethods.ToolRead> task = Optional.empty();
    if (legacyEra) {
      if (!Callers.hasSession(caller)) {
        return Optional.empty();
      }
      // Before the application's filters: a session bound to headers is checked now; one bound to
      // a principal or a caller key once the filters said who the caller is (the admission).
      SessionClaim claim = legacy.sessionBeforeFilters(caller, "'" + message.method() + "'");
      if (!legacy.offers(message.method())) {
        return Optional.empty();
      }
      session = Optional.of(claim.session());
      ownerPending = claim.ownerPending();
      if (!ownerPending) {
        sessions.confirm(claim.session()); // any request after initialize confirms the handshake
      }
      call = legacy.call(message, caller, claim.session());
    } else {
      call = modern.accept(message, caller);
      if (!modern.offers(message.method())) {
        return Optional.empty();
      }
      if ("tools/call".equals(message.method()) && tools.callsLongRunning(message)) {
        task = tasks.asTask(call); // created once the application's filters accepted the caller
      }
    }
    ReadMessage.Kind kind;
    CatalogueEntry entry;
    TemplateMatch match;
    String uri;
    RouteCall routeCall = RouteCall.READ;
    boolean structured = false;
    String promptName = "";
    Optional<ToolMethods.ToolRead> toolRead = Optional.empty();
    if (task.isPresent()) {
      kind = ReadMessage.Kind.TOOL_CALL;
      entry = task.get().entry();
      match = task.get().match();
      uri = task.get().uri();
    } else if ("tools/call".equals(message.method())) {
      ToolMethods.ToolRead read = tools.resolve(call);
      kind = ReadMessage.Kind.TOOL_CALL;
      entry = read.entry();
      match = read.match();
      uri = read.uri();
      routeCall = read.call();
      structured = read.structured();
      toolRead = Optional.of(read);
    } else if ("prompts/get".equals(message.method())) {
      PromptMethods.PromptRead read = prompts.resolve(call);
      kind = ReadMessage.Kind.PROMPT_GET;
      entry = read.prompt().entry();
      match = read.match();
      uri = read.uri();
      promptName = read.prompt().name();
    } else {
      uri = UriLimit.check(ResourceMethods.requiredUri(call), maxUriLength, "'uri'");
      TemplateIndex.Found<CatalogueEntry> found =
          state
              .catalogue()
              .find(uri)
              .orElseThrow(() -> NotFoundReasons.unmatched(state.catalogue(), uri, call.era()));
      kind = ReadMessage.Kind.RESOURCE_READ;
      entry = found.value();
      match = found.match();
    }
    RequestAttributes.template(
        request,
        kind == ReadMessage.Kind.RESOURCE_READ
            ? entry.template().text()
            : message.params().path("name").asText());
    // A task's route runs later, elsewhere: here only the application's filters run.
    boolean longRunning = entry.longRunning() && task.isEmpty();
    Runnable slot;
    if (request.getProperty(Redispatch.Grant.PROPERTY) instanceof Redispatch.Grant grant) {
      slot = grant.claim(); // it waited for its slot and runs again
    } else { // before any work of the read
      WaitingRead waiting =
          new WaitingRead(request, body, message.id().orElseThrow(), redispatch, threadContexts);
      SlotQueue.Admission admission = readSlots.take(longRunning, uri, waiting);
      if (admission.release().isEmpty()) {
        return Optional.of(
            waiting.park(
                admission.leave(),
                longRunning ? Optional.of(longReads) : Optional.empty(),
                Callers.acceptsEventStream(call.caller()),
                session));
      }
      slot = admission.release().get();
    }
    try {
      InPlaceRead read = new InPlaceRead(call, kind, entry, uri, maxReadBytes);
      read.onEnd(slot);
      read.structured = structured;
      read.prompt = promptName;
      Duration asyncTimeout = longRunning ? longRunningTimeout : readTimeout;
      ReadResponseWriter writer =
          new ReadResponseWriter(
              request.getResponseWriter(),
              read,
              asyncTimeout,
              sendsErrors(request),
              longReads.timer());
      read.ownerPending = ownerPending;
      if (ownerPending) {
        Session pending = session.orElseThrow();
        read.owns = refused -> legacy.ownsAfterFilters(pending, callers.afterFilters(refused));
      }
      read.admission =
          admission(
              request,
              writer,
              call,
              session,
              ownerPending,
              task,
              entry,
              longRunning,
              read,
              kind == ReadMessage.Kind.TOOL_CALL
                  ? (task.isPresent() ? task : toolRead)
                  : Optional.empty());
      Optional<Response> refused = Optional.empty();
      try {
        rewrite.rewrite(request, entry, match, uri, ResourceMethods.traceHeaders(call), routeCall);
      } catch (ShadowedRouteException e) {
        // Answered as the dispatch guard answers a read Jersey routed elsewhere, but before
        // Jersey matches: no locator, no resource of the application is touched (section 7).
        LOG.log(System.Logger.Level.INFO, e.getMessage());
        request.setProperty(DispatchGuard.REJECTED, Boolean.TRUE);
        refused = Optional.of(Response.status(Response.Status.NOT_FOUND).build());
      }
      if (session.isPresent()) {
        Session s = session.get();
        s.enter();
        read.onEnd(s::exit);
      }
      request.setWriter(writer);
      request.setProperty(InPlaceRead.PROPERTY, read);
      return refused;
    } catch (RuntimeException e) {
      slot.run();
      throw e;
    }
  }

  /**
   * What the read does once the application's filters accepted the caller (contract section 15), in
   * this order: the session's owner told by principal or caller key (refused: as an unknown
   * session, before the route); a task created and its handle answered; a long-running read's
   * spool, stream and cancel handle started.
   */
  private InPlaceRead.Admission admission(
      ContainerRequest request,
      ReadResponseWriter writer,
      McpCall call,
      Optional<Session> session,
      boolean ownerPending,
      Optional<ToolMethods.ToolRead> task,
      CatalogueEntry entry,
      boolean longRunning,
      InPlaceRead read,
      Optional<ToolMethods.ToolRead> tool) {
    // The route's context exists from the start: Jersey may hand it to the route's resource while
    // it matches, before any filter; what it reports goes nowhere until the read is admitted. It
    // can ask the client (McpContext.ask) once admitted.
    boolean eventStream = Callers.acceptsEventStream(call.caller());
    ReadContext context = asking.context(call, entry, longRunning, eventStream, tool.isPresent());
    Optional<EventChannel> waited =
        request.getProperty(Redispatch.Grant.PROPERTY) instanceof Redispatch.Grant grant
            ? grant.channel
            : Optional.empty();
    request.setProperty(McpContextSupplier.PROPERTY, context);
    return (admitted, in) -> {
      Caller caller = callers.afterFilters(admitted);
      if (ownerPending) {
        Session s = session.orElseThrow();
        if (!legacy.ownsAfterFilters(s, caller)) {
          throw LegacyProtocol.sessionNotFound();
        }
        sessions.confirm(s);
      }
      if (!asking.admit(
          call, caller, session, admitted, writer, in, context, eventStream, longRunning, tool)) {
        return; // answered: the question, or the user did not confirm
      }
      if (task.isPresent()) {
        Caller creator =
            caller.detached(
                SecurityIdentity.snapshotOf(caller.identity(), RolesNamed.by(entry.method())));
        in.answer(
            tasks.start(
                call, task.get(), creator, threadContexts.capture(), TaskRunWatch.of(admitted)));
        return;
      }
      if (longRunning) {
        streamQueues.boundLongRead();
        Observed.of(admitted).ifPresent(o -> context.watch(progressEvents(o)));
        List<Runnable> ends = new ArrayList<>();
        LongRead longRead =
            longReads.start(
                call,
                entry,
                admitted,
                writer.container(),
                eventStream,
                context,
                session,
                ends::add,
                session.flatMap(Session::routeLogLevel),
                waited);
        in.longRead = Optional.of(longRead);
        ends.forEach(in::onEnd);
      }
    };
  }

  /** A long read's progress as the observers' {@code progress} events: {@code 3/10 message}. */
  private static ReadContext.ProgressSink progressEvents(Observed observed) {
    return (progress, total, message) -> {
      StringBuilder detail = new StringBuilder().append(number(progress));
      if (!Double.isNaN(total)) {
        detail.append('/').append(number(total));
      }
      if (!message.isEmpty()) {
        detail.append(' ').append(message);
      }
      observed.event("progress", detail.toString());
    };
  }

  private static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : Double.toString(value);
  }

  private boolean sendsErrors(ContainerRequest request) {
    Boolean sends = sendsErrors;
    if (sends == null) {
      sends =
          !PropertiesHelper.isProperty(
              request
                  .getConfiguration()
                  .getProperty(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR));
      sendsErrors = sends;
    }
    return sends;
  }
}
