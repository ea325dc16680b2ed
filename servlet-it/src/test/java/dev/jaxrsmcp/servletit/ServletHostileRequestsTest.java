package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Requests a hostile client sends, on Tomcat and on Jetty: a {@code Host} that is not a host is
 * refused (400 from the container, or the bridge's 400 or 403; never a read or a 500); on Jetty, a
 * body that trickles in is answered before it ends (the bridge's 408 after {@code bodyReadTimeout})
 * with its connection closed, so no request thread waits for the rest (Tomcat needs {@code
 * maxSwallowSize="0"} for that: {@link TomcatSlowBodyTest}).
 */
class ServletHostileRequestsTest {
  private ServletApp app;
  private ServletServer server;

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    if (app != null) {
      app.close();
    }
  }

  private void start(ServletServer.Kind kind) throws Exception {
    app = new ServletApp(IdentityHolder.Mode.PLAIN);
    server = kind.start(app);
  }

  private static final String READ =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":"
          + "\"app://id/principal\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
          + "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aHostThatIsNotAHostIsRefused(ServletServer.Kind kind) throws Exception {
    start(kind);
    for (String host : new String[] {"a b", "[::1", "exa mple.com:80", "localhost:8o80"}) {
      byte[] body = READ.getBytes(StandardCharsets.UTF_8);
      String answer =
          exchange(
              "POST /api/mcp HTTP/1.1\r\nHost: "
                  + host
                  + "\r\nContent-Type: application/json\r\n"
                  + "Accept: application/json, text/event-stream\r\n"
                  + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: resources/read\r\n"
                  + "Mcp-Name: app://id/principal\r\nConnection: close\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n"
                  + READ);
      assertThat(answer).as("%s: Host '%s'", kind, host).matches("(?s)HTTP/1\\.1 (400|403) .*");
      assertThat(answer).as("%s: Host '%s'", kind, host).doesNotContain("\"result\"");
    }
  }

  @ParameterizedTest
  @EnumSource(value = ServletServer.Kind.class, names = "JETTY")
  void aTricklingBodyIsAnsweredAndItsConnectionClosed(ServletServer.Kind kind) throws Exception {
    start(kind);
    TricklingClient.Answer answer = TricklingClient.send(server);
    String text = answer.text();
    assertThat(answer.closed()).as("%s closed the connection; received: %s", kind, text).isTrue();
    assertThat(text).as(kind.toString()).startsWith("HTTP/1.1 408 ");
    assertThat(text)
        .contains("the body did not arrive within 5000 ms (bodyReadTimeout)")
        .contains("\"limit\":\"bodyReadTimeout\"");
  }

  private String exchange(String request) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", server.base().getPort()), 5_000);
      socket.setSoTimeout(20_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      byte[] buffer = new byte[8192];
      try {
        int n;
        while ((n = socket.getInputStream().read(buffer)) >= 0) {
          answer.write(buffer, 0, n);
        }
      } catch (IOException reset) {
        // an answer followed by a reset ends it
      }
      return answer.toString(StandardCharsets.UTF_8);
    }
  }
}
