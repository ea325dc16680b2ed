package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * On Tomcat and Jetty, as on Grizzly, a read whose route fails after part of its MCP response was
 * sent is broken off: a chunked body without its last chunk, on a connection the server ends, never
 * a complete-looking response (contract section 7).
 */
class ServletBrokenOffTest {
  @Path("/fail")
  @Produces("text/plain")
  public static class Failing {
    @GET
    @Path("/{bytes}")
    @McpResource(uri = "app://fail/{bytes}")
    public StreamingOutput plain(@PathParam("bytes") int bytes) {
      return out -> {
        byte[] chunk = new byte[1024];
        Arrays.fill(chunk, (byte) 'x');
        for (int written = 0; written < bytes; written += chunk.length) {
          out.write(chunk, 0, Math.min(chunk.length, bytes - written));
          out.flush();
        }
        throw new IllegalStateException("the database went away after " + bytes + " bytes");
      };
    }
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aFailureAfterPartOfAReadWasSentBreaksTheResponseOff(ServletServer.Kind kind)
      throws Exception {
    try (ServletApp app = new ServletApp(IdentityHolder.Mode.PLAIN, Failing.class);
        ServletServer server = kind.start(app)) {
      String response = exchange(server, "app://fail/300000");

      int headEnd = response.indexOf("\r\n\r\n");
      assertThat(headEnd).as("a head arrived: %s", response).isPositive();
      String head = response.substring(0, headEnd);
      String body = response.substring(headEnd + 4);
      assertThat(head)
          .as("response: %s", response)
          .startsWith("HTTP/1.1 200")
          .containsIgnoringCase("chunked");
      assertThat(body).as("part of the body was sent").contains("xxxx");
      assertThat(body)
          .as("a broken-off chunked body has no last chunk")
          .doesNotEndWith("0\r\n\r\n");
    }
  }

  /**
   * The response's bytes until the server ends the connection or sends a last chunk; a response the
   * server neither finishes nor ends fails (a hang is not "broken off").
   */
  private static String exchange(ServletServer server, String uri) throws Exception {
    String json =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\""
            + uri
            + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    try (Socket socket = new Socket("127.0.0.1", server.base().getPort())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + server.mcp().getPath()
                  + " HTTP/1.1\r\nHost: 127.0.0.1:"
                  + server.base().getPort()
                  + "\r\nContent-Type: application/json\r\nAccept: application/json"
                  + "\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: resources/read"
                  + "\r\nMcp-Name: "
                  + uri
                  + "\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[64 * 1024];
      try {
        int n;
        while ((n = in.read(buffer)) >= 0) {
          received.write(buffer, 0, n);
          if (received.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n0\r\n\r\n")) {
            break; // complete: judged by the caller (the connection may be kept alive)
          }
        }
      } catch (SocketTimeoutException e) {
        throw new AssertionError(
            "the server neither finished nor ended the connection; received "
                + received.size()
                + " bytes",
            e);
      } catch (SocketException e) {
        // reset by the server: broken off
      }
      return received.toString(StandardCharsets.ISO_8859_1);
    }
  }
}
