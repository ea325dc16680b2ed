package dev.jaxrsmcp.endpoint;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contract section 5, the modern path: every check, in the stated order, with its HTTP status and
 * JSON-RPC code; every error echoes the request id. Each ordering test breaks two rules at once and
 * expects the earlier one.
 */
class ModernValidationTest {
  static final String PV = "io.modelcontextprotocol/protocolVersion";
  static final String CAPS = "io.modelcontextprotocol/clientCapabilities";

  @Path("/files")
  public static class Files {
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource
    public String file(@PathParam("name") String name) {
      return "file " + name;
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Files.class).register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** A request with no MCP headers at all. */
  private static RequestSpecification bare() {
    return given().contentType("application/json").accept("application/json, text/event-stream");
  }

  /** The usual modern headers for a method. */
  private static RequestSpecification modern(String method) {
    return bare().header("MCP-Protocol-Version", Mcp.VERSION).header("Mcp-Method", method);
  }

  private static ObjectNode read(Object id, String uri) {
    return Mcp.body(id, "resources/read", Map.of("uri", uri));
  }

  private static ObjectNode meta(ObjectNode body) {
    return (ObjectNode) body.at("/params/_meta");
  }

  private static JsonNode post(RequestSpecification request, Object body, int status) {
    Response response = request.body(body.toString()).post(mcp.url());
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
    assertThat(response.contentType()).startsWith("application/json");
    return McpWire.json(response);
  }

  private static String error(String id, int code, String message) {
    return "{\"jsonrpc\":\"2.0\","
        + (id == null ? "" : "\"id\":" + id + ",")
        + "\"error\":{\"code\":"
        + code
        + ",\"message\":"
        + McpWire.quote(message)
        + "}}";
  }

  // 1. Origin

  @Test
  void foreignOriginIsForbiddenBeforeAnythingElse() {
    Response response =
        bare().header("Origin", "http://evil.example").body("not json").post(mcp.url());

    assertThat(response.statusCode()).isEqualTo(403);
  }

  @Test
  void localhostOriginIsAllowed() {
    post(
        modern("resources/read")
            .header("Mcp-Name", "app://files/a")
            .header("Origin", "http://localhost:3000"),
        read(1, "app://files/a"),
        200);
  }

  // 3. The modern checks, each alone

  @Test
  void missingProtocolVersionHeaderIsHeaderMismatch() {
    JsonNode json =
        post(
            bare().header("Mcp-Method", "resources/read").header("Mcp-Name", "app://files/a"),
            read(1, "app://files/a"),
            400);

    assertThat(json.toString())
        .isEqualTo(
            error("1", -32020, "Header mismatch: the MCP-Protocol-Version header is required"));
  }

  @ParameterizedTest
  @ValueSource(strings = {PV, CAPS})
  void metaLackingAFieldIsInvalidParams(String field) {
    ObjectNode body = read("r-1", "app://files/a");
    meta(body).remove(field);

    JsonNode json = post(modern("resources/read").header("Mcp-Name", "app://files/a"), body, 400);

    assertThat(json.toString())
        .isEqualTo(
            error(
                "\"r-1\"",
                -32602,
                "Invalid params: _meta must carry '"
                    + PV
                    + "' (a string) and '"
                    + CAPS
                    + "' (an object)"));
  }

  @Test
  void missingMetaIsInvalidParams() {
    JsonNode json =
        post(
            modern("resources/list"),
            Mcp.body(2, "resources/list", Map.of()).without("params"),
            400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32602);
    assertThat(json.at("/id").intValue()).isEqualTo(2);
  }

  @Test
  void clientCapabilitiesThatIsNotAnObjectIsInvalidParams() {
    ObjectNode body = Mcp.body(3, "resources/list", Map.of());
    meta(body).put(CAPS, "all");

    JsonNode json = post(modern("resources/list"), body, 400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32602);
  }

  @Test
  void headerVersionDifferentFromMetaIsHeaderMismatch() {
    ObjectNode body = Mcp.body(4, "resources/list", Map.of());
    meta(body).put(PV, "v999.0.0");

    JsonNode json = post(modern("resources/list"), body, 400);

    assertThat(json.toString())
        .isEqualTo(
            error(
                "4",
                -32020,
                "Header mismatch: MCP-Protocol-Version header value '2026-07-28' does not match"
                    + " body value 'v999.0.0'"));
  }

