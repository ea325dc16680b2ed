package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A spooled result maps its contents like any read: charset, JSON text, empty bodies. */
class SpooledContentsTest {
  @Path("/kinds")
  public static class Kinds {
    @GET
    @Path("/latin")
    @Produces("text/plain;charset=ISO-8859-1")
    @McpResource(uri = "app://kinds/latin", longRunning = true)
    public String latin() {
      return "Grüße, café";
    }

    @GET
    @Path("/json")
    @Produces("application/json")
    @McpResource(uri = "app://kinds/json", longRunning = true)
    public String json() {
      return "{\"line\":\"a\\nb\",\"n\":1}";
    }

    @GET
    @Path("/empty")
    @Produces("text/plain")
    @McpResource(uri = "app://kinds/empty", longRunning = true)
    public String empty() {
      return "";
    }
  }

  private TestServer server;

  @BeforeEach
  void start() {
    server =
        TestServer.start(new ResourceConfig(Kinds.class).register(McpFeature.builder().build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void textIsDecodedWithTheResponsesCharset() {
    JsonNode contents = contents("app://kinds/latin");
    assertThat(contents.path("text").asText()).isEqualTo("Grüße, café");
    assertThat(contents.path("mimeType").asText()).isEqualTo("text/plain;charset=ISO-8859-1");
  }

  @Test
  void jsonIsPassedThroughAsText() {
    assertThat(contents("app://kinds/json").path("text").asText())
        .isEqualTo("{\"line\":\"a\\nb\",\"n\":1}");
  }

  @Test
  void anEmptyBodyIsOneEntryWithEmptyText() {
    JsonNode result = LongReads.json(LongReads.both(server, "app://kinds/empty", null));
    assertThat(result.path("result").path("contents").size()).isEqualTo(1);
    assertThat(result.path("result").path("contents").path(0).path("text").isTextual()).isTrue();
    assertThat(result.path("result").path("contents").path(0).path("text").asText()).isEmpty();
  }

  private JsonNode contents(String uri) {
    return LongReads.json(LongReads.both(server, uri, null))
        .path("result")
        .path("contents")
        .path(0);
  }
}
