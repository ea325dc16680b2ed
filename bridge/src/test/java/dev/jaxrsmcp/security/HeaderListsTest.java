package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/**
 * The application's header allow- and deny-lists (contract section 7) act on top of the headers
 * that never reach a route: protocol and hop-by-hop headers stay withheld even when allow-listed.
 */
class HeaderListsTest {
  static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01";

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

  /** Every kind of header: protocol, hop-by-hop, credentials, application. */
  static String echoed(McpFeature feature) {
    try (TestServer server = TestServer.start(new ResourceConfig(Echo.class).register(feature))) {
      ObjectNode body = Mcp.body(1, "resources/read", Map.of("uri", "app://echo"));
      ((ObjectNode) body.at("/params/_meta")).put("traceparent", TRACEPARENT);
      RawHttp.Reply reply =
          RawHttp.post(server.port(), "/mcp")
              .json()
              .header("MCP-Protocol-Version", Mcp.VERSION)
              .header("Mcp-Method", "resources/read")
              .header("Mcp-Name", "app://echo")
              .header("Mcp-Param-Region", "us")
              .header("Last-Event-ID", "7")
              .header("Proxy-Authorization", "Basic cHJveHk6cHJveHk=")
              .header("TE", "trailers")
              .header("Authorization", "Bearer abc")
              .header("Cookie", "sid=1")
              .header("X-Tenant-Id", "t1")
              .header("X-Tenant-Region", "eu")
              .header("X-Internal-Debug", "on")
              .header("User-Agent", "lists-test")
              .body(body.toString())
              .send();
      assertThat(reply.status()).as(reply.text()).isEqualTo(200);
      return reply.json().at("/result/contents/0/text").textValue();
    }
  }

  @Test
  void allowListPassesOnlyTheNamedHeadersAndNeverProtocolOrHopByHopOnes() {
    String echoed =
        echoed(
            McpFeature.builder()
                .forwardOnlyHeaders(
                    "Authorization",
                    "X-Tenant-*",
                    "Mcp-*",
                    "Mcp-Param-Region",
                    "Host",
                    "Connection",
                    "Content-Type",
                    "Content-Length",
                    "Transfer-Encoding",
                    "Proxy-Authorization",
                    "TE",
                    "Upgrade",
                    "Last-Event-ID",
                    "Accept-Encoding",
                    "traceparent")
                .build());

    assertThat(echoed)
        .isEqualTo(
            "accept: text/plain\n"
                + "authorization: Bearer abc\n"
                + "traceparent: "
                + TRACEPARENT
                + "\n"
                + "x-tenant-id: t1\n"
                + "x-tenant-region: eu\n");
  }

  @Test
  void allowListThatDoesNotNameTheTraceHeadersWithholdsThoseFromMetaToo() {
    String echoed = echoed(McpFeature.builder().forwardOnlyHeaders("User-Agent").build());

    assertThat(echoed).isEqualTo("accept: text/plain\nuser-agent: lists-test\n");
  }

  @Test
  void denyListWithholdsTheNamedHeaders() {
    String echoed =
        echoed(
            McpFeature.builder()
                .neverForwardHeaders("cookie", "X-Internal-*", "traceparent")
                .build());

    assertThat(echoed)
        .isEqualTo(
            "accept: text/plain\n"
                + "authorization: Bearer abc\n"
                + "user-agent: lists-test\n"
                + "x-tenant-id: t1\n"
                + "x-tenant-region: eu\n");
  }

  @Test
  void denyListWinsOverAllowList() {
    String echoed =
        echoed(
            McpFeature.builder()
                .forwardOnlyHeaders("Authorization", "Cookie")
                .neverForwardHeaders("Cookie")
                .build());

    assertThat(echoed).isEqualTo("accept: text/plain\nauthorization: Bearer abc\n");
  }

  @Test
  void withoutListsEveryEndToEndHeaderIsForwarded() {
    assertThat(echoed(McpFeature.builder().build()))
        .isEqualTo(
            "accept: text/plain\n"
                + "authorization: Bearer abc\n"
                + "cookie: sid=1\n"
                + "traceparent: "
                + TRACEPARENT
                + "\n"
                + "user-agent: lists-test\n"
                + "x-internal-debug: on\n"
                + "x-tenant-id: t1\n"
                + "x-tenant-region: eu\n");
  }

  /**
   * Headers a {@code Connection} header names are hop-by-hop: withheld, whatever their case, from
   * every {@code Connection} header the request has.
   */
  @Test
  void headersTheConnectionHeaderNamesAreWithheld() {
    try (TestServer server =
        TestServer.start(new ResourceConfig(Echo.class).register(McpFeature.builder().build()))) {
      RawHttp.Reply reply =
          RawHttp.post(server.port(), "/mcp")
              .json()
              .header("MCP-Protocol-Version", Mcp.VERSION)
              .header("Mcp-Method", "resources/read")
              .header("Mcp-Name", "app://echo")
              .header("Connection", "close")
              .header("connection", "X-Hop ,x-other-hop")
              .header("X-Hop", "1")
              .header("X-OTHER-HOP", "2")
              .header("X-Kept", "3")
              .body(Mcp.body(1, "resources/read", Map.of("uri", "app://echo")).toString())
              .send();
      assertThat(reply.status()).as(reply.text()).isEqualTo(200);
      assertThat(reply.json().at("/result/contents/0/text").textValue())
          .isEqualTo("accept: text/plain\n" + "x-kept: 3\n");
    }
  }

  @Test
  void listEntriesMustBeHeaderNames() {
    assertThatThrownBy(() -> McpFeature.builder().forwardOnlyHeaders("X-Tenant-*", "bad name"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "forwardOnlyHeaders entries must be header names, optionally ending in '*' (found"
                + " 'bad name')");
    assertThatThrownBy(() -> McpFeature.builder().neverForwardHeaders("*"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "neverForwardHeaders entries must be header names, optionally ending in '*' (found"
                + " '*')");
  }
}
