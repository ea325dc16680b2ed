package dev.jaxrsmcp.internal.eras;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.internal.logging.LogLevels;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.MethodResult;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.security.CallerBinding;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.sharedsessions.SessionStoreUnavailableException;
import dev.jaxrsmcp.internal.sharedsessions.TooManySessionsException;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The legacy era (revisions 2025-11-25, 2025-06-18, 2025-03-26): the {@code initialize} handshake
 * with version negotiation, sessions named by {@code Mcp-Session-Id}, and a method table whose
 * results are sent as they are (no {@code resultType}, cache hints or {@code serverInfo} meta).
 */
public final class LegacyProtocol {
  public static final String SESSION_HEADER = "Mcp-Session-Id";

  /** {@link #SESSION_HEADER} as request headers are looked up (see {@link Caller#header}). */
  public static final String SESSION_HEADER_LOOKUP = "mcp-session-id";

  private static final System.Logger LOG = System.getLogger(LegacyProtocol.class.getName());

  /** The protocol version header, as request headers are looked up (see {@link Caller#header}). */
  static final String VERSION_HEADER = "mcp-protocol-version";

  /** The syslog levels {@code logging/setLevel} accepts. */
  static final List<String> LOG_LEVELS =
      List.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

  private final ServerState state;
  private final SessionStore sessions;
  private final CallerBinding binding;
  private final Map<String, MethodHandler> methods;

  public LegacyProtocol(
      ServerState state, SessionStore sessions, Map<String, MethodHandler> extraMethods) {
    this.state = state;
    this.sessions = sessions;
    this.binding =
        new CallerBinding(
            state.settings().get(SecuritySettings.SESSION_BINDING),
            state.settings().get(SecuritySettings.SESSION_BINDS_PRINCIPAL),
            sessions::bindingKey);
    Map<String, MethodHandler> table = new HashMap<>();
    table.put("initialize", LegacyProtocol::alreadyInitialized);
    table.put("ping", call -> MethodResult.of(Json.object()));
    table.put("logging/setLevel", LegacyProtocol::setLevel);
    CommonMethods.register(state, table);
    table.putAll(extraMethods);
    this.methods = Map.copyOf(table);
  }

  /** The result of a successful {@code initialize}: the new session and the result object. */
  public record Handshake(Session session, ObjectNode result) {}

  /**
   * The version to answer an {@code initialize} that asked for {@code requested}: the same when it
   * is a legacy version served here, else the newest legacy version. Never the modern version.
   */
  public static String negotiate(String requested) {
    return Era.LEGACY_VERSIONS.contains(requested) ? requested : Era.LEGACY_VERSIONS.get(0);
  }

