package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

  /**
   * Close gives the port back: a new server listens on it at once. (Connecting to the closed port
   * and expecting a refusal is not a test: a loopback connect can pick that port as its own source
   * port and connect to itself, as it did once in CI.)
   */
  @Test
  void closeStopsListening() {
    DemoServer server = DemoServer.start(0);
    int port = server.port();
    server.close();
    try (DemoServer again = DemoServer.start(port)) {
      assertThat(again.port()).isEqualTo(port);
      given().get(again.baseUri().resolve("api/motd")).then().statusCode(200);
    }
  }
}
