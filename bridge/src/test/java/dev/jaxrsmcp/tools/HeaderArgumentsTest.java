package dev.jaxrsmcp.tools;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Header arguments as MCP custom headers (SEP-2243): {@code tools/list} declares each string,
 * integer and boolean header argument with {@code x-mcp-header}; a modern {@code tools/call} must
 * mirror it as {@code Mcp-Param-{name}} (Base64 sentinel decoded, integers compared as numbers),
 * else HTTP 400 and {@code -32020} before the route runs; the legacy era checks no such header.
 */
class HeaderArgumentsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final AtomicInteger RUNS = new AtomicInteger();

  @Path("/regions")
  public static class Regions {
    @GET
    @Path("/echo")
    @Produces(MediaType.TEXT_PLAIN)
    @McpTool(name = "echo", description = "Echoes its headers")
    public String echo(
        @HeaderParam("Region") String region,
        @HeaderParam("X-Count") Integer count,
        @HeaderParam("X-Dry") Boolean dry,
        @HeaderParam("X-Ratio") Double ratio) {
      RUNS.incrementAndGet();
      return "region=" + region + " count=" + count + " dry=" + dry + " ratio=" + ratio;
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Regions.class)
                .register(McpFeature.builder().name("regions").version("1.0").build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void reset() {
    RUNS.set(0);
  }

  private static Response call(Map<String, ?> arguments, Map<String, String> headers) {
    return mcp.request("tools/call", "echo")
        .headers(headers)
        .body(Mcp.body(1, "tools/call", Map.of("name", "echo", "arguments", arguments)).toString())
        .post(mcp.url());
  }

  private static void assertWire(Response response, int status, String expected) throws Exception {
    assertThat(response.statusCode()).isEqualTo(status);
    assertThat(MAPPER.readTree(response.asString())).isEqualTo(MAPPER.readTree(expected));
  }

  private static String success(String text) {
    return """
        {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete",
         "content":[{"type":"text","text":"%s"}],
         "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"regions","version":"1.0"}}}}
        """
        .formatted(text);
  }

  private static String mismatch(String message, String argument) {
    return """
        {"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":%s,
         "data":{"tool":"echo","argument":"%s"}}}
        """
        .formatted(MAPPER.valueToTree(message).toString(), argument);
  }

  @Test
  void toolsListDeclaresStringIntegerAndBooleanHeaderArgumentsWithXMcpHeaderButNotANumber()
      throws Exception {
    JsonNode tool =
        MAPPER
            .readTree(mcp.call("tools/list", Map.of()).then().statusCode(200).extract().asString())
            .at("/result/tools/0");
    assertThat(tool.get("inputSchema"))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"type":"object","properties":{
                  "Region":{"type":"string","x-mcp-header":"Region"},
                  "X-Count":{"type":"integer","minimum":-2147483648,"maximum":2147483647,
                             "x-mcp-header":"X-Count"},
                  "X-Dry":{"type":"boolean","x-mcp-header":"X-Dry"},
                  "X-Ratio":{"type":"number"}},
                 "additionalProperties":false}
                """));
  }

  @Test
  void matchingHeadersRunTheRouteWithTheArgumentsAsItsHeaders() throws Exception {
    Map<String, Object> arguments = new LinkedHashMap<>();
    arguments.put("Region", "us-west1");
    arguments.put("X-Count", 42);
    arguments.put("X-Dry", true);
    arguments.put("X-Ratio", 0.5);
    assertWire(
        call(
            arguments,
            Map.of(
                "Mcp-Param-Region", "us-west1",
                "mcp-param-x-count", "42.0", // names without case, integers as numbers
                "Mcp-Param-X-Dry", "true")),
        200,
        success("region=us-west1 count=42 dry=true ratio=0.5"));
    assertThat(RUNS).hasValue(1);
  }

  @Test
  void aBase64SentinelValueIsDecodedBeforeItIsCompared() throws Exception {
    String value = "Hello, 世界";
    String encoded =
        "=?base64?"
            + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
            + "?=";
    // The route runs in place: its Region header is the argument's value as it is.
    assertWire(
        call(Map.of("Region", value), Map.of("Mcp-Param-Region", encoded)),
        200,
        success("region=Hello, 世界 count=null dry=null ratio=null"));
    assertThat(RUNS).hasValue(1);
  }

  @Test
  void withoutArgumentsNoHeaderIsExpected() throws Exception {
    assertWire(
        call(Map.of(), Map.of()), 200, success("region=null count=null dry=null ratio=null"));
  }

  @Test
  void aMismatchedHeaderIsA400HeaderMismatchAndTheRouteDoesNotRun() throws Exception {
    assertWire(
        call(Map.of("Region", "us-west1"), Map.of("Mcp-Param-Region", "eu-west1")),
        400,
        mismatch(
            "Header mismatch: Mcp-Param-Region header value 'eu-west1' does not match body value"
                + " \"us-west1\" (tool 'echo')",
            "Region"));
    assertWire(
        call(Map.of("X-Count", 42), Map.of("Mcp-Param-X-Count", "43")),
        400,
        mismatch(
            "Header mismatch: Mcp-Param-X-Count header value '43' does not match body value 42"
                + " (tool 'echo')",
            "X-Count"));
    assertWire(
        call(Map.of("X-Dry", true), Map.of("Mcp-Param-X-Dry", "TRUE")),
        400,
        mismatch(
            "Header mismatch: Mcp-Param-X-Dry header value 'TRUE' does not match body value true"
                + " (tool 'echo')",
            "X-Dry"));
    assertThat(RUNS).hasValue(0);
  }

  @Test
  void aMissingHeaderForAGivenArgumentIsA400HeaderMismatch() throws Exception {
    assertWire(
        call(Map.of("Region", "us-west1"), Map.of()),
        400,
        mismatch(
            "Header mismatch: the Mcp-Param-Region header is required when argument 'Region' is"
                + " given (found none) (tool 'echo')",
            "Region"));
    assertThat(RUNS).hasValue(0);
  }

  @Test
  void aHeaderWithoutItsArgumentIsA400HeaderMismatch() throws Exception {
    assertWire(
        call(Map.of(), Map.of("Mcp-Param-Region", "us-west1")),
        400,
        mismatch(
            "Header mismatch: the Mcp-Param-Region header is present but argument 'Region' is not"
                + " given (tool 'echo')",
            "Region"));
    assertThat(RUNS).hasValue(0);
  }

  @Test
  void aMalformedBase64SentinelIsA400HeaderMismatch() throws Exception {
    assertWire(
        call(Map.of("Region", "Hello"), Map.of("Mcp-Param-Region", "=?base64?SGVsbG8?=")),
        400,
        mismatch(
            "Header mismatch: the Mcp-Param-Region header value is malformed (invalid characters"
                + " or Base64) (tool 'echo')",
            "Region"));
    assertThat(RUNS).hasValue(0);
  }

  @Test
  void aNumberHeaderArgumentIsNotMirroredSoNoHeaderIsChecked() throws Exception {
    assertWire(
        call(Map.of("X-Ratio", 1.5), Map.of()),
        200,
        success("region=null count=null dry=null ratio=1.5"));
  }

  @Test
  void theLegacyEraChecksNoMcpParamHeader() throws Exception {
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    String session = legacy.start();
    for (Map<String, String> headers :
        java.util.List.of(Map.<String, String>of(), Map.of("Mcp-Param-Region", "eu-west1"))) {
      Response response =
          given()
              .contentType("application/json")
              .accept("application/json, text/event-stream")
              .header("Mcp-Session-Id", session)
              .header("MCP-Protocol-Version", LegacyClient.VERSION)
              .headers(headers)
              .body(
                  LegacyClient.body(
                      7,
                      "tools/call",
                      Map.of("name", "echo", "arguments", Map.of("Region", "us-west1"))))
              .post(server.mcpUrl());
      assertWire(
          response,
          200,
          """
          {"jsonrpc":"2.0","id":7,"result":{
           "content":[{"type":"text","text":"region=us-west1 count=null dry=null ratio=null"}]}}
          """);
    }
    assertThat(RUNS).hasValue(2);
  }
}
