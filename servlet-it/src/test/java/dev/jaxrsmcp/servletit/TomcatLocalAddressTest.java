package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On Jersey's servlet container the bridge learns each connection's local address from the servlet
 * request ({@code getLocalAddr()}): Tomcat listening on every address answers an MCP request that
 * arrived on a non-loopback address under the server's real name, and still refuses a foreign Host
 * on a loopback connection (contract section 11).
 */
class TomcatLocalAddressTest {
  private static final String DISCOVER =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{\"_meta\":{"
          + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

  private static ServletApp app;
  private static TomcatServer server;

  @BeforeAll
  static void start() throws Exception {
    app = new ServletApp(IdentityHolder.Mode.PLAIN);
    server = TomcatServer.start(app, "0.0.0.0");
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    app.close();
  }

  static Optional<InetAddress> nonLoopbackIpv4() throws IOException {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!nic.isUp() || nic.isLoopback()) {
        continue;
      }
      for (InetAddress address : Collections.list(nic.getInetAddresses())) {
        if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
          return Optional.of(address);
        }
      }
    }
    return Optional.empty();
  }

  /** The status line of a {@code server/discover} to {@code address} with {@code host}. */
  static String discover(String address, String host) throws IOException {
    byte[] body = DISCOVER.getBytes(StandardCharsets.UTF_8);
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, server.base().getPort()), 10_000);
      socket.setSoTimeout(20_000);
      socket
          .getOutputStream()
          .write(
              ("POST /api/mcp HTTP/1.1\r\nHost: "
                      + host
                      + "\r\nContent-Type: application/json\r\n"
                      + "Accept: application/json, text/event-stream\r\n"
                      + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: server/discover\r\n"
                      + "Content-Length: "
                      + body.length
                      + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().write(body);
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return answer;
    }
  }

  @Test
  void aNonLoopbackConnectionIsAnsweredUnderTheServersRealName() throws IOException {
    Optional<InetAddress> address = nonLoopbackIpv4();
    assumeTrue(address.isPresent(), "this machine has no non-loopback IPv4 address");

    String answer = discover(address.get().getHostAddress(), "some.real.name");

    assertThat(answer).startsWith("HTTP/1.1 200 ").contains("\"resultType\":\"complete\"");
  }

  @Test
  void aLoopbackConnectionWithAForeignHostIsStillRefused() throws IOException {
    String answer = discover("127.0.0.1", "evil.example");

    assertThat(answer)
        .startsWith("HTTP/1.1 403 ")
        .endsWith(
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,"
                + "\"message\":\"Forbidden: Host 'evil.example' is not allowed\"}}");
    assertThat(discover("127.0.0.1", "localhost")).startsWith("HTTP/1.1 200 ");
  }
}
