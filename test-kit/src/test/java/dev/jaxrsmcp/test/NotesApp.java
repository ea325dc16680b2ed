package dev.jaxrsmcp.test;

import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.context.McpContext;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

/**
 * The kit's own test application, built with the bridge: notes readable with a bearer token (note 2
 * by the admin only), a public PNG logo, a long-running count with progress, subscribable notes
 * changed by {@code PUT}, three fixed resources on two pages.
 */
final class NotesApp {
  static final String READER = "Bearer reader";
  static final String ADMIN = "Bearer admin";
  static final byte[] LOGO = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 1, 2, 3};

  /** Counted down when a long count sees its read cancelled. */
  static volatile CountDownLatch countCancelled = new CountDownLatch(1);

  private NotesApp() {}

  static ResourceConfig create() {
    return new ResourceConfig(Notes.class, Logo.class, Count.class, BearerFilter.class)
        .property(ServerProperties.WADL_FEATURE_DISABLE, true)
        .register(
            McpFeature.builder()
                .name("notes")
                .version("1.0")
                .pageSize(2)
                .debounce(Duration.ofMillis(10))
                .longRunningKeepAlive(Duration.ofMillis(100))
                .watch("app://notes/{id}", McpWatcher.pushed())
                .complete("app://notes/{id}", "id", McpCompleter.of("1", "2", "3"))
                .build());
  }

  /** Requests under /notes need a known bearer token; the admin alone may read note 2. */
  public static final class BearerFilter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (!request.getUriInfo().getPath().startsWith("notes")) {
        return;
      }
      String authorization = request.getHeaderString("Authorization");
      if (!READER.equals(authorization) && !ADMIN.equals(authorization)) {
        request.abortWith(
            Response.status(401).header("WWW-Authenticate", "Bearer realm=\"notes\"").build());
      }
    }
  }

  @Path("/notes")
  public static final class Notes {
    static final Map<Long, String> TEXT =
        new ConcurrentHashMap<>(Map.of(1L, "hello", 2L, "secret"));

    @GET
    @Produces("application/json")
    @McpResource(uri = "app://notes", description = "Every note's id.")
    public String all() {
      return TEXT.keySet().stream().sorted().map(String::valueOf).toList().toString();
    }

    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://notes/{id}", description = "One note.", subscribe = true)
    public String note(@PathParam("id") long id, @Context jakarta.ws.rs.core.HttpHeaders headers) {
      String text = TEXT.get(id);
      if (text == null) {
        throw new NotFoundException();
      }
      if (id == 2 && !ADMIN.equals(headers.getHeaderString("Authorization"))) {
        throw new ForbiddenException("admins only");
      }
      return "{\"id\":" + id + ",\"text\":\"" + text + "\"}";
    }

    @PUT
    @Path("/{id}")
    public void put(@PathParam("id") long id, String text, @Context McpChanges changes) {
      TEXT.put(id, text);
      changes.changed("app://notes/" + id);
    }
  }

  @Path("/")
  public static final class Logo {
    @GET
    @Path("logo")
    @Produces("image/png")
    @McpResource(
        uri = "app://logo",
        description = "The logo.",
        cacheTtlMs = 60_000,
        cacheScope = "public")
    public byte[] logo() {
      return LOGO.clone();
    }

    @GET
    @Path("hello")
    @Produces("text/plain")
    @McpResource(uri = "app://hello", description = "A greeting.")
    public String hello() {
      return "hello, world";
    }
  }

  @Path("/count")
  public static final class Count {
    /** Counts to {@code to}, a line and a progress report each step, until cancelled. */
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://count{?to}", description = "Counts.", longRunning = true)
    public StreamingOutput count(@QueryParam("to") int to, @Context McpContext mcp) {
      return out -> {
        for (int i = 1; i <= to; i++) {
          if (mcp.isCancelled()) {
            countCancelled.countDown();
            return;
          }
          out.write((i + "\n").getBytes(StandardCharsets.UTF_8));
          out.flush();
          mcp.progress(i, to, "counted " + i);
          if (to > 10) {
            pause();
          }
        }
      };
    }

    private static void pause() {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  static List<String> fixedUris() {
    return List.of("app://hello", "app://logo", "app://notes");
  }
}
