package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Notification streams of a servlet container's MCP endpoint over raw sockets with a tiny receive
 * buffer: stalled ones (nothing read after the status line) and, read on a thread of their own,
 * healthy ones; and the legacy session calls that set a GET stream up.
 */
final class StalledStreams {
  static final String MODERN = "2026-07-28";
  static final String LEGACY = "2025-11-25";

  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private StalledStreams() {}

  /** A modern listen for {@code uris}; nothing is read after the status line. */
  static Socket listen(ServletServer server, List<String> uris) throws IOException {
    return modern(
        server,
        "subscriptions/listen",
        null,
        "\"notifications\":{\"resourceSubscriptions\":["
            + uris.stream().map(u -> "\"" + u + "\"").collect(Collectors.joining(","))
            + "]}");
  }

  /**
   * A modern {@code resources/read} of {@code uri} that accepts an event stream; nothing is read
   * after the status line.
   */
  static Socket read(ServletServer server, String uri) throws IOException {
    return modern(server, "resources/read", uri, "\"uri\":\"" + uri + "\"");
  }

  /**
   * A modern request of {@code method} whose params are {@code params} (JSON members) and the
   * modern {@code _meta}, with {@code Mcp-Name} when {@code name} is given.
   */
  private static Socket modern(ServletServer server, String method, String name, String params)
      throws IOException {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\""
            + method
            + "\",\"params\":{"
            + params
            + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
            + MODERN
            + "\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return open(
        server,
        "POST "
            + server.mcp().getPath()
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
            + "\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: "
            + MODERN
            + "\r\nMcp-Method: "
            + method
            + (name == null ? "" : "\r\nMcp-Name: " + name)
            + "\r\nContent-Length: "
            + bytes.length
            + "\r\n\r\n",
        bytes);
  }

  /** A legacy session's GET stream; nothing is read after the status line. */
  static Socket legacyStream(ServletServer server, String session) throws IOException {
    return open(
        server,
        "GET "
            + server.mcp().getPath()
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: "
            + session
            + "\r\nMCP-Protocol-Version: "
            + LEGACY
            + "\r\n\r\n",
        new byte[0]);
  }

  /** {@code initialize} and {@code notifications/initialized}; returns the session id. */
  static String initialize(ServletServer server) throws Exception {
    HttpResponse<String> init =
        post(
            server,
            null,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\""
                + LEGACY
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"stalled\",\"version\":\"1\"}}}");
    assertThat(init.statusCode()).as("initialize: %s", init.body()).isEqualTo(200);
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    HttpResponse<String> initialized =
        post(server, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    assertThat(initialized.statusCode()).isEqualTo(202);
    return session;
  }

  /** {@code resources/subscribe} for {@code uri} on {@code session}. */
  static void subscribe(ServletServer server, String session, String uri) throws Exception {
    HttpResponse<String> response =
        post(
            server,
            session,
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/subscribe\",\"params\":{"
                + "\"uri\":\""
                + uri
                + "\"}}");
    assertThat(response.statusCode()).as("subscribe: %s", response.body()).isEqualTo(200);
  }

  private static HttpResponse<String> post(ServletServer server, String session, String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.mcp())
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", LEGACY);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Reads what the server still sends until it ends the response (the chunked body's last chunk or
   * the connection's end); fails after 30 s of silence, or when a stream that keep-alives keep open
   * has not ended after 60 s (a guard against a hang, not a measure). Returns the tail of what was
   * read.
   */
  static String drain(Socket socket) throws IOException {
    socket.setSoTimeout(30_000);
    long deadline = System.nanoTime() + 60_000_000_000L;
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream tail = new ByteArrayOutputStream();
    byte[] buffer = new byte[64 * 1024];
    String last = "";
    long total = 0;
    try {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        total += n;
        if (System.nanoTime() > deadline) {
          throw new AssertionError(
              "the stream did not end after " + total + " bytes; it ended with: " + last);
        }
        tail.write(buffer, 0, n);
        if (tail.size() > 16 * 1024) {
          byte[] all = tail.toByteArray();
          tail.reset();
          tail.write(all, all.length - 8 * 1024, 8 * 1024);
        }
        last = tail.toString(StandardCharsets.UTF_8);
        if (last.endsWith("\r\n0\r\n\r\n")) {
          return unchunked(last); // the last chunk: the server ended the response
        }
      }
      return unchunked(last);
    } catch (SocketException e) {
      return unchunked(last)
          + "\n(connection reset: "
          + e.getMessage()
          + ")"; // the server ended it
    } catch (SocketTimeoutException e) {
      throw new AssertionError("the stream did not end; it ended with: " + last, e);
    }
  }

  private static Socket open(ServletServer server, String head, byte[] body) throws IOException {
    URI base = server.base();
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress(base.getHost(), base.getPort()));
    socket.setSoTimeout(30_000);
    OutputStream out = socket.getOutputStream();
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
    // Tomcat sends no reason phrase
    String status = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
    assertThat(status).isEqualTo("HTTP/1.1 200");
    return socket; // from here on nothing is read
  }

  /**
   * The text of {@code raw} with HTTP's chunk framing taken out ({@code CRLF size CRLF} between
   * chunks; events end their lines with LF alone), so that a check for a line does not fail where
   * the container split it across two chunks.
   */
  static String unchunked(String raw) {
    return raw.replaceAll("\r\n[0-9a-fA-F]{1,8}\r\n", "");
  }
}
