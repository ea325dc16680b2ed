package dev.jaxrsmcp.test;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static dev.jaxrsmcp.test.McpAssertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The kit's protocol checks against answers the bridge never gives: a real HTTP server on loopback
 * answers every POST with one canned response, and the kit must say what is wrong with it.
 */
class MisbehavingServerTest {
  HttpServer server;
  volatile String type;
  volatile String body;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/mcp",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", type);
          exchange.sendResponseHeaders(200, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  McpTestClient client() {
    return McpTestClient.modern(
        URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp"));
  }

  void answer(String contentType, String answer) {
    type = contentType;
    body = answer;
  }

  @Test
  void aNotificationWithoutTheListensIdFails() {
    answer(
        "text/event-stream",
        "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/acknowledged\","
            + "\"params\":{\"notifications\":{\"resourceSubscriptions\":[\"app://a\"]}}}\n\n");
    try (McpListen listen = client().listen("app://a")) {
      assertThatThrownBy(listen::acknowledged)
          .hasMessageStartingWith(
              "expected io.modelcontextprotocol/subscriptionId 1 (the listen request's id) on"
                  + " every notification of subscriptions/listen (modern 2026-07-28, without"
                  + " Authorization), but got {\"jsonrpc\":\"2.0\",\"method\":"
                  + "\"notifications/subscriptions/acknowledged\"");
    }
  }

  @Test
  void anErrorForAnotherIdFails() {
    answer(
        "application/json",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32602,\"message\":\"Resource not"
            + " found\",\"data\":{\"uri\":\"app://a\"}}}");
    assertThatThrownBy(() -> assertThat(client().read("app://a")).isNotFound())
        .hasMessageStartingWith(
            "Expecting resources/read app://a (modern 2026-07-28, without Authorization)\nto echo"
                + " the request id 1, but the id is 7\nin the answer: HTTP 200 (application/json)");
  }

  @Test
  void anEventThatIsNotJsonFails() {
    answer("text/event-stream", "data: {\"jsonrpc\":\n\n");
    assertThatThrownBy(() -> client().read("app://a"))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(
            "the stream answering resources/read app://a (modern 2026-07-28, without"
                + " Authorization) carried an event that is not JSON (");
  }

  @Test
  void twoContentEntriesAreNotOneText() {
    answer(
        "application/json",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"contents\":[{\"uri\":\"app://a\",\"text\":"
            + "\"x\"},{\"uri\":\"app://a\",\"text\":\"y\"}]}}");
    assertThatThrownBy(() -> assertThat(client().read("app://a")).isText())
        .hasMessageContaining(
            "to give one text content entry, but it gave 2 entries\nin the answer: HTTP 200");
  }

  @Test
  void aStreamThatEndsWithoutAResponseHasNone() {
    answer(
        "text/event-stream",
        "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\n\n");
    McpResponse read = client().read("app://a");
    assertThat(read.json().isMissingNode()).isTrue();
    assertThat(read.messages()).hasSize(1);
    assertThatThrownBy(() -> assertThat(read).succeeded())
        .hasMessageEndingWith(
            "to succeed,\nbut it answered HTTP 200 (text/event-stream) data:"
                + " {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}");
  }
}
