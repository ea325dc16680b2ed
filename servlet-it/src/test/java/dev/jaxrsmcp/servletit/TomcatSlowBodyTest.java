package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

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
    TricklingClient.Answer answer = TricklingClient.send(server);
    String text = answer.text();
    assertThat(answer.closed()).as("the connection was closed; received: %s", text).isTrue();
    assertThat(text).startsWith("HTTP/1.1 408 ");
    assertThat(text)
        .contains("the body did not arrive within 5000 ms (bodyReadTimeout)")
        .contains("\"limit\":\"bodyReadTimeout\"");
  }
}
