package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/** Choosing the port, starting on it and stopping. */
class DemoServerTest {
  static final String[] NO_ARGS = {};

  @Test
  void portDefaultsTo8080() {
    assertThat(DemoServer.port(NO_ARGS, null)).isEqualTo(8080);
    assertThat(DemoServer.port(NO_ARGS, " ")).isEqualTo(8080);
  }

  @Test
  void portComesFromThePortEnvironmentVariable() {
    assertThat(DemoServer.port(NO_ARGS, "9191")).isEqualTo(9191);
  }

  @Test
  void portArgumentBeatsTheEnvironment() {
    assertThat(DemoServer.port(new String[] {"--port", "9292"}, "9191")).isEqualTo(9292);
    assertThat(DemoServer.port(new String[] {"--port=9393"}, "9191")).isEqualTo(9393);
  }

  @Test
  void badPortArgumentNamesTheArgumentAndValue() {
    assertThatThrownBy(() -> DemoServer.port(new String[] {"--port", "http"}, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--port must be a port number from 0 to 65535 (found 'http')");
  }

  @Test
  void badPortEnvironmentNamesTheVariableAndValue() {
    assertThatThrownBy(() -> DemoServer.port(NO_ARGS, "70000"))
        .hasMessage("PORT must be a port number from 0 to 65535 (found '70000')");
  }

  @Test
  void portArgumentWithoutValueIsRefused() {
    assertThatThrownBy(() -> DemoServer.port(new String[] {"--port"}, null))
        .hasMessage("--port needs a value, for example --port 9090");
  }

  @Test
  void unknownArgumentIsRefused() {
    assertThatThrownBy(() -> DemoServer.port(new String[] {"--verbose"}, null))
        .hasMessage("unknown argument '--verbose' (usage: DemoServer [--port N])");
  }

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
