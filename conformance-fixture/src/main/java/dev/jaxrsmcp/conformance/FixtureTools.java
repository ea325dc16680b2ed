package dev.jaxrsmcp.conformance;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The routes behind the suite's tool scenarios. The bridge offers every resource as a tool named
 * after the resource's {@code name}, so each route's name is the tool name a scenario calls.
 * Scenarios a GET route cannot serve honestly (sampling, elicitation) have no route here; {@code
 * conformance/baseline-*.yml} lists them with the reason. The tools that are {@code @McpTool}
 * routes are in {@link FixtureToolRoutes}.
 */
@Path("/tools")
public class FixtureTools {
  static final String ERROR_TEXT = "This tool intentionally returns an error for testing";

  @GET
  @Path("simple-text")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tools/simple-text",
      name = "test_simple_text",
      description = "Returns a simple text response")
  public String simpleText() {
    return "This is a simple text response for testing.";
  }

  @GET
  @Path("image-content")
  @Produces("image/png")
  @McpResource(
      uri = "test://tools/image-content",
      name = "test_image_content",
      description = "Returns a 1x1 PNG image")
  public byte[] imageContent() {
    return Media.png();
  }

  @GET
  @Path("audio-content")
  @Produces("audio/wav")
  @McpResource(
      uri = "test://tools/audio-content",
      name = "test_audio_content",
      description = "Returns a short WAV audio clip")
  public byte[] audioContent() {
    return Media.wav();
  }

  /**
   * A binary body that is neither an image nor audio: a tool result carries it as an embedded
   * resource (text bodies become text items).
   */
  @GET
  @Path("embedded-resource")
  @Produces("application/octet-stream")
  @McpResource(
      uri = "test://tools/embedded-resource",
      name = "test_embedded_resource",
      description = "Returns a binary document, embedded as a resource")
  public byte[] embeddedResource() {
    return "This is an embedded resource content.".getBytes(StandardCharsets.UTF_8);
  }

  @GET
  @Path("error-handling")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tools/error-handling",
      name = "test_error_handling",
      description = "Always fails, to test how tool errors are reported")
  public Response errorHandling() {
    return Response.serverError().entity(ERROR_TEXT).build();
  }

  /**
   * Sends three log messages (info, warning, error) while it runs, each followed by a line of the
   * response; a client sees them when it asked for log messages ({@code logging/setLevel}, or
   * {@code _meta io.modelcontextprotocol/logLevel}). Long-running, so that the response streams.
   */
  @GET
  @Path("tool-with-logging")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tools/tool-with-logging",
      name = "test_tool_with_logging",
      description = "A read that sends log messages while it runs",
      longRunning = true)
  public StreamingOutput toolWithLogging(@Context McpContext mcp) {
    return out -> {
      mcp.log(McpContext.LogLevel.INFO, "Tool execution started");
      out.write("started\n".getBytes(StandardCharsets.UTF_8));
      mcp.log(McpContext.LogLevel.WARNING, "fixture", Map.of("step", 2, "of", 3));
      out.write("working\n".getBytes(StandardCharsets.UTF_8));
      mcp.log(McpContext.LogLevel.ERROR, "Tool execution completed");
      out.write("done\n".getBytes(StandardCharsets.UTF_8));
    };
  }

  /**
   * The tool server-stateless calls without {@code io.modelcontextprotocol/logLevel} to check that
   * no log message is sent unasked: it logs as {@code test_tool_with_logging} does.
   */
  @GET
  @Path("logging-tool")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tools/logging-tool",
      name = "test_logging_tool",
      description = "Logs while it runs; messages reach only a client that asked for them",
      longRunning = true)
  public StreamingOutput loggingTool(@Context McpContext mcp) {
    return toolWithLogging(mcp);
  }

  /** Three steps, reporting progress 0, 50 and 100 of 100 to an MCP client that asked for it. */
  @GET
  @Path("tool-with-progress")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tools/tool-with-progress",
      name = "test_tool_with_progress",
      description = "A long-running read that reports progress",
      longRunning = true)
  public StreamingOutput toolWithProgress(@Context McpContext mcp) {
    return out -> {
      for (int step = 0; step < 3; step++) {
        mcp.progress(step * 50, 100, "step " + (step + 1) + " of 3");
        out.write(("step " + (step + 1) + " of 3 done\n").getBytes(StandardCharsets.UTF_8));
      }
    };
  }
}
