package dev.jaxrsmcp.dispatch;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A body without any type (no {@code @Produces}, no annotation {@code mimeType}, no {@code
 * Content-Type}) is read like any other: text when its first bytes are UTF-8, else a blob, held to
 * {@code maxReadBytes}, and never cut short.
 */
class UntypedBodyTest {
  @Path("/untyped")
  public static class Untyped {
    /** {@code bytes} bytes of ASCII text, with no type. */
    @GET
    @Path("/text/{bytes}")
    @McpResource(uri = "app://untyped/text/{bytes}")
    public Response text(@PathParam("bytes") int bytes) {
      byte[] body = new byte[bytes];
      Arrays.fill(body, (byte) 'a');
      body[bytes - 1] = 'z';
      return Response.ok(body).build();
    }

    /** {@code bytes} bytes starting with a byte that begins no UTF-8 sequence, with no type. */
    @GET
    @Path("/binary/{bytes}")
    @McpResource(uri = "app://untyped/binary/{bytes}")
    public Response binary(@PathParam("bytes") int bytes) {
      byte[] body = new byte[bytes];
      Arrays.fill(body, (byte) 'b');
      body[0] = (byte) 0xFF;
      return Response.ok(body).build();
    }
  }

  /** Takes every response's type off. */
  public static class NoType implements ContainerResponseFilter {
    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
      response.getHeaders().remove("Content-Type");
    }
  }

  private TestServer server;

  private Mcp start(McpFeature.Builder feature) {
    server =
        TestServer.start(new ResourceConfig(Untyped.class, NoType.class).register(feature.build()));
    return new Mcp(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aLargeUntypedBodyIsReadWhole() {
    Mcp mcp = start(McpFeature.builder());
    int bytes = 17 * 1024 * 1024; // more than any head looked at, within maxReadBytes

    JsonNode contents =
        McpWire.json(mcp.read("app://untyped/text/" + bytes)).at("/result/contents/0");

    String text = contents.path("text").asText();
    assertThat(text).hasSize(bytes);
    assertThat(text).endsWith("az");
    assertThat(contents.has("mimeType")).isFalse();
    assertThat(given().get(server.baseUri() + "untyped/text/" + bytes).asByteArray())
        .isEqualTo(text.getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void anUntypedBodyIsHeldToMaxReadBytesLikeAnyOther() {
    Mcp mcp = start(McpFeature.builder().maxReadBytes(4096));

    JsonNode fits = McpWire.json(mcp.read("app://untyped/text/4096"));
    JsonNode refused = McpWire.json(mcp.read("app://untyped/text/4097"));

    assertThat(fits.at("/result/contents/0/text").asText()).hasSize(4096);
    assertThat(refused.has("result")).as(refused.toString()).isFalse();
    assertThat(refused.at("/error/data/limit").asText()).isEqualTo("maxReadBytes");
    assertThat(refused.at("/error/message").asText())
        .startsWith("Resource too large: the response of app://untyped/text/4097");
  }

  @Test
  void anUntypedBodyThatIsNotUtf8IsABlobWhateverItsLength() {
    Mcp mcp = start(McpFeature.builder());

    for (int bytes : new int[] {1, 10, 200_000}) {
      JsonNode contents =
          McpWire.json(mcp.read("app://untyped/binary/" + bytes)).at("/result/contents/0");

      assertThat(contents.has("text")).as(bytes + " bytes").isFalse();
      byte[] blob = Base64.getDecoder().decode(contents.path("blob").asText());
      assertThat(blob).hasSize(bytes);
      assertThat(blob[0]).isEqualTo((byte) 0xFF);
    }
  }
}
