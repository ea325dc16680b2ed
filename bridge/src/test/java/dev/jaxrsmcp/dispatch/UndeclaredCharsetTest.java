package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import dev.jaxrsmcp.testing.WireRead;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A text type whose response names no charset (a template engine's {@code text/html} in
 * ISO-8859-1): HTTP gives it no default charset, so the bridge does not guess. UTF-8 bytes are
 * text; other bytes come back as they are, a blob of the declared type; bytes past the first 64 KiB
 * that are not UTF-8 fail the read instead of turning into U+FFFD. A named charset decodes.
 */
class UndeclaredCharsetTest {
  static final String WORDS = "Zoë ünïcödé";

  @Path("/page")
  public static class Pages {
    @GET
    @Path("/latin1")
    @Produces("text/html")
    @McpResource
    public byte[] latin1() {
      return WORDS.getBytes(StandardCharsets.ISO_8859_1);
    }

    @GET
    @Path("/utf8")
    @Produces("text/html")
    @McpResource
    public byte[] utf8() {
      return WORDS.getBytes(StandardCharsets.UTF_8);
    }

    @GET
    @Path("/named")
    @Produces("text/html; charset=ISO-8859-1")
    @McpResource
    public byte[] named() {
      return WORDS.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** 70,000 bytes of UTF-8 (ASCII) text, then one ISO-8859-1 'é'. */
    @GET
    @Path("/late")
    @Produces("text/plain")
    @McpResource
    public byte[] late() {
      byte[] body = new byte[70_001];
      Arrays.fill(body, (byte) 'a');
      body[70_000] = (byte) 0xE9;
      return body;
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Pages.class).register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static String read(String uri, String contents) {
    return "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\"contents\":["
        + contents
        + "],\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"jaxrs-mcp\","
        + "\"version\":\"0.0.0\"}},\"ttlMs\":0,\"cacheScope\":\"private\"}}";
  }

  @Test
  void bytesThatAreNotUtf8ComeBackAsABlobOfTheDeclaredType() {
    String answer = mcp.read("app://page/latin1").asString();

    String blob = Base64.getEncoder().encodeToString(WORDS.getBytes(StandardCharsets.ISO_8859_1));
    assertThat(answer)
        .isEqualTo(
            read(
                "app://page/latin1",
                "{\"uri\":\"app://page/latin1\",\"mimeType\":\"text/html\",\"blob\":\""
                    + blob
                    + "\"}"));
  }

  @Test
  void theToolOfSuchAResourceEmbedsTheBlob() {
    String answer =
        mcp.call("tools/call", Map.of("name", "latin1", "arguments", Map.of())).asString();

    String blob = Base64.getEncoder().encodeToString(WORDS.getBytes(StandardCharsets.ISO_8859_1));
    assertThat(answer)
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\"content\":["
                + "{\"type\":\"resource\",\"resource\":{\"uri\":\"app://page/latin1\","
                + "\"mimeType\":\"text/html\",\"blob\":\""
                + blob
                + "\"}}],\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":"
                + "\"jaxrs-mcp\",\"version\":\"0.0.0\"}}}}");
  }

  @Test
  void utf8BytesAreText() {
    String answer = mcp.read("app://page/utf8").asString();

    assertThat(answer)
        .isEqualTo(
            read(
                "app://page/utf8",
                "{\"uri\":\"app://page/utf8\",\"mimeType\":\"text/html\",\"text\":\""
                    + WORDS
                    + "\"}"));
  }

  @Test
  void aNamedCharsetDecodes() {
    String answer = mcp.read("app://page/named").asString();

    assertThat(answer)
        .isEqualTo(
            read(
                "app://page/named",
                "{\"uri\":\"app://page/named\",\"mimeType\":\"text/html;charset=ISO-8859-1\","
                    + "\"text\":\""
                    + WORDS
                    + "\"}"));
  }

  /**
   * The first 64 KiB decided "UTF-8 text" and have been sent when the bad byte comes: the response
   * is broken off (as when a route fails mid-body), so the client sees no complete result, and no
   * U+FFFD stands in for the byte.
   */
  @Test
  void bytesThatAreNotUtf8PastTheFirst64KibBreakTheResponseOffInsteadOfBecomingReplacements()
      throws Exception {
    WireRead.Response response = WireRead.read(server.port(), "app://page/late");

    assertThat(response.head()).startsWith("HTTP/1.1 200");
    assertThat(response.body())
        .startsWith(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
                + "\"contents\":[{\"uri\":\"app://page/late\",\"mimeType\":\"text/plain\","
                + "\"text\":\"aaaa")
        .doesNotContain("\uFFFD")
        .endsWith("a");
    assertThat(response.complete()).as("a broken-off response is never complete").isFalse();
    assertThat(response.ended()).as("the server ended the connection").isTrue();
  }
}
