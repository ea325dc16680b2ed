package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Notification streams opened over raw sockets with a tiny receive buffer whose client then stops
 * reading; {@link #drain} reads one to its end afterwards.
 */
final class StalledSockets {
  private StalledSockets() {}

  /** A modern listen for {@code uri}; nothing is read after the status line. */
  static Socket listen(int port, String uri) throws IOException {
    return listen(port, List.of(uri));
  }

  /** A modern listen for {@code uris}; nothing is read after the status line. */
  static Socket listen(int port, List<String> uris) throws IOException {
    byte[] body =
        Mcp.body(
                1,
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", uris)))
            .toString()
            .getBytes(StandardCharsets.UTF_8);
    return open(
        port,
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
            + port
            + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
            + "\r\nMCP-Protocol-Version: "
            + Mcp.VERSION
            + "\r\nMcp-Method: subscriptions/listen\r\nContent-Length: "
            + body.length
            + "\r\n\r\n",
        body);
  }

  /** A legacy session's GET stream; nothing is read after the status line. */
  static Socket legacyStream(int port, String session) throws IOException {
    return open(
        port,
        "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
            + port
            + "\r\nAccept: text/event-stream\r\nMcp-Session-Id: "
            + session
            + "\r\nMCP-Protocol-Version: "
            + LegacyClient.VERSION
            + "\r\n\r\n",
        new byte[0]);
  }

  /**
   * Reads what the server still sends until it ends the response (the chunked body's last chunk or
   * the connection's end); fails when that takes longer than 30 s of silence or more than {@code
   * maxBytes}. Returns the tail of what was read.
   */
  static String drain(Socket socket, int maxBytes) throws IOException {
    socket.setSoTimeout(30_000);
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream tail = new ByteArrayOutputStream();
    byte[] buffer = new byte[64 * 1024];
    long total = 0;
    String last = "";
    try {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        total += n;
        assertThat(total).as("bytes read from a stalled stream").isLessThan(maxBytes);
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
    } catch (SocketTimeoutException e) {
      throw new AssertionError("the stream did not end; it ended with: " + last, e);
    }
  }

  private static Socket open(int port, String head, byte[] body) throws IOException {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress("127.0.0.1", port));
    OutputStream out = socket.getOutputStream();
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
    String status = new String(socket.getInputStream().readNBytes(15), StandardCharsets.US_ASCII);
    assertThat(status).isEqualTo("HTTP/1.1 200 OK");
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
