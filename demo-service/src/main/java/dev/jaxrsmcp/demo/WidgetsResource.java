package dev.jaxrsmcp.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpPrompt;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.context.McpContext;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * The widgets REST API. Every route is plain JAX-RS; the {@link McpResource} annotations only add
 * MCP URIs ({@code app://widgets/...}) that the bridge maps onto these same routes. {@link
 * BearerAuthFilter} guards all of them. A widget's state and its values are subscribable: {@link
 * StateChangeNotifier} tells subscribers whenever the store changes.
 */
@Path("/api/widgets")
@Produces(MediaType.APPLICATION_JSON)
public final class WidgetsResource {
  private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
  private static final int MAX_OUTPUT_SECONDS = 300;

  private final WidgetStore store;

  @Inject
  public WidgetsResource(WidgetStore store) {
    this.store = store;
  }

  @GET
  @McpResource(
      uri = "app://widgets",
      title = "Widgets",
      description = "Every widget: its numeric id, name and kind.")
  public List<Widget> widgets() {
    return store.list();
  }

  @GET
  @Path("/{id}/state")
  @McpResource(
      uri = "app://widgets/{id}/state",
      title = "Widget state",
      description = "A widget's current state as one JSON object, for example its temperature.",
      subscribe = true,
      listFrom = "/api/widgets")
  public ObjectNode state(@PathParam("id") long id) {
    return store.state(id).orElseThrow(() -> noWidget(id));
  }

  @GET
  @Path("/{id}/state/{key}")
  @McpResource(
      uri = "app://widgets/{id}/state/{key}",
      title = "Widget state value",
      description = "One value of a widget's state, as JSON (a number, string, boolean, ...).",
      subscribe = true)
  public JsonNode stateValue(@PathParam("id") long id, @PathParam("key") String key) {
    return store
        .stateValue(id, key)
        .orElseThrow(
            () ->
                store.find(id).isEmpty()
                    ? noWidget(id)
                    : notFound("widget " + id + " has no state key '" + key + "'"));
  }

  /** Sets one state value (owners only); the body is the new JSON value. */
  @PUT
  @Path("/{id}/state/{key}")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(BearerAuthFilter.OWNER)
  public JsonNode putStateValue(
      @PathParam("id") long id, @PathParam("key") String key, JsonNode value) {
    if (!KEY.matcher(key).matches()) {
      throw badRequest(
          "a state key must be 1 to 64 letters, digits, '_', '-' or '.' (found '" + key + "')");
    }
    if (value == null || value.isNull() || value.isMissingNode()) {
      throw badRequest("the body must be a JSON value other than null");
    }
    if (!store.putState(id, key, value)) {
      throw noWidget(id);
    }
    return value;
  }

  /**
   * Sets a widget's target temperature (owners only). Offered as an MCP tool: a {@code tools/call}
   * runs this very route, as the caller, with the {@code body} argument as its JSON entity.
   * Confirmation before it runs (an elicitation) is planned (issue #35).
   */
  @PUT
  @Path("/{id}/target")
  @Consumes(MediaType.APPLICATION_JSON)
  @RolesAllowed(BearerAuthFilter.OWNER)
  @McpTool(
      name = "set_target_temperature",
      title = "Set target temperature",
      description = "Sets a widget's target temperature, in degrees Celsius (5 to 35).",
      confirm = "Set the target temperature of widget {id}?",
      runWithoutElicitation = true)
  public TargetTemperature setTarget(@PathParam("id") long id, TargetTemperature target) {
    if (target == null || !(target.celsius() >= 5 && target.celsius() <= 35)) {
      throw badRequest("celsius must be from 5 to 35");
    }
    if (!store.putState(
        id, "targetTemperature", JsonNodeFactory.instance.numberNode(target.celsius()))) {
      throw noWidget(id);
    }
    return target;
  }

  @GET
  @Path("/{id}/secrets")
  @RolesAllowed(BearerAuthFilter.OWNER)
  @McpResource(
      uri = "app://widgets/{id}/secrets",
      title = "Widget secrets",
      description = "A widget's credentials; only owners may read them.")
  public Map<String, String> secrets(@PathParam("id") long id) {
    return store.secrets(id).orElseThrow(() -> noWidget(id));
  }

