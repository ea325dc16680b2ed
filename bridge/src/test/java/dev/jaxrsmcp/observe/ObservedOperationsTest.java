package dev.jaxrsmcp.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpContext;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpOperation;
import dev.jaxrsmcp.McpOutcome;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.annotation.Priority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every MCP operation over real HTTP, as an observer and the access record see it: reads in both
 * eras, a tool call, the errors (404, 401, 403, a route that throws), a long-running read's
 * progress, a listen's and a session's duration, callers of different schemes interleaved, and the
 * observer's scope open while the route runs.
 */
class ObservedOperationsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** People, a protected admin route, a route that reports the scope it runs in, slow steps. */
  @Path("/")
  public static class Routes {
    @GET
    @Path("people/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://people/{id}", name = "person")
    public String person(@PathParam("id") String id) {
      if ("9".equals(id)) {
        throw new NotFoundException();
      }
      if ("boom".equals(id)) {
        throw new IllegalStateException("the route failed");
      }
      return "{\"id\":\"" + id + "\"}";
    }

    @GET
    @Path("admin/{x}")
    @Produces("text/plain")
    @McpResource(uri = "app://admin/{x}", name = "admin", tool = false)
    public String admin(@PathParam("x") String x, @Context SecurityContext security) {
      return x + " for " + security.getUserPrincipal().getName();
    }

    @GET
    @Path("scope")
    @Produces("text/plain")
    @McpResource(uri = "app://scope", name = "scope", tool = false)
    public String scope() {
      return RecordingObserver.SCOPE.get() + " on " + Thread.currentThread().getName();
    }

    @GET
    @Path("steps/{steps}")
    @Produces("text/plain")
    @McpResource(uri = "app://steps/{steps}", name = "steps", tool = false, longRunning = true)
    public StreamingOutput steps(@PathParam("steps") String steps, @Context McpContext mcp) {
      return out -> {
        for (String step : steps.split(",")) {
          out.write(("step " + step + "\n").getBytes(StandardCharsets.UTF_8));
          out.flush();
          mcp.progress(Double.parseDouble(step), 3, "step " + step);
        }
      };
    }
  }

  /**
   * Two schemes: {@code Bearer <name>} and {@code X-Api-Key: key-<name>}; the admin routes need a
   * caller (401 with a Bearer challenge) and that caller to be alice (403).
   */
  @Priority(Priorities.AUTHENTICATION)
  public static class Auth implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      String bearer = request.getHeaderString("Authorization");
      String key = request.getHeaderString("X-Api-Key");
      String name =
          bearer != null && bearer.startsWith("Bearer ")
              ? bearer.substring(7)
              : key != null && key.startsWith("key-") ? key.substring(4) : null;
      if (name != null) {
        request.setSecurityContext(as(name));
      }
      if (request.getUriInfo().getPath().startsWith("admin")) {
        if (name == null) {
          request.abortWith(
              jakarta.ws.rs.core.Response.status(401)
                  .header("WWW-Authenticate", "Bearer realm=\"people\"")
                  .build());
        } else if (!"alice".equals(name)) {
          request.abortWith(jakarta.ws.rs.core.Response.status(403).build());
        }
      }
    }

    private static SecurityContext as(String name) {
      Principal principal = () -> name;
      return new SecurityContext() {
        @Override
        public Principal getUserPrincipal() {
          return principal;
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
          return "test";
        }
      };
    }
  }

  private final Logger accessLogger = Logger.getLogger("dev.jaxrsmcp.access");
  private final List<LogRecord> access = new CopyOnWriteArrayList<>();
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          access.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  private final RecordingObserver observer = new RecordingObserver();
  private TestServer server;
  private Mcp mcp;

  @BeforeEach
  void start() {
    accessLogger.addHandler(handler);
    server =
        TestServer.start(
            new ResourceConfig(Routes.class, Auth.class)
                .register(
                    McpFeature.builder()
                        .observer(observer)
                        .longRunningKeepAlive(Duration.ofMillis(100))
                        .build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    server.close();
    accessLogger.removeHandler(handler);
  }

  private static McpOperation modern(String method, String uri, String tool) {
    return new McpOperation(
        McpOperation.Kind.REQUEST,
        method,
        Optional.of(Mcp.VERSION),
        Optional.empty(),
        Optional.of("1"),
        Optional.ofNullable(uri),
        Optional.ofNullable(tool));
  }

  private static McpOutcome outcome(
      int status,
      Integer code,
      Integer routeStatus,
      String errorType,
      String caller,
      String route,
      String template,
      long bytes) {
    return new McpOutcome(
        status,
        Optional.ofNullable(code),
        Optional.ofNullable(routeStatus),
        Optional.ofNullable(errorType),
        caller,
        Optional.ofNullable(route),
        Optional.ofNullable(template),
        bytes,
        Duration.ZERO);
  }

  /** The access record's lines so far, without their time and duration. */
  private List<String> accessLines() {
    List<String> lines = new ArrayList<>();
    for (LogRecord record : access) {
      assertThat(record.getLevel()).isEqualTo(Level.INFO);
      assertThat(record.getMessage()).matches("^\\d{4}-\\d\\d-\\d\\dT\\S+Z .* ms=\\d+ bytes=\\d+$");
      lines.add(record.getMessage().replaceFirst("^\\S+ ", "").replaceFirst(" ms=\\d+ ", " "));
    }
    return lines;
  }

  @Test
  void aModernReadIsOneOperationWithItsRouteTemplateAndBytes() throws Exception {
    Response response = mcp.read("app://people/1");
    response.then().statusCode(200);

    RecordingObserver.Recorded read = observer.next();
    assertThat(read.operation()).isEqualTo(modern("resources/read", "app://people/1", null));
    assertThat(read.operation().spanName()).isEqualTo("resources/read app://people/1");
    assertThat(read.timeless())
        .isEqualTo(
            outcome(
                200,
                null,
                200,
                null,
                "anonymous",
                "GET /people/1",
                "app://people/{id}",
                response.asByteArray().length));
    assertThat(read.events().subList(1, read.events().size()))
        .containsExactly("scope opened", "scope closed");
    observer.assertExhausted(100);
    assertThat(accessLines())
        .containsExactly(
            "anonymous 2026-07-28 session=- resources/read app://people/1 id=1"
                + " route=\"GET /people/1\" outcome=200 route_status=200 error=- bytes="
                + response.asByteArray().length);
  }
}
