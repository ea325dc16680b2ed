package dev.jaxrsmcp.owners;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import jakarta.annotation.Priority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The application of the ownership tests (contract section 15): private reports behind an
 * authentication filter that knows API keys, bearer tokens and a session cookie, and sets the
 * principal from any of them; a long-running report that can run as a task; a long read the test
 * steers; a template next to a sub-resource locator; a writer interceptor that adds a cookie.
 */
final class OwnerApp {
  private OwnerApp() {}

  static ResourceConfig create(McpFeature feature) {
    return new ResourceConfig(Reports.class, Items.class, Authentication.class, SetsCookie.class)
        .register(feature);
  }

  static final Map<String, String> USERS =
      Map.of(
          "X-Api-Key:key-alice", "alice",
          "X-Api-Key:key-bob", "bob",
          "Authorization:Bearer alice-token", "alice",
          "Authorization:Bearer carol-token", "carol",
          "Cookie:sid=dave", "dave");

  /**
   * Sets the principal from an API key, a bearer token or the session cookie, on every request; the
   * reports require one ({@code 401} with a challenge otherwise), everything else is open.
   */
  @Priority(Priorities.AUTHENTICATION)
  public static final class Authentication implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      Optional<String> user = Optional.empty();
      for (String header : new String[] {"X-Api-Key", "Authorization", "Cookie"}) {
        String value = request.getHeaderString(header);
        if (value != null && USERS.containsKey(header + ":" + value)) {
          user = Optional.of(USERS.get(header + ":" + value));
        }
      }
      String path = request.getUriInfo().getPath();
      if (user.isPresent()) {
        String name = user.get();
        request.setSecurityContext(
            new SecurityContext() {
              @Override
              public Principal getUserPrincipal() {
                return () -> name;
              }

              @Override
              public boolean isUserInRole(String role) {
                return false;
              }

              @Override
              public boolean isSecure() {
                return false;
              }

              @Override
              public String getAuthenticationScheme() {
                return "custom";
              }
            });
        if (path.equals("reports/admin") && !name.equals("dave")) {
          // authenticated, but not allowed: the application's own authorization
          request.abortWith(Response.status(403).type("text/plain").entity("dave only").build());
        }
        return;
      }
      if (path.startsWith("reports") || path.startsWith("slow")) {
        request.abortWith(
            Response.status(401)
                .header("WWW-Authenticate", "Bearer realm=\"reports\"")
                .type("text/plain")
                .entity("credentials required")
                .build());
      }
    }
  }

  /** What the routes did, for the tests' assertions. */
  static final AtomicInteger REPORT_RUNS = new AtomicInteger();

  static final AtomicInteger LOCATOR_RUNS = new AtomicInteger();

  static final Map<String, Job> JOBS = new ConcurrentHashMap<>();

  /** One steered long read, by its id. */
  static final class Job {
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch cancelled = new CountDownLatch(1);
    final CompletableFuture<Void> release = new CompletableFuture<>();
  }

  static Job job(String id) {
    return JOBS.computeIfAbsent(id, k -> new Job());
  }

  @Path("/reports")
  public static class Reports {
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource(uri = "test://reports/{name}", name = "report")
    public String report(@PathParam("name") String name, @Context SecurityContext security) {
      REPORT_RUNS.incrementAndGet();
      return "PRIVATE report " + name + " of " + security.getUserPrincipal().getName();
    }

    @GET
    @Path("/admin")
    @Produces("text/plain")
    @McpResource(uri = "test://reports/admin", name = "adminReport")
    public String admin() {
      return "the admin report";
    }

    @GET
    @Path("/tasks/{name}")
    @Produces("text/plain")
    @McpResource(
        uri = "test://reports/tasks/{name}",
        name = "taskReport",
        longRunning = true,
        taskSupport = McpResource.TaskSupport.OPTIONAL)
    public StreamingOutput taskReport(
        @PathParam("name") String name,
        @Context SecurityContext security,
        @Context McpContext mcp) {
      String user = security.getUserPrincipal().getName();
      return out -> {
        REPORT_RUNS.incrementAndGet();
        if (name.startsWith("wait-")) {
          waitFor(job(name), mcp);
        }
        out.write(("PRIVATE report " + name + " of " + user).getBytes(StandardCharsets.UTF_8));
      };
    }

    /** A long read that runs until the test releases it or the read is cancelled. */
    @GET
    @Path("/slow/{id}")
    @Produces("text/plain")
    @McpResource(uri = "test://reports/slow/{id}", name = "slow", longRunning = true)
    public StreamingOutput slow(@PathParam("id") String id, @Context McpContext mcp) {
      return out -> {
        out.write("started\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        waitFor(job(id), mcp);
        out.write("done\n".getBytes(StandardCharsets.UTF_8));
      };
    }

    private static void waitFor(Job job, McpContext mcp) throws IOException {
      job.started.countDown();
      try {
        CompletableFuture.anyOf(job.release, mcp.cancellation().toCompletableFuture())
            .get(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      } catch (ExecutionException | TimeoutException e) {
        throw new IOException("the test never released the job", e);
      }
      if (mcp.isCancelled()) {
        job.cancelled.countDown();
      }
    }
  }

  /** A template and, beside it, a sub-resource locator Jersey prefers for one of its URIs. */
  @Path("/items")
  public static class Items {
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource(uri = "test://items/{name}", name = "item")
    public String item(@PathParam("name") String name) {
      return "item " + name;
    }

    @Path("/special")
    public Special special() {
      LOCATOR_RUNS.incrementAndGet();
      return new Special();
    }
  }

  public static class Special {
    @GET
    @Produces("text/plain")
    public String get() {
      return "the special item, from a locator";
    }
  }

  /** Adds a cookie to every response, as it is written (after the response filters). */
  public static final class SetsCookie implements WriterInterceptor {
    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
      context.getHeaders().add("Set-Cookie", "tracking=route-response");
      context.proceed();
    }
  }
}
