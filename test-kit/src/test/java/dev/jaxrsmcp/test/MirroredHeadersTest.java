package dev.jaxrsmcp.test;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpTool;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code callTool} of a tool with header arguments (SEP-2243): in the modern era the bridge wants
 * them mirrored as {@code Mcp-Param-*} headers; the client reads {@code tools/list} after the
 * {@code -32020} and calls again with them, as the specification asks of a client.
 */
class MirroredHeadersTest {
  @Path("/regions")
  public static class Regions {
    @GET
    @Produces(MediaType.TEXT_PLAIN)
    @McpTool(name = "echo")
    public String echo(@HeaderParam("Region") String region, @HeaderParam("X-Count") Integer n) {
      return region + " " + n;
    }
  }

  @RegisterExtension
  static final McpServerExtension server =
      McpServerExtension.of(
          () ->
              new ResourceConfig(Regions.class)
                  .register(McpFeature.builder().name("regions").version("1").build()));

  @Test
  void aModernCallMirrorsItsHeaderArguments() {
    McpResponse answer =
        server.modern().callTool("echo", Map.of("Region", "Hello, 世界", "X-Count", 42));
    assertThat(answer).succeeded();
    assertThat(answer.result().at("/content/0/text").asText()).isEqualTo("Hello, 世界 42");
  }

  @Test
  void aLegacyCallNeedsNoHeaders() {
    try (McpTestClient legacy = server.legacy()) {
      McpResponse answer = legacy.callTool("echo", Map.of("Region", "eu"));
      assertThat(answer).succeeded();
      assertThat(answer.result().at("/content/0/text").asText()).isEqualTo("eu null");
    }
  }
}
