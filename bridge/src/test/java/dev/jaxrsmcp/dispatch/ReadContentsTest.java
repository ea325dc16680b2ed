package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Contract section 7, contents: text or blob, the charset, and JSON passed through as is. */
class ReadContentsTest {
  static final byte[] BYTES = {0, 1, 2, (byte) 0xFF, (byte) 0xC3, 0x28};

  @Path("/c")
  public static class Contents {
    @GET
    @Path("/utf8")
    @Produces("text/plain")
    @McpResource(uri = "app://utf8")
    public String utf8() {
      return "été ☃";
    }

    @GET
    @Path("/latin1")
    @Produces("text/plain;charset=ISO-8859-1")
    @McpResource(uri = "app://latin1")
    public String latin1() {
      return "café crème";
    }

    @GET
    @Path("/latin1-response")
    @Produces("text/plain")
    @McpResource(uri = "app://latin1-response")
    public Response latin1Response() {
      return Response.ok("naïve".getBytes(StandardCharsets.ISO_8859_1))
          .type("text/plain;charset=ISO-8859-1")
          .build();
    }

    @GET
    @Path("/octets")
    @Produces("application/octet-stream")
    @McpResource(uri = "app://octets")
    public byte[] octets() {
      return BYTES;
    }

    @GET
    @Path("/png")
    @Produces("image/png")
    @McpResource(uri = "app://png")
    public byte[] png() {
      return BYTES;
    }

    @GET
    @Path("/json-object")
    @Produces("application/json")
    @McpResource(uri = "app://json-object")
    public String jsonObject() {
      return "{\"id\":7,\"name\":\"wïdget\"}";
    }

    @GET
    @Path("/json-string")
    @Produces("application/json")
    @McpResource(uri = "app://json-string")
    public String jsonString() {
      return "\"just a string\"";
    }

    @GET
    @Path("/accept")
    @Produces({"text/markdown", "text/plain"})
    @McpResource(uri = "app://accept", mimeType = "text/markdown")
    public String accept(@HeaderParam("Accept") String accept) {
      return "accept=" + accept;
    }

    @GET
    @Path("/typed/{type}")
    @McpResource(uri = "app://typed/{type}")
    public Response typed(@jakarta.ws.rs.PathParam("type") String type) {
      String mediaType = new String(Base64.getUrlDecoder().decode(type), StandardCharsets.UTF_8);
      return Response.ok("a,b".getBytes(StandardCharsets.UTF_8)).type(mediaType).build();
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Contents.class).register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonNode entry(String uri) {
    JsonNode json =
        McpWire.json(McpWire.read(mcp, uri).then().statusCode(200).extract().response());
    assertThat(json.at("/result/contents").size()).as(json.toString()).isEqualTo(1);
    return json.at("/result/contents/0");
  }

  @Test
  void textIsDecodedAsUtf8ByDefault() {
    assertThat(entry("app://utf8").toString())
        .isEqualTo("{\"uri\":\"app://utf8\",\"mimeType\":\"text/plain\",\"text\":\"été ☃\"}");
  }

  @Test
  void textIsDecodedWithTheDeclaredCharset() {
    JsonNode entry = entry("app://latin1");

    assertThat(entry.path("text").textValue()).isEqualTo("café crème");
    assertThat(entry.path("mimeType").textValue()).isEqualTo("text/plain;charset=ISO-8859-1");
  }

  @Test
  void textIsDecodedWithTheResponsesCharset() {
    JsonNode entry = entry("app://latin1-response");

    assertThat(entry.path("text").textValue()).isEqualTo("naïve");
  }

  @Test
  void octetStreamIsABase64Blob() {
    assertThat(entry("app://octets").toString())
        .isEqualTo(
            "{\"uri\":\"app://octets\",\"mimeType\":\"application/octet-stream\",\"blob\":\""
                + Base64.getEncoder().encodeToString(BYTES)
                + "\"}");
  }

  @Test
  void imageIsABase64Blob() {
    JsonNode entry = entry("app://png");

    assertThat(entry.path("mimeType").textValue()).isEqualTo("image/png");
    assertThat(Base64.getDecoder().decode(entry.path("blob").textValue())).isEqualTo(BYTES);
    assertThat(entry.has("text")).isFalse();
  }

  @Test
  void jsonIsPassedThroughAsText() {
    assertThat(entry("app://json-object").toString())
        .isEqualTo(
            "{\"uri\":\"app://json-object\",\"mimeType\":\"application/json\","
                + "\"text\":\"{\\\"id\\\":7,\\\"name\\\":\\\"wïdget\\\"}\"}");
  }

  @Test
  void jsonStringIsPassedThroughAsIsNotEncodedTwice() {
    assertThat(entry("app://json-string").path("text").textValue()).isEqualTo("\"just a string\"");
  }

  @Test
  void acceptIsTheResourcesTypeAndMimeTypeIsTheAnnotations() {
    JsonNode entry = entry("app://accept");

    assertThat(entry.path("text").textValue()).isEqualTo("accept=text/markdown");
    assertThat(entry.path("mimeType").textValue()).isEqualTo("text/markdown");
  }

  @ParameterizedTest
  @CsvSource({
    "text/csv, text",
    "application/xml, text",
    "application/atom+xml, text",
    "application/vnd.widget+json, text",
    "application/yaml, text",
    "application/javascript, text",
    "text/html;charset=UTF-8, text",
    "application/pdf, blob",
    "application/zip, blob",
    "audio/mpeg, blob"
  })
  void responseTypeDecidesTextOrBlob(String mediaType, String member) {
    String encoded =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(mediaType.getBytes(StandardCharsets.UTF_8));

    JsonNode entry = entry("app://typed/" + encoded);

    assertThat(entry.path("mimeType").textValue()).isEqualTo(mediaType);
    assertThat(entry.has(member)).as(entry.toString()).isTrue();
    String content =
        member.equals("text")
            ? entry.path("text").textValue()
            : new String(Base64.getDecoder().decode(entry.path("blob").textValue()));
    assertThat(content).isEqualTo("a,b");
  }
}
