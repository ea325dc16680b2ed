package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/** Starting on a port and stopping (the options are {@link DemoOptionsTest}'s). */
class DemoServerTest {
  @Test
  void portZeroStartsOnAFreePortOnLoopback() {
    try (DemoServer server = DemoServer.start(0)) {
      assertThat(server.port()).isPositive();
      assertThat(server.baseUri().toString()).isEqualTo("http://127.0.0.1:" + server.port() + "/");
      assertThat(server.mcpUri().toString()).isEqualTo(server.baseUri() + "mcp");
      given().get(server.baseUri().resolve("api/motd")).then().statusCode(200);
    }
  }

  @Test
  void busyPortFailsNamingThePort() {
    try (DemoServer first = DemoServer.start(0)) {
      assertThatThrownBy(() -> DemoServer.start(first.port()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("cannot listen on 127.0.0.1:" + first.port() + " (")
          .hasMessageEndingWith("); pass --port or set PORT to use another port");
    }
  }

  @Test
  void closeStopsListening() {
    DemoServer server = DemoServer.start(0);
    int port = server.port();
    server.close();
    assertThatThrownBy(
            () -> {
              try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
              }
            })
        .isInstanceOf(IOException.class);
  }
}
