package dev.jaxrsmcp.test;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static dev.jaxrsmcp.test.McpAssertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * HTTP Basic credentials, and authentication in front of the endpoint (as Spring Security's filter
 * chain does): a real HTTP server on loopback refuses every request without {@code alice:s3cret}
 * with its own 401 (a text body, no JSON-RPC) and otherwise answers as a small MCP server would.
 */
class BasicGateTest {
  static final String ALICE = "Basic YWxpY2U6czNjcmV0"; // alice:s3cret
  static final String CHALLENGE = "Basic realm=\"gate\"";
  static final ObjectMapper JSON = new ObjectMapper();

  HttpServer server;
  final List<String> authorizations = new CopyOnWriteArrayList<>();
  final AtomicInteger initializeAttempts = new AtomicInteger();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/mcp", this::answer);
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private void answer(HttpExchange exchange) throws IOException {
    JsonNode request =
        exchange.getRequestMethod().equals("POST")
            ? JSON.readTree(exchange.getRequestBody().readAllBytes())
            : JSON.createObjectNode();
    String method = request.path("method").asText();
    if (method.equals("initialize")) {
      initializeAttempts.incrementAndGet();
    }
    String authorization = exchange.getRequestHeaders().getFirst("Authorization");
    authorizations.add(String.valueOf(authorization));
    if (!ALICE.equals(authorization)) {
      exchange.getResponseHeaders().set("WWW-Authenticate", CHALLENGE);
      send(exchange, 401, "text/plain", "Unauthorized");
      return;
    }
    if (method.startsWith("notifications/") || exchange.getRequestMethod().equals("DELETE")) {
      exchange.sendResponseHeaders(202, -1);
      exchange.close();
      return;
    }
    String result =
        method.equals("initialize")
            ? "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"serverInfo\":{\"name\":\"gate\",\"version\":\"1\"}}"
            : "{\"contents\":[{\"uri\":\"app://a\",\"text\":\"hello alice\"}]}";
    if (method.equals("initialize")) {
      exchange.getResponseHeaders().set("Mcp-Session-Id", "s-1");
    }
    send(
        exchange,
        200,
        "application/json",
        "{\"jsonrpc\":\"2.0\",\"id\":" + request.path("id") + ",\"result\":" + result + "}");
  }

  private static void send(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp");
  }

  @Test
  void asBasicSendsTheUserAndPasswordAsRfc7617Credentials() {
    assertThat(McpTestClient.modern(endpoint()).asBasic("alice", "s3cret").read("app://a"))
        .isText()
        .isEqualTo("hello alice");
    assertThat(authorizations).containsExactly(ALICE);
  }

  @Test
  void aBasicUserIdWithAColonIsRefused() {
    McpTestClient mcp = McpTestClient.modern(endpoint());
    assertThatThrownBy(() -> mcp.asBasic("al:ice", "s3cret"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a Basic user id must not contain ':' (RFC 7617), found 'al:ice' in asBasic");
  }

  @Test
  void aModernReadRefusedInFrontOfTheEndpointShowsTheGatesChallenge() {
    McpResponse read = McpTestClient.modern(endpoint()).asBasic("alice", "wrong").read("app://a");
    assertThat(read).hasStatus(401).withChallenge("Basic").hasHeader("WWW-Authenticate", CHALLENGE);
    assertThat(read.isRefusedHandshake()).isFalse();
  }

  @Test
  void aLegacyCallWhoseInitializeIsRefusedAnswersWithTheRefusalAndTriesAgainNextTime() {
    McpTestClient legacy = McpTestClient.legacy(endpoint());

    McpResponse first = legacy.read("app://a");
    McpResponse second = legacy.read("app://a");

    for (McpResponse read : List.of(first, second)) {
      assertThat(read.isRefusedHandshake()).isTrue();
      assertThat(read.method()).isEqualTo("resources/read");
      assertThat(read).hasStatus(401).hasHeader("WWW-Authenticate", CHALLENGE);
    }
    assertThat(initializeAttempts).hasValue(2);
    assertThatThrownBy(() -> assertThat(first).isText())
        .hasMessage(
            "Expecting resources/read app://a (legacy 2025-11-25, without Authorization)\n"
                + "to give one text content entry,\n"
                + "but it answered the session's initialize with HTTP 401 (text/plain)"
                + " Unauthorized");
    assertThat(legacy.discover()).hasStatus(401);
    assertThat(initializeAttempts).hasValue(3);
  }

  @Test
  void aStreamOnARefusedLegacySessionFailsSayingSo() {
    McpTestClient legacy = McpTestClient.legacy(endpoint());
    assertThatThrownBy(() -> legacy.listen("app://a"))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(
            "expected initialize to start a session (HTTP 200, a result and Mcp-Session-Id), but"
                + " it was refused: initialize (legacy 2025-11-25, without Authorization) answered"
                + " HTTP 401 (text/plain) Unauthorized");
  }

  @Test
  void aLegacySessionWithBasicCredentialsStartsAndReads() {
    try (McpTestClient legacy = McpTestClient.legacy(endpoint()).asBasic("alice", "s3cret")) {
      assertThat(legacy.read("app://a")).isText().isEqualTo("hello alice");
      assertThat(legacy.sessionId()).isEqualTo("s-1");
    }
    assertThat(authorizations).hasSize(4).containsOnly(ALICE);
  }
}
