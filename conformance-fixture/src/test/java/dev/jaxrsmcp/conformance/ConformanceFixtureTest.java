package dev.jaxrsmcp.conformance;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.restassured.path.json.JsonPath;
import java.util.Base64;
import org.glassfish.grizzly.http.server.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ConformanceFixtureTest {
  private static final String PNG_BASE64 =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

  static HttpServer server;
  static String base;

  @BeforeAll
  static void start() {
    server = ConformanceFixture.start(0);
    base = "http://127.0.0.1:" + ConformanceFixture.boundPort(server);
  }

  @AfterAll
  static void stop() {
    server.shutdownNow();
  }

  private static JsonPath read(String uri) {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\""
            + uri
            + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    return given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", "resources/read")
        .header("Mcp-Name", uri)
        .body(body)
        .post(base + "/mcp")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }

  @Test
  void thePromptWithAnEmbeddedResourceEmbedsTheUriItIsGiven() {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":"
            + "\"test_prompt_with_embedded_resource\",\"arguments\":{\"resourceUri\":"
            + "\"test://example-resource\"},"
            + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    JsonPath json =
        given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", "prompts/get")
            .header("Mcp-Name", "test_prompt_with_embedded_resource")
            .body(body)
            .post(base + "/mcp")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getList("result.messages")).hasSize(2);
    assertThat(json.getMap("result.messages[0].content.resource"))
        .isEqualTo(
            java.util.Map.of(
                "uri",
                "test://example-resource",
                "mimeType",
                "text/plain",
                "text",
                "Embedded resource content for testing."));
    assertThat(json.getString("result.messages[1].content.text"))
        .isEqualTo("Please process the embedded resource above.");
  }

  @Test
  void staticTextIsReadableOverMcp() {
    JsonPath json = read("test://static-text");
    assertThat(json.getString("result.contents[0].mimeType")).isEqualTo("text/plain");
    assertThat(json.getString("result.contents[0].text"))
        .isEqualTo("This is the content of the static text resource.");
  }

  @Test
  void staticBinaryIsThePngAsBlob() {
    JsonPath json = read("test://static-binary");
    assertThat(json.getString("result.contents[0].mimeType")).isEqualTo("image/png");
    assertThat(json.getString("result.contents[0].blob")).isEqualTo(PNG_BASE64);
  }

  @Test
  void templateMemberCarriesItsId() {
    JsonPath json = read("test://template/123/data");
    assertThat(json.getString("result.contents[0].text"))
        .isEqualTo("{\"id\":\"123\",\"templateTest\":true,\"data\":\"Data for ID: 123\"}");
  }

  @Test
  void audioRouteAnswersPlainHttpAsWav() {
    byte[] body =
        given()
            .get(base + "/tools/audio-content")
            .then()
            .statusCode(200)
            .contentType("audio/wav")
            .extract()
            .asByteArray();
    assertThat(Base64.getEncoder().encodeToString(body))
        .isEqualTo("UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=");
  }

  @Test
  void errorRouteFailsWithItsMessage() {
    given()
        .get(base + "/tools/error-handling")
        .then()
        .statusCode(500)
        .body(org.hamcrest.Matchers.equalTo(FixtureTools.ERROR_TEXT));
  }

  @Test
  void portComesFromTheOptionBeforeTheEnvironment() {
    assertThat(ConformanceFixture.port(new String[] {"--port", "9001"}, "9002")).isEqualTo(9001);
    assertThat(ConformanceFixture.port(new String[] {"--port=9003"}, null)).isEqualTo(9003);
    assertThat(ConformanceFixture.port(new String[0], "9002")).isEqualTo(9002);
    assertThat(ConformanceFixture.port(new String[0], null)).isEqualTo(8080);
  }

  @Test
  void badPortIsReportedWithTheValueFound() {
    assertThatThrownBy(() -> ConformanceFixture.port(new String[] {"--port", "80x"}, null))
        .hasMessage("--port must be a number from 0 to 65535 (found '80x')");
    assertThatThrownBy(() -> ConformanceFixture.port(new String[0], "70000"))
        .hasMessage("PORT must be a number from 0 to 65535 (found '70000')");
    assertThatThrownBy(() -> ConformanceFixture.port(new String[] {"--host", "x"}, null))
        .hasMessage("unknown argument '--host' (the only option is --port N)");
  }
}