  @Test
  void unsupportedVersionListsTheSupportedOnes() {
    ObjectNode body = Mcp.body(5, "resources/list", Map.of());
    meta(body).put(PV, "v999.0.0");

    JsonNode json =
        post(
            bare()
                .header("MCP-Protocol-Version", "v999.0.0")
                .header("Mcp-Method", "resources/list"),
            body,
            400);

    assertThat(json.toString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32022,"
                + "\"message\":\"Unsupported protocol version\",\"data\":{\"supported\":"
                + "[\"2026-07-28\",\"2025-11-25\",\"2025-06-18\",\"2025-03-26\"],"
                + "\"requested\":\"v999.0.0\"}}}");
  }

  @Test
  void missingMcpMethodIsHeaderMismatch() {
    JsonNode json =
        post(
            bare().header("MCP-Protocol-Version", Mcp.VERSION),
            Mcp.body(6, "resources/list", Map.of()),
            400);

    assertThat(json.toString())
        .isEqualTo(error("6", -32020, "Header mismatch: the Mcp-Method header is required"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"resources/templates/list", "RESOURCES/LIST", " resources/lis"})
  void mcpMethodDifferentFromTheBodyIsHeaderMismatch(String header) {
    JsonNode json = post(modern(header), Mcp.body(7, "resources/list", Map.of()), 400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32020);
    assertThat(json.at("/id").intValue()).isEqualTo(7);
  }

  @Test
  void mcpMethodMismatchMessageNamesBothValues() {
    JsonNode json = post(modern("RESOURCES/LIST"), Mcp.body(7, "resources/list", Map.of()), 400);

    assertThat(json.toString())
        .isEqualTo(
            error(
                "7",
                -32020,
                "Header mismatch: Mcp-Method header value 'RESOURCES/LIST' does not match body"
                    + " value 'resources/list'"));
  }

  @Test
  void headerNamesAreCaseInsensitive() {
    JsonNode json =
        post(
            bare()
                .header("mcp-protocol-version", Mcp.VERSION)
                .header("MCP-METHOD", "resources/read")
                .header("mcp-name", "app://files/a"),
            read(8, "app://files/a"),
            200);

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("file a");
  }

  @Test
  void missingMcpNameIsHeaderMismatch() {
    JsonNode json = post(modern("resources/read"), read(9, "app://files/a"), 400);

    assertThat(json.toString())
        .isEqualTo(
            error(
                "9",
                -32020,
                "Header mismatch: the Mcp-Name header is required for resources/read"));
  }

  @Test
  void mcpNameDifferentFromTheUriIsHeaderMismatch() {
    JsonNode json =
        post(
            modern("resources/read").header("Mcp-Name", "app://files/b"),
            read(10, "app://files/a"),
            400);

    assertThat(json.toString())
        .isEqualTo(
            error(
                "10",
                -32020,
                "Header mismatch: Mcp-Name header value 'app://files/b' does not match body value"
                    + " 'app://files/a'"));
  }

  @Test
  void mcpNameWithSurroundingWhitespaceIsAccepted() {
    post(
        modern("resources/read").header("Mcp-Name", "  app://files/a  "),
        read(11, "app://files/a"),
        200);
  }

  @Test
  void base64McpNameIsDecodedForANonAsciiUri() {
    String uri = "app://files/日本語 ü";

    JsonNode json =
        post(
            modern("resources/read").header("Mcp-Name", McpWire.headerValue(uri)),
            read(12, uri),
            200);

    assertThat(McpWire.headerValue(uri)).startsWith("=?base64?").endsWith("?=");
    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("file 日本語 ü");
  }

  @Test
  void base64McpNameMustMatchTheUri() {
    JsonNode json =
        post(
            modern("resources/read").header("Mcp-Name", McpWire.headerValue("app://files/日本")),
            read(13, "app://files/中国"),
            400);

    assertThat(json.toString())
        .isEqualTo(
            error(
                "13",
                -32020,
                "Header mismatch: Mcp-Name header value 'app://files/日本' does not match body"
                    + " value 'app://files/中国'"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "=?base64?YXBwOi8vZmlsZXMvYQ?=", // app://files/a without its padding
        "=?base64?YXBw!!!ZmlsZXMvYQ==?=", // not the Base64 alphabet
        "=?base64?/w==?=" // Base64 of bytes that are not UTF-8
      })
  void malformedBase64McpNameIsHeaderMismatch(String header) {
    JsonNode json =
        post(modern("resources/read").header("Mcp-Name", header), read(14, "app://files/a"), 400);

    assertThat(json.toString())
        .isEqualTo(error("14", -32020, "Header mismatch: the Mcp-Name header value is malformed"));
  }

  @Test
  void sentinelShapedUriTravelsEncoded() {
    String uri = "app://files/=?base64?eA==?=";

    post(modern("resources/read").header("Mcp-Name", McpWire.headerValue(uri)), read(15, uri), 200);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "initialize",
        "ping",
        "logging/setLevel",
        "resources/subscribe",
        "resources/unsubscribe",
        "tasks/result",
        "tasks/list"
      })
  void methodTheRevisionRemovedIsMethodNotFoundOfTheRevisionWith404(String method) {
    JsonNode json = post(modern(method), Mcp.body(500, method, Map.of()), 404);

    assertThat(json.toString())
        .isEqualTo(
            error(
                "500",
                -32601,
                "Method not found: '" + method + "' is not a method of revision 2026-07-28"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "prompts/list",
        "prompts/get",
        "notifications/initialized-as-request",
        "unknown/method"
      })
  void methodThisServerDoesNotOfferIsMethodNotFoundSayingSoWith404(String method) {
    JsonNode json = post(modern(method), Mcp.body(500, method, Map.of()), 404);

    assertThat(json.toString())
        .isEqualTo(
            error("500", -32601, "Method not found: this server does not offer '" + method + "'"));
  }

  // Order: with two faults, the earlier check answers.

  @Test
  void missingHeaderComesBeforeIncompleteMeta() {
    ObjectNode body = read(20, "app://files/a");
    meta(body).remove(CAPS);

    JsonNode json = post(bare().header("Mcp-Method", "ping"), body, 400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32020);
    assertThat(json.at("/error/message").textValue())
        .isEqualTo("Header mismatch: the MCP-Protocol-Version header is required");
  }

  @Test
  void incompleteMetaComesBeforeVersionMismatch() {
    ObjectNode body = Mcp.body(21, "resources/list", Map.of());
    meta(body).put(PV, "v999.0.0").remove(CAPS);

    JsonNode json = post(modern("resources/list"), body, 400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32602);
  }

  @Test
  void versionMismatchComesBeforeUnsupportedVersion() {
    ObjectNode body = Mcp.body(22, "resources/list", Map.of());
    meta(body).put(PV, "v999.0.0");

    JsonNode json =
        post(
            bare()
                .header("MCP-Protocol-Version", "v998.0.0")
                .header("Mcp-Method", "resources/list"),
            body,
            400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32020);
  }

  @Test
  void unsupportedVersionComesBeforeMissingMcpMethod() {
    ObjectNode body = Mcp.body(23, "resources/list", Map.of());
    meta(body).put(PV, "v999.0.0");

    JsonNode json = post(bare().header("MCP-Protocol-Version", "v999.0.0"), body, 400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32022);
  }

  @Test
  void mcpMethodMismatchComesBeforeUnknownMethod() {
    JsonNode json = post(modern("pong"), Mcp.body(24, "ping", Map.of()), 400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32020);
  }

  @Test
  void mcpNameMismatchComesBeforeUnknownMethod() {
    JsonNode json =
        post(
            modern("prompts/get").header("Mcp-Name", "other"),
            Mcp.body(25, "prompts/get", Map.of("name", "greeting")),
            400);

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32020);
  }

  @Test
  void stringIdIsEchoedInErrors() {
    JsonNode json =
        post(modern("unknown/method"), Mcp.body("abc-1", "unknown/method", Map.of()), 404);

    assertThat(json.at("/id").textValue()).isEqualTo("abc-1");
  }

  // Before the era is known: the JSON-RPC envelope

  @Test
  void malformedJsonIsParseError() {
    Response response = modern("resources/list").body("{\"jsonrpc\":\"2.0\",").post(mcp.url());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(McpWire.json(response).toString())
        .isEqualTo(error(null, -32700, "Parse error: the body is not valid JSON"));
  }

  @Test
  void emptyBodyIsParseError() {
    Response response = modern("resources/list").body("").post(mcp.url());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(McpWire.json(response).toString())
        .isEqualTo(error(null, -32700, "Parse error: the body is empty"));
  }

  @Test
  void bodyLargerThanTheLimitIsRefusedWith413() {
    ObjectNode body = Mcp.body(35, "resources/list", Map.of());
    ((ObjectNode) body.get("params")).put("padding", "x".repeat(1024 * 1024));

    Response response = modern("resources/list").body(body.toString()).post(mcp.url());

    assertThat(response.statusCode()).isEqualTo(413);
    assertThat(McpWire.json(response).toString())
        .isEqualTo(error(null, -32600, "Invalid Request: the body is larger than 1048576 bytes"));
  }

  @Test
  void bodyWithoutALengthLargerThanTheLimitIsRefusedWith413() {
    ObjectNode body = Mcp.body(37, "resources/list", Map.of());
    ((ObjectNode) body.get("params")).put("padding", "x".repeat(1024 * 1024));

    // an InputStream body has no Content-Length: it is sent chunked
    Response response =
        modern("resources/list")
            .body(new ByteArrayInputStream(body.toString().getBytes(StandardCharsets.UTF_8)))
            .post(mcp.url());

    assertThat(response.statusCode()).isEqualTo(413);
    assertThat(McpWire.json(response).toString())
        .isEqualTo(error(null, -32600, "Invalid Request: the body is larger than 1048576 bytes"));
  }

  @Test
  void bodyWithoutALengthWithinTheLimitIsRead() {
    JsonNode json =
        McpWire.json(
            modern("resources/list")
                .body(
                    new ByteArrayInputStream(
                        Mcp.body(38, "resources/list", Map.of())
                            .toString()
                            .getBytes(StandardCharsets.UTF_8)))
                .post(mcp.url()));

    assertThat(json.at("/id").intValue()).isEqualTo(38);
    assertThat(json.has("result")).isTrue();
  }

  @Test
  void jsonNestedTooDeepIsInvalidRequest() {
    String deep = "[".repeat(100) + "]".repeat(100);
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":36,\"method\":\"resources/list\",\"params\":{\"x\":"
            + deep
            + "}}";

    Response response = modern("resources/list").body(body).post(mcp.url());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(McpWire.json(response).toString())
        .isEqualTo(error(null, -32600, "Invalid Request: JSON nests deeper than 64 levels"));
  }

  @Test
  void batchIsInvalidRequest() {
    String batch = "[" + Mcp.body(1, "resources/list", Map.of()) + "]";

    Response response = modern("resources/list").body(batch).post(mcp.url());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(McpWire.json(response).toString())
        .isEqualTo(
            error(
                null,
                -32600,
                "Invalid Request: batches are not supported; send one message per request"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"[1,2]", "\"uri\"", "42", "true"})
  void paramsThatIsNotAnObjectIsInvalidRequest(String params) {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":30,\"method\":\"resources/list\",\"params\":" + params + "}";

    JsonNode json = post(modern("resources/list"), body, 400);

    assertThat(json.toString())
        .isEqualTo(error("30", -32600, "Invalid Request: 'params' must be an object"));
  }

  @Test
  void metaThatIsNotAnObjectIsInvalidParams() {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":31,\"method\":\"resources/list\",\"params\":{\"_meta\":[]}}";

    JsonNode json = post(modern("resources/list"), body, 400);

    assertThat(json.toString())
        .isEqualTo(error("31", -32602, "Invalid params: '_meta' must be an object"));
  }

  @Test
  void wrongJsonRpcVersionIsInvalidRequest() {
    ObjectNode body = Mcp.body(32, "resources/list", Map.of()).put("jsonrpc", "1.0");

    JsonNode json = post(modern("resources/list"), body, 400);

    assertThat(json.toString())
        .isEqualTo(error("32", -32600, "Invalid Request: 'jsonrpc' must be \"2.0\""));
  }

  @Test
  void idThatIsNeitherStringNorIntegerIsInvalidRequestWithoutId() {
    ObjectNode body = Mcp.body(null, "resources/list", Map.of());
    body.putObject("id");

    JsonNode json = post(modern("resources/list"), body, 400);

    assertThat(json.toString())
        .isEqualTo(error(null, -32600, "Invalid Request: 'id' must be a string or an integer"));
  }

  @Test
  void uriThatIsNotAStringIsInvalidParams() {
    ObjectNode body = Mcp.body(33, "resources/read", Map.of());
    ((ObjectNode) body.get("params")).put("uri", 42);

    JsonNode json = post(modern("resources/read").header("Mcp-Name", "42"), body, 200);

    assertThat(json.toString())
        .isEqualTo(error("33", -32602, "Invalid params: 'uri' must be a string"));
  }

  @Test
  void missingUriIsInvalidParams() {
    JsonNode json = post(modern("resources/read"), Mcp.body(34, "resources/read", Map.of()), 200);

    assertThat(json.toString())
        .isEqualTo(error("34", -32602, "Invalid params: 'uri' must be a string"));
  }

  // Other HTTP methods and ignored headers

  @ParameterizedTest
  @ValueSource(strings = {"GET", "DELETE"})
  void getAndDeleteAreNotAllowed(String method) {
    Response response =
        given()
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .accept("text/event-stream")
            .request(method, mcp.url());

    assertThat(response.statusCode()).isEqualTo(405);
    assertThat(response.header("Allow")).contains("POST");
  }

  @Test
  void lastEventIdIsIgnored() {
    JsonNode json =
        post(
            modern("resources/read")
                .header("Mcp-Name", "app://files/a")
                .header("Last-Event-ID", "9"),
            read(40, "app://files/a"),
            200);

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("file a");
  }
}
