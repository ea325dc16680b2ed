package dev.jaxrsmcp.internal.observe;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcRequest;
import dev.jaxrsmcp.observe.McpOperation;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.security.Principal;

/**
 * The request attributes that say what an MCP request did, for the container's access log (docs/
 * observability.md). Jersey's request properties are the servlet request's attributes under a
 * servlet container, so Tomcat's {@code AccessLogValve} prints {@code %{mcp.method.name}r} and a
 * Jetty or Dropwizard request log its equivalent. The names follow the OpenTelemetry semantic
 * conventions for MCP where they name the thing; the route and the caller are the bridge's own.
 * Values are set as the request learns them: the message when it is parsed, the route when a read
 * is rewritten into it, the caller once the application's filters ran.
 */
public final class RequestAttributes {
  /** The JSON-RPC method, for example {@code resources/read}. */
  public static final String METHOD = "mcp.method.name";

  /** The resource URI a read, subscribe or listen names. */
  public static final String RESOURCE_URI = "mcp.resource.uri";

  /** The tool a {@code tools/call} names. */
  public static final String TOOL_NAME = "gen_ai.tool.name";

  /** The JSON-RPC request id, as JSON ({@code 7}, {@code "a"}). */
  public static final String REQUEST_ID = "jsonrpc.request.id";

  /** The protocol version the request declares ({@code MCP-Protocol-Version}). */
  public static final String PROTOCOL_VERSION = "mcp.protocol.version";

  /** The legacy-era session, from {@code Mcp-Session-Id} or the one {@code initialize} started. */
  public static final String SESSION_ID = "mcp.session.id";

  /** The route an in-place read ran, for example {@code GET /people/1}. */
  public static final String ROUTE = "dev.jaxrsmcp.route";

  /** The principal's name, or {@code anonymous}, once the application's filters ran. */
  public static final String CALLER = "dev.jaxrsmcp.caller";

  /** The low-cardinality name of what a read or tool call read: its URI template, or tool name. */
  static final String TEMPLATE = "dev.jaxrsmcp.observe.template";

  /** Set on every request the endpoint looked at: what the observers watch. */
  static final String ENDPOINT = "dev.jaxrsmcp.observe.endpoint";

  /** The W3C trace context of the message's {@code params._meta}. */
  static final String TRACE_CONTEXT = "dev.jaxrsmcp.observe.traceContext";

  /** Set on a JSON-RPC notification (a message without an id). */
  static final String NOTIFICATION = "dev.jaxrsmcp.observe.notification";

  /** The most characters of a URI or name kept in an attribute: a log line stays a line. */
  static final int MAX_VALUE = 512;

  private RequestAttributes() {}

  /** What the JSON-RPC message says, and the headers that name the protocol and the session. */
  public static void message(ContainerRequestContext request, JsonRpcRequest message) {
    request.setProperty(METHOD, message.method());
    if (message.isNotification()) {
      request.setProperty(NOTIFICATION, Boolean.TRUE);
    }
    // The endpoint read the headers on arrival; a lookup folds the name's case each time.
    boolean versionHeader =
        request.getProperty(ENDPOINT) == null
            ? headers(request)
            : request.getProperty(PROTOCOL_VERSION) != null;
    if (!versionHeader) {
      JsonNode declared = message.params().get("protocolVersion"); // initialize's
      if (declared != null && declared.isTextual()) {
        request.setProperty(PROTOCOL_VERSION, bounded(declared.asText()));
      }
    }
    // Plain tests rather than Optional.ifPresent: no lambda captured per request.
    if (message.id().isPresent()) {
      request.setProperty(REQUEST_ID, bounded(json(message.id().get())));
    }
    String uri = text(message, "uri");
    if (uri != null) {
      request.setProperty(RESOURCE_URI, uri);
    }
    JsonNode meta = message.params().get("_meta");
    if (meta != null) {
      TraceContext.of(meta).ifPresent(trace -> request.setProperty(TRACE_CONTEXT, trace));
    }
    if ("tools/call".equals(message.method())) {
      String name = text(message, "name");
      if (name != null) {
        request.setProperty(TOOL_NAME, name);
      }
    }
  }

