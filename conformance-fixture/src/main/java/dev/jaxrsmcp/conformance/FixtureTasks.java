package dev.jaxrsmcp.conformance;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The routes behind the suite's tasks scenarios (SEP-2663). {@code greet} is an ordinary tool;
 * {@code slow_compute}, {@code failing_job} and {@code protocol_error_job} are long-running
 * resources whose tools run as tasks when the request declares the extension. Waiting is done on
 * the read's cancellation stage, so a cancelled task's route stops at once. The scenarios that need
 * a task to ask the client for input ({@code confirm_delete}, {@code multi_input}, {@code
 * test_tool_with_task}) have no route: a GET route cannot ask the client anything.
 */
@Path("/tasks")
public class FixtureTasks {

  @GET
  @Path("greet")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tasks/greet{?name}",
      name = "greet",
      description = "Greets someone (an ordinary, synchronous tool)")
  public String greet(@QueryParam("name") @DefaultValue("World") String name) {
    return "Hello, " + name + "!";
  }

  @GET
  @Path("slow-compute")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tasks/slow-compute{?seconds,label}",
      name = "slow_compute",
      description = "Waits the given number of seconds, then answers; a task when the client can",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL)
  public Response slowCompute(
      @QueryParam("seconds") int seconds,
      @QueryParam("label") @DefaultValue("") String label,
      @Context McpContext mcp) {
    for (int s = 0; s < seconds; s++) {
      if (!waitOrCancelled(mcp, 1000)) {
        return Response.status(Response.Status.SERVICE_UNAVAILABLE).build();
      }
      mcp.progress(s + 1, seconds, "computed " + (s + 1) + " of " + seconds + " seconds");
    }
    return Response.ok("Computed " + label + " after " + seconds + " seconds").build();
  }

  @GET
  @Path("failing-job")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tasks/failing-job",
      name = "failing_job",
      description = "Fails after about a second with a tool error; always a task",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.REQUIRED)
  public Response failingJob(@Context McpContext mcp) {
    waitOrCancelled(mcp, 1000);
    return Response.serverError().entity("the job failed").build();
  }

  /**
   * Refuses the caller with 401: the one route answer the bridge reports as a protocol error (the
   * MCP request itself is unauthorized) rather than as a tool error, so the task ends failed.
   */
  @GET
  @Path("protocol-error-job")
  @Produces("text/plain")
  @McpResource(
      uri = "test://tasks/protocol-error-job",
      name = "protocol_error_job",
      description = "Ends in a protocol error (401 Unauthorized)",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL)
  public Response protocolErrorJob() {
    return Response.status(Response.Status.UNAUTHORIZED)
        .header("WWW-Authenticate", "Bearer realm=\"fixture\"")
        .build();
  }

  /** Waits {@code millis} unless the read is cancelled first; false when it was. */
  private static boolean waitOrCancelled(McpContext mcp, long millis) {
    try {
      mcp.cancellation().toCompletableFuture().get(millis, TimeUnit.MILLISECONDS);
      return false;
    } catch (TimeoutException e) {
      return !mcp.isCancelled();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      return false;
    }
  }
}