  /**
   * Answers an {@code initialize} sent without a session: negotiates the version and starts a
   * session owned by the caller the application's filters accepted (its principal, its caller key,
   * or its {@link dev.jaxrsmcp.McpFeature#sessionBinding()} headers) and counted against its quota.
   * The session keeps only what it uses of the client's capabilities and info ({@link
   * ClientFacts}).
   *
   * @throws JsonRpcException for bad params, when the session limit is reached and on shutdown; no
   *     session is started then
   */
  public Handshake initialize(JsonRpcRequest request, Caller caller) {
    ObjectNode params = request.params();
    JsonNode requested = params.get("protocolVersion");
    if (requested == null || !requested.isTextual()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: 'protocolVersion' must be a string (found "
              + describe(requested)
              + ") for method initialize");
    }
    JsonNode capabilities = params.get("capabilities");
    if (capabilities != null && !capabilities.isObject()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: 'capabilities' must be an object (found "
              + describe(capabilities)
              + ") for method initialize");
    }
    JsonNode clientInfo = params.get("clientInfo");
    if (clientInfo != null && !clientInfo.isObject()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: 'clientInfo' must be an object (found "
              + describe(clientInfo)
              + ") for method initialize");
    }
    String version = negotiate(requested.textValue());
    Session session;
    try {
      Optional<String> name = caller.identity().principalName();
      Optional<String> key = caller.identity().callerKey();
      session =
          sessions.create(
              version,
              ClientFacts.capabilities(capabilities),
              ClientFacts.clientInfo(clientInfo),
              binding.fingerprint(caller.headers(), name, key),
              binding.quotaKey(name, key));
    } catch (TooManySessionsException e) {
      throw SessionRefusals.tooMany(e);
    } catch (SessionStoreUnavailableException e) {
      throw SessionRefusals.storeUnavailable(e, "no new session can start");
    } catch (IllegalStateException e) {
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          "Internal error: the server is shutting down; no new sessions start",
          Optional.empty(),
          503,
          Map.of());
    }
    ObjectNode result = Json.object().put("protocolVersion", version);
    result.set("capabilities", capabilities());
    result.set("serverInfo", Capabilities.serverInfo(state));
    if (!state.settings().get(ProtocolSettings.INSTRUCTIONS).isEmpty()) {
      result.put("instructions", state.settings().get(ProtocolSettings.INSTRUCTIONS));
    }
    return new Handshake(session, result);
  }

  /**
   * What a legacy session offers: the registered capabilities, as {@code server/discover}
   * advertises them ({@code resources.subscribe} and {@code resources.listChanged} included:
   * sessions get their notifications on the GET stream), plus {@code logging} because {@code
   * logging/setLevel} is accepted.
   */
  private ObjectNode capabilities() {
    ObjectNode capabilities = Capabilities.of(state);
    capabilities.remove("extensions"); // tasks are offered in the modern era only
    capabilities.putObject("logging");
    return capabilities;
  }

  /**
   * The live session a legacy message (other than a first {@code initialize}) belongs to.
   *
   * @param what the method name, or the HTTP method for GET and DELETE, named in errors
   * @throws JsonRpcException HTTP 400 when the {@code Mcp-Session-Id} header is missing or the
   *     {@code MCP-Protocol-Version} header names another version than the negotiated one; HTTP 404
   *     when the session does not exist (never did, ended or expired)
   */
  public Session session(Caller caller, String what) {
    return session(caller, what, false);
  }

  /**
   * As {@link #session(Caller, String)}, for a request seen before the application's filters ran
   * (an in-place read): a session bound to headers is checked now; one bound to a principal or a
   * caller key is claimed with its owner still to be checked ({@link #ownsAfterFilters}), since no
   * filter has said who the caller is yet.
   */
  public SessionClaim sessionBeforeFilters(Caller caller, String what) {
    Session session = session(caller, what, true);
    return new SessionClaim(session, binding.boundToIdentity(session.owner()));
  }

  /**
   * The check a {@linkplain SessionClaim#ownerPending pending} claim gets once the application's
   * filters ran: the same principal (or caller key) as the one that started the session; {@code
   * caller} carries the identity the filters established. Refused, the read is answered as for a
   * session that does not exist.
   */
  public boolean ownsAfterFilters(Session session, Caller caller) {
    boolean owner =
        binding.matches(
            session.owner(),
            caller.headers(),
            caller.identity().principalName(),
            caller.identity().callerKey());
    if (!owner) {
      refused();
    }
    return owner;
  }

  /**
   * Whose quotas a caller uses (contract section 15): its principal, its caller key, or the one
   * anonymous bucket; the same key its sessions count against.
   */
  public String quotaKey(Caller caller) {
    return binding.quotaKey(caller.identity().principalName(), caller.identity().callerKey());
  }

  /** The answer to a request on a session that does not exist, or is not the caller's. */
  public static JsonRpcException sessionNotFound() {
    return new JsonRpcException(
            ErrorCodes.INVALID_REQUEST,
            "Session not found: the Mcp-Session-Id names no live session (it"
                + " ended or expired); send initialize without Mcp-Session-Id to"
                + " start a new one")
        .withHttpStatus(404);
  }

  private Session session(Caller caller, String what, boolean beforeFilters) {
    String id = caller.header(SESSION_HEADER_LOOKUP).orElse(null);
    if (id == null || id.isBlank()) {
      throw new JsonRpcException(
              ErrorCodes.INVALID_REQUEST,
              "Invalid Request: the Mcp-Session-Id header is required for "
                  + what
                  + "; start a session with initialize (protocol 2025-11-25 and earlier) or send"
                  + " _meta '"
                  + ModernProtocol.META_PROTOCOL_VERSION
                  + "' (protocol "
                  + Era.MODERN_VERSION
                  + ")")
          .withHttpStatus(400);
    }
    Optional<Session> found;
    try {
      found = sessions.find(id.trim());
    } catch (SessionStoreUnavailableException e) {
      throw SessionRefusals.storeUnavailable(e, "this instance does not know the session");
    }
    Session session =
        found
            .filter(live -> isOwner(live, caller, beforeFilters))
            .orElseThrow(LegacyProtocol::sessionNotFound);
    String version = caller.header(VERSION_HEADER).orElse(null);
    if (version != null && !version.trim().equals(session.protocolVersion())) {
      throw new JsonRpcException(
              ErrorCodes.INVALID_REQUEST,
              "Invalid Request: MCP-Protocol-Version header value '"
                  + version
                  + "' does not match the version negotiated for this session, '"
                  + session.protocolVersion()
                  + "'")
          .withHttpStatus(400);
    }
    return session;
  }

  /**
   * Whether the caller is the one that started the session. Another caller (a leaked session id
   * with other credentials) is told the session does not exist, the same answer as for an unknown
   * id, so the answer reveals nothing.
   */
  private boolean isOwner(Session session, Caller caller, boolean beforeFilters) {
    boolean owner =
        beforeFilters && binding.boundToIdentity(session.owner())
            ? true // told once the application's filters ran: see ownerPending
            : binding.matches(
                session.owner(),
                caller.headers(),
                caller.identity().principalName(),
                caller.identity().callerKey());
    if (owner) {
      return true;
    }
    refused();
    return false;
  }

  private void refused() {
    LOG.log(
        System.Logger.Level.INFO,
        "MCP session refused: a request carried other identifying headers ("
            + String.join(", ", state.settings().get(SecuritySettings.SESSION_BINDING))
            + ") than the initialize that started the session");
  }

  /** True when the session era's method table has {@code method}. */
  public boolean offers(String method) {
    return methods.containsKey(method);
  }

  /** A request on an established session, as method handlers see it. */
  public McpCall call(JsonRpcRequest request, Caller caller, Session session) {
    return new McpCall(request, Era.LEGACY, session.protocolVersion(), caller);
  }

  /**
   * Answers one request on an established session; returns the {@code result} object.
   *
   * @throws JsonRpcException for unknown methods, bad params and failed reads
   */
  public ObjectNode handle(JsonRpcRequest request, Caller caller, Session session) {
    MethodHandler handler = methods.get(request.method());
    if (handler == null) {
      throw new JsonRpcException(
          ErrorCodes.METHOD_NOT_FOUND,
          "Method not found: '"
              + request.method()
              + "' is not a method of this server (protocol "
              + session.protocolVersion()
              + ")");
    }
    MethodResult result = handler.handle(call(request, caller, session));
    if ("logging/setLevel".equals(request.method())) {
      String level = request.params().get("level").textValue();
      if (LogLevels.parse(level).isPresent()) {
        sessions.logLevel(session, level);
      }
    }
    return result.body();
  }

  /**
   * True when {@code body} is a JSON-RPC response (a client answering a server request), which a
   * legacy client may post and the server acknowledges.
   */
  public static boolean isClientResponse(byte[] body, int maxJsonDepth) {
    JsonNode tree;
    try {
      tree = Json.reader(maxJsonDepth).readTree(body);
    } catch (IOException | RuntimeException e) {
      return false;
    }
    if (tree == null || !tree.isObject()) {
      return false;
    }
    JsonNode id = tree.get("id");
    return "2.0".equals(tree.path("jsonrpc").textValue())
        && !tree.has("method")
        && id != null
        && (id.isTextual() || id.isIntegralNumber() || id.isNull())
        && (tree.has("result") != tree.has("error"));
  }

  private static MethodResult alreadyInitialized(McpCall call) {
    throw new JsonRpcException(
            ErrorCodes.INVALID_REQUEST,
            "Invalid Request: this session is already initialized; send initialize without"
                + " Mcp-Session-Id to start a new session")
        .withHttpStatus(400);
  }

  private static MethodResult setLevel(McpCall call) {
    JsonNode level = call.request().params().get("level");
    if (level == null || !level.isTextual() || !LOG_LEVELS.contains(level.textValue())) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: 'level' must be one of "
              + String.join(", ", LOG_LEVELS)
              + " (found "
              + describe(level)
              + ") for method logging/setLevel");
    }
    return MethodResult.of(Json.object());
  }

  private static String describe(JsonNode value) {
    if (value == null) {
      return "nothing";
    }
    String text = Json.write(value);
    return text.length() > 60 ? text.substring(0, 60) + "…" : text;
  }
}
