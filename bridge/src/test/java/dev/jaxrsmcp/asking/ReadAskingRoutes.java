package dev.jaxrsmcp.asking;

import dev.jaxrsmcp.McpPrompt;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A prompt and resources whose routes ask the user through {@link McpContext} before they answer.
 */
final class ReadAskingRoutes {
  private ReadAskingRoutes() {}

  /** The days whose diary a read showed (once the user agreed). */
  static final Set<String> SHOWN = ConcurrentHashMap.newKeySet();

  /** What {@code McpContext.ask} threw where it cannot ask. */
  static final java.util.concurrent.BlockingQueue<String> REFUSED =
      new java.util.concurrent.LinkedBlockingQueue<>();

  private static final Map<String, Object> TONE =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of("tone", Map.of("type", "string")),
          "required",
          List.of("tone"));

  @Path("/writing")
  @Produces("text/plain")
  public static class Writing {
    /** Asks the tone first; a user who does not say gets the plain prompt. */
    @GET
    @Path("/{topic}")
    @McpPrompt(
        name = "essay",
        description = "An essay prompt in the tone the user picks",
        arguments = @McpPrompt.Argument(name = "topic", description = "What the essay is about"))
    public String essay(@PathParam("topic") String topic, @Context McpContext mcp) {
      McpContext.Answer tone = mcp.elicit("Which tone for " + topic + "?", TONE);
      return tone.accepted()
          ? "Write about " + topic + " in a " + tone.content().get("tone") + " tone."
          : "Write about " + topic + ".";
    }

    /** Another prompt that asks the same question: a state issued for one is no good here. */
    @GET
    @Path("/poems/{topic}")
    @McpPrompt(
        name = "poem",
        description = "A poem prompt",
        arguments = @McpPrompt.Argument(name = "topic", description = "What the poem is about"))
    public String poem(@PathParam("topic") String topic, @Context McpContext mcp) {
      McpContext.Answer tone = mcp.elicit("Which tone for " + topic + "?", TONE);
      return "Write a poem about " + topic + " (" + tone.action() + ").";
    }
  }

  @Path("/diary")
  @Produces("text/plain")
  public static class Diary {
    /** Shown only once the user agreed; cacheable, but never after it asked; subscribable. */
    @GET
    @Path("/{day}")
    @McpResource(
        uri = "app://diary/{day}",
        name = "diary",
        mimeType = "text/plain",
        cacheTtlMs = 60_000,
        cacheScope = "public",
        subscribe = true)
    public String day(@PathParam("day") String day, @Context McpContext mcp) {
      McpContext.Answer open =
          mcp.elicit(
              "Show the diary of " + day + "?", Map.of("type", "object", "properties", Map.of()));
      if (!open.accepted()) {
        throw new ForbiddenException("the user chose " + open.action());
      }
      SHOWN.add(day);
      return "Diary of " + day + ": quiet.";
    }

    /** A long-running read cannot ask: its answer streams as it is written. */
    @GET
    @Path("/{day}/recording")
    @McpResource(uri = "app://diary/{day}/recording", name = "recording", longRunning = true)
    public String recording(@PathParam("day") String day, @Context McpContext mcp) {
      try {
        mcp.elicit(
            "Play the recording of " + day + "?", Map.of("type", "object", "properties", Map.of()));
      } catch (IllegalStateException e) {
        REFUSED.add(e.getMessage());
        throw e;
      }
      SHOWN.add(day + "/recording");
      return "recording of " + day;
    }
  }
}
