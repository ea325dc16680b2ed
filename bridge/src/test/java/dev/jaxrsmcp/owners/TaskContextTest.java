package dev.jaxrsmcp.owners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContextCarrier;
import dev.jaxrsmcp.tasks.McpTasks;
import dev.jaxrsmcp.testing.TestServer;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ThreadLocalAccessor;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpContainer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ContainerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 9: a task's route ran on a task thread without the thread-locals the container's own
 * layer (a servlet filter, Spring Security) had set for the creating request, so a task-capable
 * tool failed closed. Here a layer in front of Jersey (a Grizzly handler, as a servlet filter would
 * be) keeps the caller's tenant and user in thread-locals; tasks now run with their creator's, by
 * Micrometer's context-propagation (the tenant) and by an {@link McpContextCarrier} (the user),
 * never with another caller's, and a task thread keeps nothing after.
 */
class TaskContextTest {
  static final ThreadLocal<String> TENANT = new ThreadLocal<>();
  static final ThreadLocal<String> USER = new ThreadLocal<>();
  static final ThreadLocalAccessor<String> TENANT_ACCESSOR =
      new ThreadLocalAccessor<>() {
        @Override
        public Object key() {
          return "test.tenant";
        }

        @Override
        public String getValue() {
          return TENANT.get();
        }

        @Override
        public void setValue(String value) {
          TENANT.set(value);
        }

        @Override
        public void setValue() {
          TENANT.remove();
        }
      };

  @TempDir java.nio.file.Path spool;
  HttpServer server;
  Wire wire;

  @BeforeAll
  static void register() {
    ContextRegistry.getInstance().registerThreadLocalAccessor(TENANT_ACCESSOR);
  }

  @AfterAll
  static void unregister() {
    ContextRegistry.getInstance().removeThreadLocalAccessor("test.tenant");
  }

  @Path("/whoami")
  public static class WhoAmI {
    @GET
    @Path("/{n}")
    @Produces("text/plain")
    @McpResource(
        uri = "test://whoami/{n}",
        name = "whoami",
        longRunning = true,
        taskSupport = McpResource.TaskSupport.OPTIONAL)
    public String whoami(@PathParam("n") String n) {
      return "tenant="
          + TENANT.get()
          + " user="
          + USER.get()
          + " on "
          + Thread.currentThread().getName().replaceAll("[0-9]", "");
    }
  }

  /** The layer in front of Jersey: the caller's tenant and user, for the request's thread only. */
  static final class ThreadLocalLayer extends HttpHandler {
    private final HttpHandler jersey;

    ThreadLocalLayer(HttpHandler jersey) {
      this.jersey = jersey;
    }

    @Override
    public void start() {
      jersey.start(); // Jersey's container starts the application (and the bridge) here
    }

    @Override
    public void destroy() {
      jersey.destroy();
    }

    @Override
    public void service(Request request, Response response) throws Exception {
      TENANT.set(request.getHeader("X-Tenant"));
      USER.set(request.getHeader("X-User"));
      try {
        jersey.service(request, response);
      } finally {
        TENANT.remove();
        USER.remove();
      }
    }
  }

  void start(McpFeature.Builder feature) {
    URI base = URI.create("http://127.0.0.1:" + TestServer.freePort() + "/");
    ResourceConfig app =
        new ResourceConfig(WhoAmI.class)
            .register(
                feature
                    .spoolDirectory(spool)
                    .tasks(McpTasks.builder().pollInterval(Duration.ofMillis(200)).build())
                    .build());
    server = GrizzlyHttpServerFactory.createHttpServer(base, false);
    GrizzlyHttpContainer container =
        ContainerFactory.createContainer(GrizzlyHttpContainer.class, app);
    server.getServerConfiguration().addHttpHandler(new ThreadLocalLayer(container), "/");
    try {
      server.start();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    wire = new Wire(base + "mcp");
  }

  @AfterEach
  void stop() {
    server.shutdownNow();
  }

  private static Who caller(String tenant, String user) {
    return new Who(
        tenant + "/" + user,
        Map.of("X-Tenant", tenant, "X-User", user),
        java.util.Optional.empty());
  }

  private String resultOf(Who who, String n) {
    JsonNode created = wire.taskCall(who, "whoami", Map.of("n", n));
    String taskId = created.path("result").path("taskId").asText();
    assertThat(taskId).as(created.toString()).isNotEmpty();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> wire.status(who, taskId), "completed"::equals);
    return wire.task(who, "tasks/get", taskId)
        .path("result")
        .path("result")
        .path("content")
        .path(0)
        .path("text")
        .asText();
  }

  @Test
  void aTaskRunsWithItsCreatorsThreadLocalsAndNoOneElses() throws Exception {
    start(
        McpFeature.builder()
            .contextCarrier(
                () -> {
                  String user = USER.get();
                  return () -> {
                    String before = USER.get();
                    USER.set(user);
                    return () -> USER.set(before);
                  };
                }));
    // a plain read runs in place, on the request's own thread
    assertThat(
            wire.read(caller("t0", "u0"), "test://whoami/0")
                .jsonPath()
                .getString("result.contents[0].text"))
        .startsWith("tenant=t0 user=u0 on ");
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < 24; i++) {
        String tenant = "tenant-" + (i % 4);
        String user = "user-" + i;
        int n = i;
        done.add(
            pool.submit(
                () ->
                    assertThat(resultOf(caller(tenant, user), Integer.toString(n)))
                        .isEqualTo("tenant=" + tenant + " user=" + user + " on jaxrs-mcp-task")));
      }
      for (Future<?> f : done) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Without a carrier for it, the user is not there on the task thread: nothing leaks in. */
  @Test
  void whatNoCarrierCarriesIsNotThere() {
    start(McpFeature.builder());
    assertThat(resultOf(caller("t1", "u1"), "1"))
        .isEqualTo("tenant=t1 user=null on jaxrs-mcp-task");
    assertThat(resultOf(caller("t2", "u2"), "2"))
        .isEqualTo("tenant=t2 user=null on jaxrs-mcp-task");
  }
}
