package dev.jaxrsmcp.bench;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One of the four ways of reading widget 1's state that the benchmark compares. {@link
 * #prepare(HttpConnection)} runs once per connection (the legacy handshake) and returns the request
 * the worker then repeats; {@link #isValid} checks every response, so only correct reads are
 * counted.
 */
abstract class ReadScenario {
  static final String HOST = "127.0.0.1";
  static final String TOKEN = "Bearer demo-token";
  static final String URI = "app://widgets/1/state";
  static final String MODERN_VERSION = "2026-07-28";
  static final String LEGACY_VERSION = "2025-11-25";

  private final String key;
  private final String title;
  private final int port;
  private int adminPort;

  private ReadScenario(String key, String title, int port) {
    this.key = key;
    this.title = title;
    this.port = port;
    this.adminPort = port;
  }

  /** A short name: direct, modern, legacy, sdk-peer. */
  String key() {
    return key;
  }

  /** What the chart and the table call it. */
  String title() {
    return title;
  }

  int port() {
    return port;
  }

  /**
   * The port where the server under this scenario answers {@link AdminRoutes}'s memory route: its
   * own port, unless {@link #reportedAt} named another (a server that carries no such route of its
   * own, as the demo service as shipped).
   */
  int adminPort() {
    return adminPort;
  }

  /** This scenario, its server's memory and CPU asked at {@code adminPort}. */
  ReadScenario reportedAt(int adminPort) {
    this.adminPort = adminPort;
    return this;
  }

  /** Readies a new connection; returns the request to repeat on it. */
  abstract byte[] prepare(HttpConnection connection) throws IOException;

  /**
   * Ends what {@link #prepare} started on {@code connection} before it is closed (a legacy session:
   * {@code DELETE}, so that sessions do not pile up against the server's per-caller quota).
   */
  void finish(HttpConnection connection) {}

  /** Whether a response is a successful read of widget 1's state. */
  boolean isValid(HttpConnection.Response response) {
    if (response.status() != 200) {
      return false;
    }
    String text = response.text();
    return text.contains("temperature") && text.contains("\"result\"");
  }

  /** 1: {@code GET /api/widgets/1/state}, the floor. */
  static ReadScenario direct(int port) {
    byte[] request =
        HttpConnection.request(
            "GET",
            HOST,
            port,
            "/api/widgets/1/state",
            Map.of("Authorization", TOKEN, "Accept", "application/json"),
            null);
    return new ReadScenario("direct", "direct GET", port) {
      @Override
      byte[] prepare(HttpConnection connection) {
        return request;
      }

      @Override
      boolean isValid(HttpConnection.Response response) {
        return response.status() == 200 && response.text().contains("temperature");
      }
    };
  }

  /** 2: {@code resources/read} through the bridge, modern era (stateless). */
  static ReadScenario modern(int port) {
    return modern(port, "modern", "bridge, modern");
  }

  /**
   * 5: the modern read's exact request sent to a plain JAX-RS {@code POST} on the same server that
   * answers the bridge's exact envelope ({@link PostFloorRoute}): the protocol's shape, no bridge.
   */
  static ReadScenario postFloor(int port) {
    byte[] request =
        HttpConnection.request(
            "POST", HOST, port, "/bench/post-floor", modernHeaders(), MODERN_BODY);
    return new ReadScenario("post-floor", "plain POST, same bytes", port) {
      @Override
      byte[] prepare(HttpConnection connection) {
        return request;
      }
    };
  }

  /** {@link #modern(int)} under another name (the same read against another server). */
  static ReadScenario modern(int port, String key, String label) {
    byte[] request =
        HttpConnection.request("POST", HOST, port, "/mcp", modernHeaders(), MODERN_BODY);
    return new ReadScenario(key, label, port) {
      @Override
      byte[] prepare(HttpConnection connection) {
        return request;
      }
    };
  }

  /** 3: the same read in a legacy session (one {@code initialize} per connection). */
  static ReadScenario legacy(int port) {
    return new ReadScenario("legacy", "bridge, legacy session", port) {
      private final java.util.Map<HttpConnection, String> sessions =
          new java.util.concurrent.ConcurrentHashMap<>();

      @Override
      void finish(HttpConnection connection) {
        String session = sessions.remove(connection);
        if (session == null) {
          return;
        }
        Map<String, String> headers = jsonHeaders();
        headers.put("MCP-Protocol-Version", LEGACY_VERSION);
        headers.put("Mcp-Session-Id", session);
        byte[] delete = HttpConnection.request("DELETE", HOST, port, "/mcp", headers, "");
        try {
          if (connection.closing()) { // the server ends this connection: a new one for the DELETE
            HttpConnection fresh = new HttpConnection(HOST, port);
            try {
              fresh.exchange(delete);
            } finally {
              fresh.close();
            }
          } else {
            connection.exchange(delete);
          }
        } catch (IOException e) {
          // The session expires on its own.
        }
      }

      @Override
      byte[] prepare(HttpConnection connection) throws IOException {
        String session = initialize(connection, port);
        sessions.put(connection, session);
        Map<String, String> headers = jsonHeaders();
        headers.put("MCP-Protocol-Version", LEGACY_VERSION);
        headers.put("Mcp-Session-Id", session);
        return HttpConnection.request(
            "POST",
            HOST,
            port,
            "/mcp",
            headers,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\""
                + URI
                + "\"}}");
      }
    };
  }

  /** 4: the SDK peer, which fetches the REST route over loopback HTTP. */
  static ReadScenario sdkPeer(int port) {
    Map<String, String> headers = jsonHeaders();
    headers.put("MCP-Protocol-Version", LEGACY_VERSION);
    byte[] request =
        HttpConnection.request(
            "POST",
            HOST,
            port,
            "/mcp",
            headers,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\""
                + URI
                + "\"}}");
    return new ReadScenario("sdk-peer", "SDK proxy peer", port) {
      @Override
      byte[] prepare(HttpConnection connection) {
        return request;
      }
    };
  }

  /**
   * Starts a legacy session on {@code connection}: {@code initialize}, then {@code
   * notifications/initialized}; returns the session id.
   *
   * @throws IOException also when the server has no legacy era (no {@code Mcp-Session-Id})
   */
  static String initialize(HttpConnection connection, int port) throws IOException {
    Map<String, String> headers = jsonHeaders();
    HttpConnection.Response init =
        connection.exchange(
            HttpConnection.request(
                "POST",
                HOST,
                port,
                "/mcp",
                headers,
                "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
                    + "\"protocolVersion\":\""
                    + LEGACY_VERSION
                    + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}"));
    String session = init.header("Mcp-Session-Id");
    if (init.status() != 200 || session == null) {
      throw new IOException(
          "no legacy session: initialize answered " + init.status() + " " + init.text());
    }
    headers.put("MCP-Protocol-Version", LEGACY_VERSION);
    headers.put("Mcp-Session-Id", session);
    HttpConnection.Response initialized =
        connection.exchange(
            HttpConnection.request(
                "POST",
                HOST,
                port,
                "/mcp",
                headers,
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
    if (initialized.status() != 202) {
      throw new IOException("notifications/initialized answered " + initialized.status());
    }
    return session;
  }

  /** The modern read's body. */
  private static final String MODERN_BODY =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\""
          + URI
          + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
          + MODERN_VERSION
          + "\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

  /** The modern read's headers. */
  private static Map<String, String> modernHeaders() {
    Map<String, String> headers = jsonHeaders();
    headers.put("MCP-Protocol-Version", MODERN_VERSION);
    headers.put("Mcp-Method", "resources/read");
    headers.put("Mcp-Name", URI);
    return headers;
  }

  private static Map<String, String> jsonHeaders() {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Authorization", TOKEN);
    headers.put("Content-Type", "application/json");
    headers.put("Accept", "application/json, text/event-stream");
    return headers;
  }
}
