package dev.jaxrsmcp.test;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.test.internal.Era;
import dev.jaxrsmcp.test.internal.Requests;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An MCP client for tests that speaks real HTTP/1.1 to an MCP endpoint, in either era:
 *
 * <ul>
 *   <li>{@link #modern(URI)}: revision {@code 2026-07-28}, stateless; every request carries {@code
 *       MCP-Protocol-Version}, {@code Mcp-Method}, {@code Mcp-Name} (base64-encoded when it must
 *       be) and the client's version, info and capabilities in {@code params._meta};
 *   <li>{@link #legacy(URI)}: revision {@code 2025-11-25}; the first request runs {@code
 *       initialize} and {@code notifications/initialized}, and every later one carries the {@code
 *       Mcp-Session-Id} and the negotiated version. One legacy client is one session; {@link
 *       #close()} ends it with {@code DELETE}.
 * </ul>
 *
 * <p>Clients are immutable: {@link #as(String)}, {@link #header(String, String)}, {@link
 * #withProgress(String)} and {@link #timeout(Duration)} return a changed copy. Each call blocks
 * until the answer is complete (at most {@link #timeout(Duration)}, 30 seconds by default, per
 * message) and returns it whatever it is, errors included, for {@link McpAssertions} to check:
 *
 * <pre>{@code
 * McpTestClient mcp = McpTestClient.modern(URI.create("http://127.0.0.1:8080/mcp"));
 * assertThat(mcp.read("app://widgets/1/state")).isUnauthorized().withChallenge("Bearer");
 * assertThat(mcp.as("Bearer demo-token").read("app://widgets/1/state")).isText().contains("heat");
 * assertThat(mcp.listResources().uris()).contains("app://widgets");
 * }</pre>
 *
 * A legacy session is bound to the credentials that started it, so on a legacy client {@code
 * as(...)} and {@code header(...)} give a client with a new session of its own (started on its
 * first request); {@code withProgress} and {@code timeout} keep the session. When {@code
 * initialize} itself is refused with HTTP 401 or 403 (authentication in front of the endpoint),
 * each call answers with that refusal ({@link McpResponse#isRefusedHandshake()}) and the next call
 * tries the handshake again; streams ({@code listen}, {@code startRead}) fail saying so.
 */
public final class McpTestClient implements AutoCloseable {
  private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  private static final int MAX_PAGES = 1_000;
  private static final int HEADER_MISMATCH = -32020;

  private final Sender sender;

  private McpTestClient(Sender sender) {
    this.sender = sender;
  }

  /** A modern-era (2026-07-28) client of the MCP endpoint at {@code endpoint}. */
  public static McpTestClient modern(URI endpoint) {
    return create(endpoint, Era.MODERN);
  }

  /** A legacy-era (2025-11-25) client: one session, started on its first request. */
  public static McpTestClient legacy(URI endpoint) {
    return create(endpoint, Era.LEGACY);
  }

  private static McpTestClient create(URI endpoint, Era era) {
    Objects.requireNonNull(endpoint, "endpoint");
    if (!endpoint.isAbsolute() || !endpoint.getScheme().startsWith("http")) {
      throw new IllegalArgumentException(
          "the MCP endpoint must be an absolute http(s) URL, for example"
              + " http://127.0.0.1:8080/mcp (found '"
              + endpoint
              + "')");
    }
    return new McpTestClient(Sender.create(endpoint, era, DEFAULT_TIMEOUT));
  }

  /** A copy that sends {@code Authorization: authorization} (legacy: on a new session). */
  public McpTestClient as(String authorization) {
    return header("Authorization", authorization);
  }

  /**
   * A copy that sends HTTP Basic credentials, {@code Authorization: Basic base64(user:password)}
   * (UTF-8, RFC 7617). Legacy: on a new session.
   */
  public McpTestClient asBasic(String user, String password) {
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    if (user.indexOf(':') >= 0) {
      throw new IllegalArgumentException(
          "a Basic user id must not contain ':' (RFC 7617), found '" + user + "' in asBasic");
    }
    String pair = user + ":" + password;
    return as("Basic " + Base64.getEncoder().encodeToString(pair.getBytes(UTF_8)));
  }

  /**
   * A copy that sends the header {@code name: value} with every request, replacing the kit's own
   * value of that header if it has one ({@code Accept: application/json} makes a client that does
   * not accept streams). Legacy: on a new session.
   */
  public McpTestClient header(String name, String value) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    return new McpTestClient(sender.withHeader(name, value));
  }

  /** A copy whose requests ask for progress with {@code _meta.progressToken: token}. */
  public McpTestClient withProgress(String token) {
    Objects.requireNonNull(token, "token");
    return new McpTestClient(sender.withProgress(token));
  }

  /** A copy that waits at most {@code timeout} for each answer and each awaited message. */
  public McpTestClient timeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive (found " + timeout + ")");
    }
    return new McpTestClient(sender.withTimeout(timeout));
  }

  /** The MCP endpoint's URL. */
  public URI endpoint() {
    return sender.endpoint();
  }

  /** Whether this client speaks the modern era. */
  public boolean isModern() {
    return sender.era() == Era.MODERN;
  }

  /**
   * Modern: {@code server/discover}. Legacy: the answer to this session's {@code initialize}
   * (starting the session if it has not started).
   */
  public McpResponse discover() {
    if (isModern()) {
      return send("server/discover", object());
    }
    try {
      return sender.session().initialize();
    } catch (HandshakeRefused refused) {
      return refused.answer();
    }
  }

  /** The legacy session's id, starting the session if needed. Modern clients have none. */
  public String sessionId() {
    legacyOnly("sessionId()");
    return sender.session().id();
  }

  /** {@code resources/list}, following {@code nextCursor} through every page. */
  public McpList listResources() {
    return list("resources/list", "resources", "uri");
  }

  /** {@code resources/templates/list}, every page. */
  public McpList listTemplates() {
    return list("resources/templates/list", "resourceTemplates", "uriTemplate");
  }

  /** {@code tools/list}, every page. */
  public McpList listTools() {
    return list("tools/list", "tools", "name");
  }

  /** {@code prompts/list}, every page. */
  public McpList listPrompts() {
    return list("prompts/list", "prompts", "name");
  }

  private McpList list(String method, String field, String key) {
    List<McpResponse> pages = new ArrayList<>();
    Optional<String> cursor = Optional.empty();
    do {
      ObjectNode params = object();
      cursor.ifPresent(c -> params.put("cursor", c));
      McpResponse page = send(method, params);
      if (!page.result().path(field).isArray()) {
        throw new AssertionError(
            "expected page "
                + (pages.size() + 1)
                + " of "
                + method
                + " with '"
                + field
                + "', but "
                + page);
      }
      pages.add(page);
      JsonNode next = page.result().path("nextCursor");
      cursor = next.isTextual() ? Optional.of(next.asText()) : Optional.empty();
    } while (cursor.isPresent() && pages.size() < MAX_PAGES);
    if (cursor.isPresent()) {
      throw new AssertionError(
          method + " still gave a nextCursor after " + MAX_PAGES + " pages: " + pages.get(0));
    }
    return new McpList(pages, field, key);
  }

  /** {@code resources/read} of {@code uri}, waiting for the whole answer (progress included). */
  public McpResponse read(String uri) {
    return send("resources/read", object().put("uri", uri));
  }

  /**
   * Starts {@code resources/read} of {@code uri} and returns as soon as the answer's headers
   * arrive, to watch progress and cancel (see {@link McpCall}).
   */
  public McpCall startRead(String uri) {
    return start("resources/read", object().put("uri", uri));
  }

  /**
   * {@code tools/call} of the tool {@code name} with {@code arguments}. In the modern era, when the
   * server refuses the call with {@code -32020} (its header arguments must be mirrored as {@code
   * Mcp-Param-*} headers, SEP-2243), the client does what the specification asks of one: it reads
   * {@code tools/list}, adds the headers the tool's {@code x-mcp-header} properties name, and sends
   * the call once more; that second answer is the one returned.
   */
  public McpResponse callTool(String name, Map<String, ?> arguments) {
    ObjectNode params = toolParams(name, arguments);
    McpResponse answer = send("tools/call", params);
    if (!isModern() || answer.error().path("code").asInt() != HEADER_MISMATCH) {
      return answer;
    }
    JsonNode tool = listTools().item(name);
    Map<String, String> mirrored =
        Requests.mirroredHeaders(tool.path("inputSchema"), params.path("arguments"));
    if (mirrored.isEmpty()) {
      return answer;
    }
    Sender withHeaders = sender;
    for (Map.Entry<String, String> header : mirrored.entrySet()) {
      withHeaders = withHeaders.withHeader(header.getKey(), header.getValue());
    }
    return withHeaders.send("tools/call", params);
  }

  /** Starts {@code tools/call}, like {@link #startRead(String)}. */
  public McpCall startTool(String name, Map<String, ?> arguments) {
    return start("tools/call", toolParams(name, arguments));
  }

  private static ObjectNode toolParams(String name, Map<String, ?> arguments) {
    ObjectNode params = object().put("name", name);
    params.set("arguments", Requests.JSON.valueToTree(arguments));
    return params;
  }

  /**
   * {@code prompts/get} of the prompt {@code name} with {@code arguments} (strings, as MCP prompt
   * arguments are). Its messages are at {@code response.result().path("messages")}.
   */
  public McpResponse getPrompt(String name, Map<String, String> arguments) {
    ObjectNode params = object().put("name", name);
    params.set("arguments", Requests.JSON.valueToTree(arguments));
    return send("prompts/get", params);
  }

  /**
   * {@code completion/complete} of the argument {@code argument} of the prompt {@code prompt}, for
   * the prefix {@code value}. Values are at {@code response.strings("/completion/values")}.
   */
  public McpResponse completePrompt(String prompt, String argument, String value) {
    ObjectNode params = object();
    params.putObject("ref").put("type", "ref/prompt").put("name", prompt);
    params.putObject("argument").put("name", argument).put("value", value);
    return send("completion/complete", params);
  }

  /**
   * {@code completion/complete} of the variable {@code argument} of the resource template {@code
   * template}, for the prefix {@code value}. Values are at {@code
   * response.strings("/completion/values")}.
   */
  public McpResponse complete(String template, String argument, String value) {
    return complete(template, argument, value, Map.of());
  }

  /** As {@link #complete(String, String, String)}, with variables already resolved. */
  public McpResponse complete(
      String template, String argument, String value, Map<String, String> resolved) {
    ObjectNode params = object();
    params.putObject("ref").put("type", "ref/resource").put("uri", template);
    params.putObject("argument").put("name", argument).put("value", value);
    if (!resolved.isEmpty()) {
      params.putObject("context").set("arguments", Requests.JSON.valueToTree(resolved));
    }
    return send("completion/complete", params);
  }

  /**
   * Listens for updates of {@code uris}. Modern: one {@code subscriptions/listen} stream. Legacy:
   * opens the session's notification stream ({@link #notifications()}) and sends {@code
   * resources/subscribe} for each URI; those the server accepted are the acknowledged ones.
   */
  public McpListen listen(String... uris) {
    return listen(List.of(uris));
  }

  /** As {@link #listen(String...)}. */
  public McpListen listen(List<String> uris) {
    if (!isModern()) {
      McpListen stream = notifications();
      try {
        List<String> accepted = new ArrayList<>();
        for (String uri : uris) {
          McpResponse answer = subscribe(uri);
          if (answer.result().isObject() && answer.error().isMissingNode()) {
            accepted.add(uri);
          }
        }
        stream.acknowledge(accepted);
        return stream;
      } catch (RuntimeException | Error e) {
        stream.close();
        throw e;
      }
    }
    ObjectNode params = object();
    ArrayNode list = params.putObject("notifications").putArray("resourceSubscriptions");
    uris.forEach(list::add);
    return sender.listen(params);
  }

  /**
   * Legacy {@code resources/subscribe} of {@code uri}; notifications arrive on {@link
   * #notifications()}.
   */
  public McpResponse subscribe(String uri) {
    legacyOnly("subscribe(uri)");
    return send("resources/subscribe", object().put("uri", uri));
  }

  /** Legacy {@code resources/unsubscribe} of {@code uri}. */
  public McpResponse unsubscribe(String uri) {
    legacyOnly("unsubscribe(uri)");
    return send("resources/unsubscribe", object().put("uri", uri));
  }

  /**
   * Opens the legacy session's {@code GET} notification stream (a second one replaces the first).
   */
  public McpListen notifications() {
    legacyOnly("notifications()");
    return sender.notifications();
  }

  /**
   * Any JSON-RPC request, with the era's headers and {@code _meta}: for methods the kit has no call
   * for ({@code ping}, {@code logging/setLevel}) or for parameters it would not send.
   */
  public McpResponse request(String method, Map<String, ?> params) {
    return send(method, Requests.JSON.valueToTree(params));
  }

  /** Ends a started legacy session with {@code DELETE}; nothing for modern clients. */
  @Override
  public void close() {
    sender.endSession();
  }

  private McpResponse send(String method, ObjectNode params) {
    return sender.send(method, params);
  }

  private McpCall start(String method, ObjectNode params) {
    return sender.start(method, params);
  }

  private void legacyOnly(String call) {
    if (isModern()) {
      throw new IllegalStateException(
          call
              + " is a legacy-era call (sessions, resources/subscribe); a modern client uses"
              + " listen(uris) and has no session");
    }
  }

  private static ObjectNode object() {
    return Requests.JSON.createObjectNode();
  }

  @Override
  public String toString() {
    return "McpTestClient(" + sender.era() + ", " + sender.endpoint() + ")";
  }
}
