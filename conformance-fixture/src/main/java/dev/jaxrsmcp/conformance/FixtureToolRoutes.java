package dev.jaxrsmcp.conformance;

import dev.jaxrsmcp.McpTool;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Base64;

/**
 * The suite's tools that are {@code @McpTool} routes rather than resources: a result of several
 * content items, a hand-written JSON Schema 2020-12 input schema, and a header argument that a
 * client mirrors into an {@code Mcp-Param-*} header (SEP-2243).
 */
@Path("/tool-routes")
public class FixtureToolRoutes {
  /**
   * A text, an image and an embedded resource in one result (scenario tools-call-mixed-content):
   * the route answers a JSON array of MCP content items.
   */
  @GET
  @Path("multiple-content-types")
  @Produces(McpTool.CONTENT_ITEMS)
  @McpTool(
      name = "test_multiple_content_types",
      description = "Returns text, an image and an embedded resource")
  public String multipleContentTypes() {
    return "[{\"type\":\"text\",\"text\":\"Multiple content types test:\"},"
        + "{\"type\":\"image\",\"mimeType\":\"image/png\",\"data\":\""
        + Base64.getEncoder().encodeToString(Media.png())
        + "\"},"
        + "{\"type\":\"resource\",\"resource\":{\"uri\":\"test://mixed-content-resource\","
        + "\"mimeType\":\"application/json\",\"text\":\"{\\\"test\\\":\\\"data\\\",\\\"value\\\":123}\"}}]";
  }

  /**
   * A tool whose input schema uses JSON Schema 2020-12 keywords a generated schema does not ({@code
   * $anchor}, {@code allOf}/{@code anyOf}, {@code if}/{@code then}/{@code else}; scenario
   * json-schema-2020-12): written by hand in {@code json-schema-2020-12.schema.json}, the arguments
   * arrive as the route's entity.
   */
  @POST
  @Path("json-schema-2020-12")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.TEXT_PLAIN)
  @McpTool(
      name = "json_schema_2020_12_tool",
      description = "Tool with JSON Schema 2020-12 features",
      inputSchema = "json-schema-2020-12.schema.json")
  public String jsonSchema(String contact) {
    return "ok";
  }

  /**
   * A header argument (scenarios http-custom-header-server-validation and http-header-validation):
   * {@code Region} is declared with {@code x-mcp-header}, so a modern client sends it as {@code
   * Mcp-Param-Region} too, which the bridge checks against the argument; the route reads its own
   * {@code Region} header. Optional, so a call without arguments works as well.
   */
  @GET
  @Path("echo-region")
  @Produces(MediaType.TEXT_PLAIN)
  @McpTool(name = "echo_region", description = "Echoes the region it is given as a header")
  public String echoRegion(@HeaderParam("Region") String region) {
    return region == null ? "no region" : "region: " + region;
  }
}
