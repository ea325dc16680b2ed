package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** How a read's contents become a tool result's content items. */
class ToolContentTest {
  static final String PNG =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
  static final String WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
  static final byte[] PDF = {
    '%', 'P', 'D', 'F', '-', '1', '.', '4', '\n', (byte) 0xE2, (byte) 0xE3
  };

  @Path("/content")
  public static class Content {
    @GET
    @Path("/text")
    @Produces("text/plain")
    @McpResource(name = "text")
    public String text() {
      return "This is a simple text response for testing.";
    }

    @GET
    @Path("/json/{id}")
    @Produces("application/json")
    @McpResource(name = "json")
    public String json(@PathParam("id") String id) {
      return "{\"id\":\"" + id + "\"}";
    }

    @GET
    @Path("/empty")
    @Produces("text/plain")
    @McpResource(name = "empty")
    public String empty() {
      return "";
    }

    @GET
    @Path("/image")
    @Produces("image/png")
    @McpResource(name = "image")
    public byte[] image() {
      return Base64.getDecoder().decode(PNG);
    }

    @GET
    @Path("/audio")
    @Produces("audio/wav")
    @McpResource(name = "audio")
    public byte[] audio() {
      return Base64.getDecoder().decode(WAV);
    }

    @GET
    @Path("/pdf/{id}")
    @Produces("application/pdf")
    @McpResource(name = "pdf")
    public byte[] pdf(@PathParam("id") int id) {
      return PDF;
    }

    @GET
    @Path("/undeclared")
    @McpResource(name = "undeclared")
    public Response undeclared() {
      return Response.ok(PDF, "application/octet-stream").build();
    }

    @GET
    @Path("/annotated")
    @Produces("text/plain")
    @McpResource(name = "annotated", audience = "assistant", priority = 0.5)
    public String annotated() {
      return "for the model";
    }
  }

  static TestServer server;
  static ToolCalls tools;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Content.class).register(McpFeature.builder().build()));
    tools = new ToolCalls(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static List<Map<String, Object>> content(String tool, Map<String, ?> arguments) {
    JsonPath json = tools.call(tool, arguments).then().statusCode(200).extract().jsonPath();
    assertThat(json.getMap("result")).doesNotContainKey("isError");
    return json.getList("result.content");
  }

  @Test
  void textBecomesATextItem() {
    assertThat(content("text", Map.of()))
        .containsExactly(
            Map.of("type", "text", "text", "This is a simple text response for testing."));
  }

  @Test
  void jsonBecomesATextItemPassedThroughAsIs() {
    assertThat(content("json", Map.of("id", "a\"b")))
        .containsExactly(Map.of("type", "text", "text", "{\"id\":\"a\"b\"}"));
  }

  @Test
  void emptyBodyBecomesOneEmptyTextItem() {
    assertThat(content("empty", Map.of())).containsExactly(Map.of("type", "text", "text", ""));
  }

  @Test
  void imageBecomesAnImageItem() {
    assertThat(content("image", Map.of()))
        .containsExactly(Map.of("type", "image", "data", PNG, "mimeType", "image/png"));
  }

  @Test
  void audioBecomesAnAudioItem() {
    assertThat(content("audio", Map.of()))
        .containsExactly(Map.of("type", "audio", "data", WAV, "mimeType", "audio/wav"));
  }

  @Test
  void otherBinaryBecomesAnEmbeddedResourceWithTheReadUri() {
    assertThat(content("pdf", Map.of("id", 7)))
        .containsExactly(
            Map.of(
                "type",
                "resource",
                "resource",
                Map.of(
                    "uri",
                    "app://content/pdf/7",
                    "mimeType",
                    "application/pdf",
                    "blob",
                    Base64.getEncoder().encodeToString(PDF))));
  }

  @Test
  void binaryOfAnUndeclaredTypeTakesTheResponseType() {
    assertThat(content("undeclared", Map.of()))
        .containsExactly(
            Map.of(
                "type",
                "resource",
                "resource",
                Map.of(
                    "uri",
                    "app://content/undeclared",
                    "mimeType",
                    "application/octet-stream",
                    "blob",
                    Base64.getEncoder().encodeToString(PDF))));
  }

  @Test
  void audienceAndPriorityBecomeItemAnnotations() {
    assertThat(content("annotated", Map.of()))
        .containsExactly(
            Map.of(
                "type",
                "text",
                "text",
                "for the model",
                "annotations",
                Map.of("audience", List.of("assistant"), "priority", 0.5f)));
  }
}
