package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.dispatch.McpContextSupplier;
import dev.jaxrsmcp.internal.dispatch.RouteRewrite;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.LegacyProtocol;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ModernProtocol;
import dev.jaxrsmcp.internal.protocol.ReadMessage;
import dev.jaxrsmcp.internal.protocol.ResourceMethods;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.protocol.SessionClaim;
import dev.jaxrsmcp.internal.protocol.ToolMethods;
import dev.jaxrsmcp.internal.security.UriLimit;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.session.SessionRead;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.tasks.Tasks;
import dev.jaxrsmcp.internal.template.TemplateIndex;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.glassfish.jersey.internal.util.PropertiesHelper;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ServerProperties;

/**
 * Starts a read in place (contract section 7): checks the era and the session, resolves the target
 * (a resource's URI, a tool's arguments), takes a read slot, then rewrites the MCP request into the
 * route's {@code GET} and sets up how its answer becomes the JSON-RPC response. Called by {@link
 * McpEndpoint#arrive} before any application filter.
 */
final class InPlaceStart {
  private final ServerState state;
  private final ModernProtocol modern;
  private final LegacyProtocol legacy;
  private final SessionStore sessions;
  private final ToolMethods tools;
  private final Tasks tasks;
  private final ReadSlots readSlots;
  private final LongRunningReads longReads;
  private final RouteRewrite rewrite;

  /**
   * Whether the container's {@code sendError} is used for error statuses (not {@link
   * ServerProperties#RESPONSE_SET_STATUS_OVER_SEND_ERROR}): the application's setting, read at its
   * first read (the configuration does not change once the application runs).
   */
  private volatile Boolean sendsErrors;

  InPlaceStart(
      ServerState state,
      ModernProtocol modern,
      LegacyProtocol legacy,
      SessionStore sessions,
      ToolMethods tools,
      Tasks tasks,
      ReadSlots readSlots,
      LongRunningReads longReads,
      RouteRewrite rewrite) {
    this.state = state;
    this.modern = modern;
    this.legacy = legacy;
    this.sessions = sessions;
    this.tools = tools;
    this.tasks = tasks;
    this.readSlots = readSlots;
    this.longReads = longReads;
    this.rewrite = rewrite;
  }

  /**
   * Rewrites a read into its route's request when it targets one; empty (the endpoint answers) when
   * the era does not offer the method or the request has no session to read in.
   */
  Optional<Response> start(ContainerRequest request, JsonRpcRequest message, Caller caller) {
    boolean legacyEra = McpEndpoint.isLegacy(message, caller);
    McpCall call;
    Optional<Session> session = Optional.empty();
    Optional<InPlaceRead.OwnerCheck> ownerCheck = Optional.empty();
    if (legacyEra) {
      if (!McpEndpoint.hasSession(caller)) {
        return Optional.empty();
      }
      // Before the application's filters: no principal yet, the binding's headers are checked;
      // a principal-bound session whose headers changed is checked after them (OwnerCheck).
      SessionClaim claim = legacy.sessionBeforeFilters(caller, "'" + message.method() + "'");
      if (!legacy.offers(message.method())) {
        return Optional.empty();
      }
      Session found = claim.session();
      session = Optional.of(found);
      if (claim.ownerPending()) {
        ownerCheck =
            Optional.of(
                principal -> {
                  boolean owner = legacy.ownsAfterFilters(found, caller, principal);
                  if (owner) {
                    sessions.confirm(found);
                  }
                  return owner;
                });
      } else {
        sessions.confirm(found); // any request after initialize confirms the handshake
      }
      call = legacy.call(message, caller, found);
    } else {
      call = modern.accept(message, caller);
      if (!modern.offers(message.method())) {
        return Optional.empty();
      }
      if ("tools/call".equals(message.method()) && tools.callsLongRunning(message)) {
        Optional<ObjectNode> task = tasks.callAsTask(call); // runs in the background, not in place
        if (task.isPresent()) {
          return Optional.of(
              McpEndpoint.json(200, JsonRpcMessages.result(message.id().get(), task.get())));
        }
      }
    }
    ReadMessage.Kind kind;
    CatalogueEntry entry;
    TemplateMatch match;
    String uri;
    if ("tools/call".equals(message.method())) {
      ToolMethods.ToolRead read = tools.resolve(call);
      kind = ReadMessage.Kind.TOOL_CALL;
      entry = read.entry();
      match = read.match();
      uri = read.uri();
    } else {
      uri =
          UriLimit.check(
              ResourceMethods.requiredUri(call),
              state.settings().get(LimitSettings.MAX_URI_LENGTH),
              "'uri'");
      TemplateIndex.Found<CatalogueEntry> found =
          state.catalogue().find(uri).orElseThrow(() -> call.era().notFound(uri));
      kind = ReadMessage.Kind.RESOURCE_READ;
      entry = found.value();
      match = found.match();
    }
    Runnable slot = readSlots.take(entry.longRunning(), uri); // before any work of the read
    try {
      return inPlace(request, message, call, session, ownerCheck, kind, entry, match, uri, slot);
    } catch (RuntimeException e) {
      slot.run();
      throw e;
    }
  }

  /** Starts a read that has its slot: the rewrite, and for a long-running one its spool. */
  private Optional<Response> inPlace(
      ContainerRequest request,
      JsonRpcRequest message,
      McpCall call,
      Optional<Session> session,
      Optional<InPlaceRead.OwnerCheck> ownerCheck,
      ReadMessage.Kind kind,
      CatalogueEntry entry,
      TemplateMatch match,
      String uri,
      Runnable slot) {
    InPlaceRead read;
    Duration asyncTimeout;
    if (entry.longRunning()) {
      Optional<Object> cancelKey = session.map(s -> new SessionRead(s, message.id().orElseThrow()));
      List<Runnable> ends = new ArrayList<>();
      LongRead longRead =
          longReads.start(
              call,
              entry,
              request,
              McpEndpoint.acceptsEventStream(call.caller()),
              cancelKey,
              ends::add,
              session.flatMap(Session::routeLogLevel));
      read =
          new InPlaceRead(
              call,
              kind,
              entry,
              uri,
              Optional.of(longRead),
              ownerCheck,
              state.settings().get(LimitSettings.MAX_READ_BYTES));
      ends.forEach(read::onEnd);
      request.setProperty(McpContextSupplier.PROPERTY, longRead.context);
      asyncTimeout = state.settings().get(LongRunningSettings.LONG_RUNNING_TIMEOUT);
    } else {
      read =
          new InPlaceRead(
              call,
              kind,
              entry,
              uri,
              Optional.empty(),
              ownerCheck,
              state.settings().get(LimitSettings.MAX_READ_BYTES));
      asyncTimeout = state.settings().get(LimitSettings.READ_TIMEOUT);
    }
    read.onEnd(slot);
    if (session.isPresent()) {
      Session s = session.get();
      s.enter();
      read.onEnd(s::exit);
    }
    request.setWriter(
        new ReadResponseWriter(
            request.getResponseWriter(),
            read,
            asyncTimeout,
            sendsErrors(request),
            longReads.timer()));
    request.setProperty(InPlaceRead.PROPERTY, read);
    rewrite.rewrite(request, entry, match, uri, ResourceMethods.traceHeaders(call));
    return Optional.empty();
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