  /** How much a widget summary should say. */
  public enum Detail {
    BRIEF,
    DETAILED
  }

  /**
   * A prompt asking the model to summarize one widget, with its current state inlined. Prompts run
   * through the same auth as reads: the caller needs a token.
   */
  @GET
  @Path("/{id}/summary-prompt")
  @Produces(MediaType.TEXT_PLAIN)
  @McpPrompt(
      name = "summarize_widget",
      title = "Summarize a widget",
      description = "Asks for a summary of one widget and its current state.",
      arguments = {
        @McpPrompt.Argument(name = "id", description = "The widget's numeric id"),
        @McpPrompt.Argument(name = "detail", description = "BRIEF (the default) or DETAILED")
      })
  public String summaryPrompt(@PathParam("id") long id, @QueryParam("detail") Detail detail) {
    Widget widget = store.find(id).orElseThrow(() -> noWidget(id));
    ObjectNode state = store.state(id).orElseThrow(() -> noWidget(id));
    return "Summarize the widget "
        + widget.name()
        + " (id "
        + id
        + ", a "
        + widget.kind()
        + ") "
        + (detail == Detail.DETAILED ? "in detail, one line per state value" : "in one sentence")
        + ". Its current state is "
        + state
        + ".";
  }

  @GET
  @Path("/{id}/photo")
  @Produces("image/png")
  @McpResource(
      uri = "app://widgets/{id}/photo",
      title = "Widget photo",
      description = "A small PNG picture of the widget.")
  public byte[] photo(@PathParam("id") long id) {
    return store.photo(id).orElseThrow(() -> noWidget(id));
  }

  /**
   * Captures a widget's output for {@code seconds} seconds (default 30, at most 300): one line per
   * second, written as it is captured. Read over MCP it is a long-running read: the response is
   * spooled, each second is reported as progress, and a client that goes away stops the capture.
   */
  @GET
  @Path("/{id}/output")
  @Produces(MediaType.TEXT_PLAIN)
  @McpResource(
      uri = "app://widgets/{id}/output{?seconds}",
      title = "Widget output",
      description =
          "A widget's output captured live, one line per second for 'seconds' seconds"
              + " (default 30, at most 300); progress is reported every second. A client that"
              + " declares the MCP tasks extension gets a task it can poll.",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL)
  public StreamingOutput output(
      @PathParam("id") long id,
      @QueryParam("seconds") @DefaultValue("30") int seconds,
      @Context McpContext mcp) {
    if (store.find(id).isEmpty()) {
      throw noWidget(id); // before streaming: a quick, plain 404
    }
    if (seconds < 1 || seconds > MAX_OUTPUT_SECONDS) {
      throw badRequest(
          "seconds must be from 1 to " + MAX_OUTPUT_SECONDS + " (found " + seconds + ")");
    }
    return out -> {
      for (int second = 1; second <= seconds && !mcp.isCancelled(); second++) {
        if (cancelledWithin(mcp, 1000)) {
          return; // a cancelled read (or task) stops at once, not at the next second
        }
        String state = store.state(id).map(Object::toString).orElse("{}");
        out.write(("second " + second + ": " + state + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        mcp.progress(second, seconds, "captured " + second + "s");
      }
    };
  }

  /** Waits {@code millis} for the read's cancellation; true when it came. */
  private static boolean cancelledWithin(McpContext mcp, long millis) throws IOException {
    try {
      mcp.cancellation().toCompletableFuture().get(millis, TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return mcp.isCancelled();
    } catch (ExecutionException e) {
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("output capture interrupted", e);
    }
  }

  private static NotFoundException noWidget(long id) {
    return notFound("no widget with id " + id);
  }

  private static NotFoundException notFound(String why) {
    return new NotFoundException(why, text(Response.Status.NOT_FOUND, why));
  }

  private static BadRequestException badRequest(String why) {
    return new BadRequestException(why, text(Response.Status.BAD_REQUEST, why));
  }

  private static Response text(Response.Status status, String message) {
    return Response.status(status).type(MediaType.TEXT_PLAIN_TYPE).entity(message).build();
  }
}
