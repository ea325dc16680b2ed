package dev.jaxrsmcp.demo;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpServerExtension;
import dev.jaxrsmcp.test.McpTestClient;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code app://widgets/{id}/output{?seconds}}: a long-running read, one line and progress a second.
 */
class OutputTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String STATE =
      "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}";

  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.of(DemoApplication::create);

  @Test
  void anMcpReadReportsEachCapturedSecondThenReturnsTheLines(McpTestClient mcp) throws Exception {
    String uri = "app://widgets/1/output?seconds=2";
    McpResponse read = mcp.as(RestApiTest.VIEWER).withProgress("out").read(uri);
    assertThat(read.header("Content-Type").orElse("")).startsWith("text/event-stream");

    List<JsonNode> messages = read.messages();
    assertThat(messages).hasSize(3);
    assertThat(messages.get(0))
        .isEqualTo(
            MAPPER.readTree(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                    + "{\"progressToken\":\"out\",\"progress\":1,\"total\":2,"
                    + "\"message\":\"captured 1s\"}}"));
    assertThat(messages.get(1).path("params").path("message").asText()).isEqualTo("captured 2s");
    assertThat(read)
        .isText()
        .hasMimeType("text/plain")
        .isEqualTo("second 1: " + STATE + "\nsecond 2: " + STATE + "\n");
  }

  @Test
  void aPlainGetStillWorks() {
    String text =
        given()
            .header("Authorization", RestApiTest.VIEWER)
            .get(server.baseUri() + "api/widgets/1/output?seconds=1")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(text).isEqualTo("second 1: " + STATE + "\n");
  }

  @Test
  void moreThan300SecondsIsRefused() {
    String text =
        given()
            .header("Authorization", RestApiTest.VIEWER)
            .get(server.baseUri() + "api/widgets/1/output?seconds=301")
            .then()
            .statusCode(400)
            .extract()
            .asString();
    assertThat(text).isEqualTo("seconds must be from 1 to 300 (found 301)");
  }

  @Test
  void anUnknownWidgetIsNotFound(McpTestClient mcp) {
    assertThat(mcp.as(RestApiTest.VIEWER).read("app://widgets/999/output"))
        .isNotFound()
        .isError(-32602);
  }
}
