package dev.jaxrsmcp.servletit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A client whose MCP body trickles in: it declares 100,000 bytes and sends one every 100 ms (the
 * whole body would take hours), also while the answer arrives, until the server closes the
 * connection or 60 s have passed.
 */
final class TricklingClient {
  /** What came back, and whether the server closed the connection while the client still sent. */
  record Answer(String text, boolean closed) {}

  private TricklingClient() {}

  static Answer send(ServletServer server) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", server.base().getPort()), 5_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      out.write(
          ("POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Accept: application/json, text/event-stream\r\n"
                  + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: server/discover\r\n"
                  + "Content-Length: 100000\r\n\r\n{")
              .getBytes(StandardCharsets.ISO_8859_1));
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      byte[] buffer = new byte[8192];
      boolean closed = false;
      socket.setSoTimeout(100);
      for (int sent = 0; sent < 600 && !closed; sent++) {
        try {
          int n = in.read(buffer);
          if (n < 0) {
            closed = true;
          } else {
            answer.write(buffer, 0, n);
          }
        } catch (SocketTimeoutException nothingYet) {
          // go on sending
        } catch (IOException reset) {
          closed = true;
        }
        if (!closed) {
          try {
            out.write(' ');
            out.flush();
          } catch (IOException gone) {
            closed = true;
          }
        }
      }
      return new Answer(answer.toString(StandardCharsets.UTF_8), closed);
    }
  }
}
