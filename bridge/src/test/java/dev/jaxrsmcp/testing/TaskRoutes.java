package dev.jaxrsmcp.testing;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Long-running routes for task tests, steered by the test through a named job: {@code report}
 * writes its first part, reports progress, then waits until the test {@link #release releases} the
 * job or the read is cancelled; {@code quick} answers at once; {@code required} only runs as a
 * task. Each job records that its route started, and whether it stopped because it was cancelled.
 */
@Path("/jobs")
public class TaskRoutes {
  private static final Map<String, Job> JOBS = new ConcurrentHashMap<>();

  /** What the test sees of one job, by the id the route was called with. */
  public static final class Job {
    public final CountDownLatch started = new CountDownLatch(1);
    public final CountDownLatch stoppedByCancel = new CountDownLatch(1);
    final CompletableFuture<Void> release = new CompletableFuture<>();
  }

  public static Job job(String id) {
    return JOBS.computeIfAbsent(id, k -> new Job());
  }

  public static void release(String id) {
    job(id).release.complete(null);
  }

  /** The first part of report {@code id}, then (once released) the second. */
  public static String reportText(String id) {
    return "report " + id + " part 1\nreport " + id + " part 2\n";
  }

  @GET
  @Path("/report/{id}")
  @Produces("text/plain")
  @McpResource(
      uri = "app://jobs/report/{id}",
      name = "report",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL)
  public StreamingOutput report(@PathParam("id") String id, @Context McpContext mcp) {
    Job job = job(id);
    return out -> {
      job.started.countDown();
      out.write(("report " + id + " part 1\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
      mcp.progress(1, 2, "wrote part 1 of report " + id);
      try {
        CompletableFuture.anyOf(job.release, mcp.cancellation().toCompletableFuture())
            .get(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      } catch (ExecutionException | TimeoutException e) {
        throw new IOException("the test never released report " + id, e);
      }
      if (mcp.isCancelled()) {
        job.stoppedByCancel.countDown();
        return;
      }
      out.write(("report " + id + " part 2\n").getBytes(StandardCharsets.UTF_8));
    };
  }

  @GET
  @Path("/quick/{id}")
  @Produces("text/plain")
  @McpResource(
      uri = "app://jobs/quick/{id}",
      name = "quick",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL)
  public String quick(@PathParam("id") String id) {
    return "quick " + id;
  }

  /** {@code kib} KiB of text. */
  @GET
  @Path("/big/{kib}")
  @Produces("text/plain")
  @McpResource(
      uri = "app://jobs/big/{kib}",
      name = "big",
      longRunning = true,
      maxBytes = 1 << 20,
      taskSupport = McpResource.TaskSupport.OPTIONAL)
  public String big(@PathParam("kib") int kib) {
    return "x".repeat(kib * 1024);
  }

  /** Refuses every caller with 401, a protocol error for a tool. */
  @GET
  @Path("/denied")
  @Produces("text/plain")
  @McpResource(
      uri = "app://jobs/denied",
      name = "denied",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.OPTIONAL)
  public jakarta.ws.rs.core.Response denied() {
    return jakarta.ws.rs.core.Response.status(401)
        .header("WWW-Authenticate", "Bearer realm=\"jobs\"")
        .build();
  }

  @GET
  @Path("/required")
  @Produces("text/plain")
  @McpResource(
      uri = "app://jobs/required",
      name = "required",
      longRunning = true,
      taskSupport = McpResource.TaskSupport.REQUIRED)
  public String required() {
    return "only as a task";
  }
}
