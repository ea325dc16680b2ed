package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Contract section 7, forwarded headers: the MCP request's headers reach the route except
 * hop-by-hop headers (and those {@code Connection} names), {@code Host}, {@code Content-*}, {@code
 * Accept} (replaced by the resource's type), {@code Accept-Encoding}, {@code Mcp-*} and {@code
 * Last-Event-ID}; {@code traceparent}, {@code tracestate} and {@code baggage} from {@code _meta}
 * are forwarded too. Sent over a raw socket so that every header goes out exactly as written.
 */
class HeaderForwardingTest {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final String META_TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01";
  static final String HTTP_TRACEPARENT = "00-11111111111111111111111111111111-2222222222222222-01";

  /** Echoes the headers it received, one {@code name: value|value} line each, sorted. */
  @Path("/echo")
  public static class Echo {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://echo")
    public String echo(@Context HttpHeaders headers) {
      Map<String, String> sorted = new TreeMap<>();
      headers
          .getRequestHeaders()
          .forEach(
              (name, values) ->
                  sorted.put(name.toLowerCase(Locale.ROOT), String.join("|", values)));
      StringBuilder out = new StringBuilder();
      sorted.forEach((name, value) -> out.append(name).append(": ").append(value).append('\n'));
      return out.toString();
    }
  }

  static TestServer server;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Echo.class).register(McpFeature.builder().build()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static String readBody(Map<String, String> meta) {
    ObjectNode body = Mcp.body(1, "resources/read", Map.of("uri", "app://echo"));
    ObjectNode metaNode = (ObjectNode) body.at("/params/_meta");
    meta.forEach(metaNode::put);
    return body.toString();
  }

  private static String echoedHeaders(String headers, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String request =
        "POST /mcp HTTP/1.1\r\n"
            + "Host: 127.0.0.1:"
            + server.port()
            + "\r\n"
            + "Content-Type: application/json\r\n"
            + "Content-Length: "
            + bytes.length
            + "\r\n"
            + "Accept: application/json, text/event-stream\r\n"
            + "MCP-Protocol-Version: 2026-07-28\r\n"
            + "Mcp-Method: resources/read\r\n"
            + "Mcp-Name: app://echo\r\n"
            + headers
            + "\r\n";
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.write(bytes);
      out.flush();
      String response = readResponse(socket.getInputStream());
      assertThat(response).startsWith("HTTP/1.1 200");
      JsonNode json = MAPPER.readTree(response.substring(response.indexOf("\r\n\r\n") + 4));
      return json.at("/result/contents/0/text").textValue();
    }
  }

  /** Reads one response whose body has a Content-Length (the endpoint's JSON answers do). */
  private static String readResponse(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        break;
      }
      head.write(b);
    }
    String headText = head.toString(StandardCharsets.ISO_8859_1);
    int length = 0;
    for (String line : headText.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring("content-length:".length()).trim());
      }
    }
    byte[] body = in.readNBytes(length);
    return headText + new String(body, StandardCharsets.UTF_8);
  }

  @Test
  void endToEndHeadersReachTheRouteAndNothingElseDoes() throws IOException {
    String headers =
        "Connection: keep-alive, X-Hop\r\n"
            + "X-Hop: named by Connection\r\n"
            + "Keep-Alive: timeout=5\r\n"
            + "TE: trailers\r\n"
            + "Trailer: X-Checksum\r\n"
            + "Proxy-Authorization: Basic cHJveHk6cHJveHk=\r\n"
            + "Proxy-Connection: keep-alive\r\n"
            + "Accept-Encoding: gzip\r\n"
            + "Content-Language: en\r\n"
            + "Mcp-Param-Region: us-west1\r\n"
            + "Mcp-Session-Ignored: x\r\n"
            + "Last-Event-ID: 42\r\n"
            + "Authorization: Bearer abc\r\n"
            + "Cookie: session=1\r\n"
            + "Accept-Language: fr\r\n"
            + "User-Agent: raw-test\r\n"
            + "X-Request-Id: r-1\r\n"
            + "X-Multi: a\r\n"
            + "X-Multi: b\r\n";

    String echoed = echoedHeaders(headers, readBody(Map.of()));

    assertThat(echoed)
        .isEqualTo(
            "accept: text/plain\n"
                + "accept-language: fr\n"
                + "authorization: Bearer abc\n"
                + "cookie: session=1\n"
                + "user-agent: raw-test\n"
                + "x-multi: a|b\n"
                + "x-request-id: r-1\n");
  }

  @Test
  void traceContextFromMetaIsForwarded() throws IOException {
    String echoed =
        echoedHeaders(
            "",
            readBody(
                Map.of(
                    "traceparent", META_TRACEPARENT,
                    "tracestate", "vendor=1",
                    "baggage", "userId=alice")));

    assertThat(echoed)
        .isEqualTo(
            "accept: text/plain\n"
                + "baggage: userId=alice\n"
                + "traceparent: "
                + META_TRACEPARENT
                + "\n"
                + "tracestate: vendor=1\n");
  }

  @Test
  void traceContextFromMetaReplacesTheHttpRequests() throws IOException {
    String echoed =
        echoedHeaders(
            "traceparent: " + HTTP_TRACEPARENT + "\r\n",
            readBody(Map.of("traceparent", META_TRACEPARENT)));

    assertThat(echoed).isEqualTo("accept: text/plain\ntraceparent: " + META_TRACEPARENT + "\n");
  }

  @Test
  void traceHeaderOfTheHttpRequestIsForwardedWhenMetaHasNone() throws IOException {
    String echoed = echoedHeaders("traceparent: " + HTTP_TRACEPARENT + "\r\n", readBody(Map.of()));

    assertThat(echoed).isEqualTo("accept: text/plain\ntraceparent: " + HTTP_TRACEPARENT + "\n");
  }

  @Test
  void traceValueThatIsNotAHeaderValueIsDropped() throws IOException {
    String echoed =
        echoedHeaders(
            "", readBody(Map.of("traceparent", "00-abc\r\nX-Injected: 1", "baggage", "user=é")));

    assertThat(echoed).isEqualTo("accept: text/plain\n");
  }
}
