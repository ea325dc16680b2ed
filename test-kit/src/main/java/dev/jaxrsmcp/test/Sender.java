package dev.jaxrsmcp.test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.test.internal.Era;
import dev.jaxrsmcp.test.internal.Requests;
import dev.jaxrsmcp.test.internal.Sent;
import dev.jaxrsmcp.test.internal.Wire;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How one {@link McpTestClient} configuration turns calls into HTTP: the era's headers and {@code
 * _meta}, the caller's headers, the legacy session, request ids and the timeout. Immutable; the
 * session and the id counter are shared with the copies that keep them.
 */
final class Sender {
  private final URI endpoint;
  private final Era era;
  private final Map<String, String> headers;
  private final Duration timeout;
  private final Optional<String> progressToken;
  private final AtomicLong ids;
  private final LegacySession session;

  /** A request ready to POST. */
  record Prepared(Sent sent, Map<String, String> headers, String body) {}

  private Sender(
      URI endpoint,
      Era era,
      Map<String, String> headers,
      Duration timeout,
      Optional<String> progressToken,
      AtomicLong ids,
      LegacySession session) {
    this.endpoint = endpoint;
    this.era = era;
    this.headers = headers;
    this.timeout = timeout;
    this.progressToken = progressToken;
    this.ids = ids;
    this.session = session;
  }

  static Sender create(URI endpoint, Era era, Duration timeout) {
    return new Sender(
        endpoint,
        era,
        Collections.unmodifiableMap(new TreeMap<>(String.CASE_INSENSITIVE_ORDER)),
        timeout,
        Optional.empty(),
        new AtomicLong(),
        new LegacySession());
  }

  /** With one more header, and (a session being bound to its caller) a new legacy session. */
  Sender withHeader(String name, String value) {
    TreeMap<String, String> changed = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    changed.putAll(headers);
    changed.put(name, value);
    return new Sender(
        endpoint,
        era,
        Collections.unmodifiableMap(changed),
        timeout,
        progressToken,
        ids,
        new LegacySession());
  }

  Sender withProgress(String token) {
    return new Sender(endpoint, era, headers, timeout, Optional.of(token), ids, session);
  }

  Sender withTimeout(Duration changed) {
    return new Sender(endpoint, era, headers, changed, progressToken, ids, session);
  }

  URI endpoint() {
    return endpoint;
  }

  Era era() {
    return era;
  }

  Duration timeout() {
    return timeout;
  }

  LegacySession.Started session() {
    return session.start(this);
  }

  /**
   * Sends a request and reads its whole answer. Legacy: when the session's {@code initialize} is
   * refused (HTTP 401 or 403), that refusal is the answer, and the request is not sent.
   */
  McpResponse send(String method, ObjectNode params) {
    if (era == Era.LEGACY) {
      try {
        session();
      } catch (HandshakeRefused refused) {
        Sent call =
            new Sent(
                era,
                method,
                Requests.name(params),
                Requests.JSON.getNodeFactory().numberNode(ids.incrementAndGet()),
                authorization());
        return McpResponse.refusedHandshake(call, refused.answer());
      }
    }
    Prepared request = prepare(method, params);
    return McpResponse.read(request.sent(), post(request, "jaxrs-mcp-test-read"), timeout);
  }

  /** Sends a request and returns once its answer starts. */
  McpCall start(String method, ObjectNode params) {
    Prepared request = prepare(method, params);
    Wire.Exchange exchange = post(request, "jaxrs-mcp-test-call");
    Runnable cancel = era == Era.LEGACY ? () -> cancelLegacy(request.sent()) : () -> {};
    return new McpCall(request.sent(), exchange, timeout, cancel);
  }

  /** Opens a modern {@code subscriptions/listen} stream. */
  McpListen listen(ObjectNode params) {
    Prepared request = prepare("subscriptions/listen", params);
    return McpListen.modern(request.sent(), post(request, "jaxrs-mcp-test-listen"), timeout);
  }

