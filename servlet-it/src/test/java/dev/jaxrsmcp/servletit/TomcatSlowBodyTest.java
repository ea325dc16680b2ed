package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On Tomcat, an MCP body that trickles in is refused when {@code bodyReadTimeout} (the default, 5
 * s) passes. Tomcat then discards the rest of the body on the request thread before it ends the
 * response ({@code Http11Processor.endRequest}), up to the connector's {@code maxSwallowSize} (2
 * MiB by default: a trickling client keeps the thread). With {@code maxSwallowSize="0"} it stops at
 * the next bytes and closes the connection, so the client gets the whole 408 and no thread waits
 * for the rest (docs/deployment.md).
 */
class TomcatSlowBodyTest {
  private static ServletApp app;
  private static TomcatServer server;

  @BeforeAll
  static void start() throws Exception {
    app = new ServletApp(IdentityHolder.Mode.PLAIN);
    server = TomcatServer.start(app, "127.0.0.1", Map.of("maxSwallowSize", "0"));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    app.close();
  }

  @Test
  void aTricklingBodyIsRefusedAndItsConnectionClosedWhileTheClientStillSends() throws Exception {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", server.base().getPort()), 5_000);
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      out.write(
          ("POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Accept: application/json, text/event-stream\r\n"
                  + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: server/discover\r\n"
                  + "Content-Length: 100000\r\n\r\n{")
              .getBytes(StandardCharsets.ISO_8859_1));
      // A byte every 100 ms (the whole body would take hours), also while the answer arrives,
      // until the server closes the connection; at most 60 s.
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      byte[] buffer = new byte[8192];
      boolean closed = false;
      for (int sent = 0; sent < 600 && !closed; sent++) {
        while (in.available() > 0) {
          int n = in.read(buffer);
          if (n < 0) {
            closed = true;
            break;
          }
          answer.write(buffer, 0, n);
        }
        if (!closed && answer.size() > 0) {
          // Answered: is the connection closed? A read returns -1 once it is.
          socket.setSoTimeout(200);
          try {
            int n = in.read(buffer);
            if (n < 0) {
              closed = true;
            } else {
              answer.write(buffer, 0, n);
            }
          } catch (java.net.SocketTimeoutException stillOpen) {
            // not yet
          } catch (IOException reset) {
            closed = true;
          }
        }
        if (!closed) {
          try {
            out.write(' ');
            out.flush();
          } catch (IOException gone) {
            closed = true;
          }
          Thread.sleep(100);
        }
      }
      String text = answer.toString(StandardCharsets.UTF_8);
      assertThat(closed).as("the connection was closed; received: %s", text).isTrue();
      assertThat(text).startsWith("HTTP/1.1 408 ");
      assertThat(text)
          .contains("the body did not arrive within 5000 ms (bodyReadTimeout)")
          .contains("\"limit\":\"bodyReadTimeout\"");
    }
  }
}