  /**
   * The headers that name the protocol version and the session, for any request (each header read
   * once: a Jersey header lookup folds the name's case each time).
   *
   * @return whether the request names its protocol version in a header
   */
  public static boolean headers(ContainerRequestContext request) {
    request.setProperty(ENDPOINT, Boolean.TRUE);
    String version = request.getHeaderString("MCP-Protocol-Version");
    if (version != null) {
      request.setProperty(PROTOCOL_VERSION, bounded(version));
    }
    String session = request.getHeaderString("Mcp-Session-Id");
    if (session != null) {
      request.setProperty(SESSION_ID, bounded(session));
    }
    return version != null;
  }

  /** The session an {@code initialize} started. */
  public static void session(ContainerRequestContext request, String id) {
    request.setProperty(SESSION_ID, id);
  }

  /** The route an in-place read was rewritten into: its method and path (with the query). */
  public static void route(ContainerRequestContext request, String method, String pathAndQuery) {
    request.setProperty(ROUTE, method + " " + bounded(pathAndQuery));
  }

  /**
   * What a read or tool call reads, as a metric may name it: the MCP URI template of a templated
   * resource ({@code app://people/{id}}), a fixed resource's URI, a tool's name.
   */
  public static void template(ContainerRequestContext request, String template) {
    request.setProperty(TEMPLATE, template);
  }

  /** The operation the request is, from what the attributes say so far. */
  static McpOperation operation(ContainerRequestContext request) {
    Object method = request.getProperty(METHOD);
    McpOperation.Kind kind =
        request.getProperty(NOTIFICATION) != null
            ? McpOperation.Kind.NOTIFICATION
            : "subscriptions/listen".equals(method)
                ? McpOperation.Kind.LISTEN
                : McpOperation.Kind.REQUEST;
    return new McpOperation(
        kind,
        method instanceof String m ? m : request.getMethod(),
        property(request, PROTOCOL_VERSION),
        property(request, SESSION_ID),
        property(request, REQUEST_ID),
        property(request, RESOURCE_URI),
        property(request, TOOL_NAME),
        request.getProperty(TRACE_CONTEXT) instanceof TraceContext trace
            ? trace.values()
            : java.util.Map.of());
  }

  /** Whether the endpoint looked at the request. */
  static boolean atEndpoint(ContainerRequestContext request) {
    return request.getProperty(ENDPOINT) != null;
  }

  /**
   * The caller: as {@link CallerAttribute} recorded it, else as the request's security context
   * says.
   */
  public static String callerOf(ContainerRequestContext request) {
    if (!(request.getProperty(CALLER) instanceof String)) {
      caller(request);
    }
    return (String) request.getProperty(CALLER);
  }

  static java.util.Optional<String> property(ContainerRequestContext request, String name) {
    return request.getProperty(name) instanceof String value
        ? java.util.Optional.of(value)
        : java.util.Optional.empty();
  }

  /** Whether the request is an MCP request the bridge recorded. */
  static boolean recorded(ContainerRequestContext request) {
    return request.getProperty(METHOD) != null
        || request.getProperty(PROTOCOL_VERSION) != null
        || request.getProperty(SESSION_ID) != null;
  }

  /** The caller, as the application's filters left the request's security context. */
  static void caller(ContainerRequestContext request) {
    Principal principal =
        request.getSecurityContext() == null
            ? null
            : request.getSecurityContext().getUserPrincipal();
    request.setProperty(
        CALLER,
        principal == null || principal.getName() == null
            ? "anonymous"
            : bounded(principal.getName()));
  }

  /**
   * An id as JSON: a number as it is, a string quoted. Not {@code JsonNode.toString()}, which runs
   * a serializer for each request; ids are only numbers or strings (the parser checks).
   */
  private static String json(JsonNode id) {
    return id.isTextual()
        ? '"' + new String(JsonStringEncoder.getInstance().quoteAsString(id.asText())) + '"'
        : id.asText();
  }

  /** The text of {@code params.field}, bounded; null when it is not a string. */
  private static String text(JsonRpcRequest message, String field) {
    JsonNode value = message.params().get(field);
    return value != null && value.isTextual() ? bounded(value.asText()) : null;
  }

  static String bounded(String value) {
    return value.length() <= MAX_VALUE ? value : value.substring(0, MAX_VALUE) + "...";
  }
}