  /** Opens the legacy session's {@code GET} stream. */
  McpListen notifications() {
    LegacySession.Started started = session();
    Map<String, String> sent = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    sent.put("Accept", "text/event-stream");
    sent.put("Mcp-Session-Id", started.id());
    sent.put("MCP-Protocol-Version", started.version());
    sent.putAll(headers);
    Wire.Exchange exchange = Wire.get(endpoint, sent, timeout, "jaxrs-mcp-test-notifications");
    return McpListen.legacy(
        Sent.http(era, "GET notification stream", authorization()), exchange, timeout);
  }

  /** Ends a started legacy session with {@code DELETE}. */
  void endSession() {
    session
        .ifStarted()
        .ifPresent(
            started -> {
              Map<String, String> sent = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
              sent.put("Mcp-Session-Id", started.id());
              sent.put("MCP-Protocol-Version", started.version());
              sent.putAll(headers);
              Wire.delete(endpoint, sent, timeout);
            });
  }

  /** The legacy handshake's first step, for {@link LegacySession}. */
  McpResponse initialize() {
    ObjectNode params = Requests.JSON.createObjectNode().put("protocolVersion", era.version());
    params.putObject("capabilities");
    params
        .putObject("clientInfo")
        .put("name", Requests.CLIENT_NAME)
        .put("version", Requests.CLIENT_VERSION);
    Prepared request = prepare("initialize", params);
    return McpResponse.read(request.sent(), post(request, "jaxrs-mcp-test-init"), timeout);
  }

  /** {@code notifications/initialized} on the new session {@code id}. */
  void initialized(String id, String version) {
    Map<String, String> sent = jsonHeaders();
    sent.put("Mcp-Session-Id", id);
    sent.put("MCP-Protocol-Version", version);
    sent.putAll(headers);
    String body =
        Requests.body(
                era,
                Optional.empty(),
                "notifications/initialized",
                Requests.JSON.createObjectNode(),
                Optional.empty())
            .toString();
    expect202(
        Wire.post(endpoint, sent, body, timeout, "jaxrs-mcp-test-init"),
        "notifications/initialized on session " + id);
  }

  private void cancelLegacy(Sent read) {
    ObjectNode params = Requests.JSON.createObjectNode().put("reason", "cancelled by the test");
    params.set("requestId", read.id());
    Prepared notification = prepare(Optional.empty(), "notifications/cancelled", params);
    expect202(
        post(notification, "jaxrs-mcp-test-cancel"),
        "notifications/cancelled of " + read.describe());
  }

  private static void expect202(Wire.Exchange answer, String what) {
    if (answer.status() != 202) {
      throw new AssertionError(
          "expected 202 for " + what + " but got HTTP " + answer.status() + " " + answer.body());
    }
  }

  private Wire.Exchange post(Prepared request, String streamName) {
    return Wire.post(endpoint, request.headers(), request.body(), timeout, streamName);
  }

  private Prepared prepare(String method, ObjectNode params) {
    return prepare(Optional.of(ids.incrementAndGet()), method, params);
  }

  private Prepared prepare(Optional<Long> id, String method, ObjectNode params) {
    Map<String, String> sent = jsonHeaders();
    Optional<String> name = Requests.name(params);
    if (era == Era.MODERN) {
      sent.put("MCP-Protocol-Version", era.version());
      sent.put("Mcp-Method", method);
      if (name.isPresent() && mirrorsName(method)) {
        sent.put("Mcp-Name", Requests.headerValue(name.get()));
      }
    } else if (!method.equals("initialize")) {
      LegacySession.Started started = session();
      sent.put("Mcp-Session-Id", started.id());
      sent.put("MCP-Protocol-Version", started.version());
    }
    sent.putAll(headers);
    ObjectNode body =
        Requests.body(era, id, method, params, id.isPresent() ? progressToken : Optional.empty());
    JsonNode idNode = body.path("id");
    return new Prepared(
        new Sent(era, method, name, idNode, authorization()), sent, body.toString());
  }

  private static boolean mirrorsName(String method) {
    return method.equals("resources/read")
        || method.equals("tools/call")
        || method.equals("prompts/get");
  }

  private static Map<String, String> jsonHeaders() {
    Map<String, String> sent = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    sent.put("Content-Type", "application/json");
    sent.put("Accept", "application/json, text/event-stream");
    return sent;
  }

  private Optional<String> authorization() {
    return Optional.ofNullable(headers.get("Authorization"));
  }
}
