package dev.jaxrsmcp.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
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
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.glassfish.jersey.micrometer.server.ObservationApplicationEventListener;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MCP operations over real HTTP as an application with Micrometer metrics and OpenTelemetry tracing
 * (through {@code micrometer-tracing-bridge-otel}) sees them: the timers in a {@code
 * SimpleMeterRegistry} and the finished spans of the SDK's in-memory exporter, with the names and
 * attributes of the OpenTelemetry semantic conventions for MCP. The application also observes its
 * HTTP requests with Jersey's own instrumentation ({@code jersey-micrometer}), whose span of the
 * route a read runs is a child of the MCP operation's span.
 */
class McpObservationsTest {
  static final AtomicReference<ObservationRegistry> REGISTRY = new AtomicReference<>();

  /** People, a protected admin route, a long-running read with progress. */
  @Path("/")
  public static class Routes {
    /** The trace headers the last {@code people/{id}} request carried, as name=value. */
    static final List<String> seenTraceHeaders = new java.util.concurrent.CopyOnWriteArrayList<>();

    @GET
    @Path("people/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://people/{id}", name = "person")
    public String person(@PathParam("id") String id, @Context HttpHeaders headers) {
      seenTraceHeaders.clear();
      for (String name : List.of("traceparent", "tracestate", "baggage")) {
        seenTraceHeaders.add(name + "=" + headers.getHeaderString(name));
      }
      if ("9".equals(id)) {
        throw new NotFoundException();
      }
      if ("boom".equals(id)) {
        throw new IllegalStateException("the route failed");
      }
      return Observation.createNotStarted("people.lookup", REGISTRY.get())
          .observe(() -> "{\"id\":\"" + id + "\"}");
    }

    @GET
    @Path("admin/{x}")
    @Produces("text/plain")
    @McpResource(uri = "app://admin/{x}", name = "admin", tool = false)
    public String admin(@PathParam("x") String x, @Context SecurityContext security) {
      return x + " for " + security.getUserPrincipal().getName();
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

    @GET
    @Path("job/{steps}")
    @Produces("text/plain")
    @McpResource(
        uri = "app://job/{steps}",
        name = "job",
        longRunning = true,
        taskSupport = McpResource.TaskSupport.OPTIONAL)
    public StreamingOutput job(@PathParam("steps") String steps, @Context McpContext mcp) {
      return steps(steps, mcp);
    }
  }

  /** {@code Bearer <name>}; the admin routes need a caller (401) who is alice (403). */
  @Priority(Priorities.AUTHENTICATION)
  public static class Auth implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      String bearer = request.getHeaderString("Authorization");
      String name = bearer != null && bearer.startsWith("Bearer ") ? bearer.substring(7) : null;
      if (name != null) {
        Principal principal = () -> name;
        request.setSecurityContext(
            new SecurityContext() {
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
                return "Bearer";
              }
            });
      }
      if (request.getUriInfo().getPath().startsWith("admin")) {
        if (name == null) {
          request.abortWith(jakarta.ws.rs.core.Response.status(401).build());
        } else if (!"alice".equals(name)) {
          request.abortWith(jakarta.ws.rs.core.Response.status(403).build());
        }
      }
    }
  }

  private Telemetry telemetry;
  private TestServer server;
  private Mcp mcp;

  @BeforeEach
  void start() {
    telemetry = new Telemetry();
    REGISTRY.set(telemetry.observations);
    server =
        TestServer.start(
            new ResourceConfig(Routes.class, Auth.class)
                .register(
                    new ObservationApplicationEventListener(
                        telemetry.observations, "http.server.requests"))
                .register(
                    McpFeature.builder()
                        .observer(McpObservations.observer(telemetry.observations))
                        .longRunningKeepAlive(Duration.ofMillis(100))
                        .build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    server.close();
    telemetry.close();
  }

  private Timer timer(String... tags) {
    Timer timer = telemetry.meters.find(DefaultMcpOperationConvention.NAME).tags(tags).timer();
    assertThat(timer)
        .as("a timer tagged %s among %s", List.of(tags), telemetry.meters.getMetersAsString())
        .isNotNull();
    return timer;
  }

  /**
   * The one finished span named {@code name}, once it finished: an operation ends when its response
   * was written, which the client may see a moment before.
   */
  private SpanData span(String name) {
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> telemetry.finishedSpans().stream().anyMatch(s -> s.getName().equals(name)));
    List<SpanData> found =
        telemetry.finishedSpans().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(found).as("spans named %s among %s", name, names()).hasSize(1);
    return found.get(0);
  }

  private void awaitSpans(String name, long count) {
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                telemetry.finishedSpans().stream().filter(s -> s.getName().equals(name)).count()
                    == count);
  }

  private List<String> names() {
    return telemetry.finishedSpans().stream().map(SpanData::getName).toList();
  }

  private static String attribute(SpanData span, String key) {
    return span.getAttributes().get(AttributeKey.stringKey(key));
  }

  @Test
  void aReadIsAServerSpanWithTheRoutesSpansBelowItAndATimerTaggedWithItsTemplate() {
    mcp.read("app://people/1").then().statusCode(200);

    SpanData read = span("resources/read");
    assertThat(read.getKind()).isEqualTo(SpanKind.SERVER);
    assertThat(read.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
    assertThat(attribute(read, "mcp.method.name")).isEqualTo("resources/read");
    assertThat(attribute(read, "mcp.resource.uri")).isEqualTo("app://people/1");
    assertThat(attribute(read, "mcp.protocol.version")).isEqualTo(Mcp.VERSION);
    assertThat(attribute(read, "jsonrpc.request.id")).isEqualTo("1");
    assertThat(attribute(read, "dev.jaxrsmcp.route")).isEqualTo("GET /people/1");
    assertThat(attribute(read, "dev.jaxrsmcp.caller")).isEqualTo("anonymous");
    assertThat(attribute(read, "network.transport")).isEqualTo("tcp");
    assertThat(attribute(read, "error.type")).isEqualTo("none");

    SpanData http = span("HTTP GET");
    SpanData lookup = span("people.lookup");
    assertThat(http.getParentSpanId()).isEqualTo(read.getSpanId());
    assertThat(lookup.getParentSpanId()).isEqualTo(http.getSpanId());
    assertThat(lookup.getTraceId()).isEqualTo(read.getTraceId());

    Timer timer =
        timer(
            "mcp.method.name", "resources/read",
            "dev.jaxrsmcp.resource.template", "app://people/{id}",
            "error.type", "none",
            "gen_ai.tool.name", "none",
            "mcp.protocol.version", Mcp.VERSION);
    assertThat(timer.count()).isEqualTo(1);
    assertThat(timer.getId().getTags())
        .doesNotContain(Tag.of("mcp.resource.uri", "app://people/1"));
  }

  @Test
  void aTraceparentInMetaMakesTheClientsSpanTheParent() {
    String trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    String parent = "00f067aa0ba902b7";
    com.fasterxml.jackson.databind.node.ObjectNode body =
        Mcp.body(1, "resources/read", Map.of("uri", "app://people/7"));
    ((com.fasterxml.jackson.databind.node.ObjectNode) body.get("params").get("_meta"))
        .put("traceparent", "00-" + trace + "-" + parent + "-01");
    mcp.request("resources/read", "app://people/7")
        .body(body.toString())
        .post(mcp.url())
        .then()
        .statusCode(200);

    SpanData read = span("resources/read");
    assertThat(read.getTraceId()).isEqualTo(trace);
    assertThat(read.getParentSpanId()).isEqualTo(parent);
    SpanData http = span("HTTP GET");
    assertThat(http.getTraceId()).isEqualTo(trace);
    assertThat(http.getParentSpanId())
        .as("the route's HTTP span is a child of the MCP span, not its sibling")
        .isEqualTo(read.getSpanId());
    assertThat(span("people.lookup").getParentSpanId()).isEqualTo(http.getSpanId());
  }

  @Test
  void theRoutesSpanIsAChildOfTheMcpSpanWhateverTraceHeadersTheHttpRequestCarried() {
    String metaTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    String metaParent = "00f067aa0ba902b7";
    com.fasterxml.jackson.databind.node.ObjectNode body =
        Mcp.body(1, "resources/read", Map.of("uri", "app://people/7"));
    ((com.fasterxml.jackson.databind.node.ObjectNode) body.get("params").get("_meta"))
        .put("traceparent", "00-" + metaTrace + "-" + metaParent + "-01");
    // the client's HTTP layer traced the POST itself, in a trace of its own
    mcp.request("resources/read", "app://people/7")
        .header("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
        .header("tracestate", "vendor=x")
        .header("baggage", "user=alice")
        .body(body.toString())
        .post(mcp.url())
        .then()
        .statusCode(200);

    SpanData read = span("resources/read");
    assertThat(read.getTraceId()).isEqualTo(metaTrace);
    assertThat(read.getParentSpanId()).isEqualTo(metaParent);
    SpanData http = span("HTTP GET");
    assertThat(http.getTraceId()).isEqualTo(metaTrace);
    assertThat(http.getParentSpanId()).isEqualTo(read.getSpanId());
    assertThat(Routes.seenTraceHeaders)
        .as("the route's request carries none of the client's trace headers")
        .containsExactly("traceparent=null", "tracestate=null", "baggage=null");
  }

  @Test
  void readsOfManyUrisShareOneTimer() {
    for (int i = 1; i <= 5; i++) {
      mcp.read("app://people/" + i).then().statusCode(200);
    }
    awaitSpans("resources/read", 5);
    assertThat(timer("dev.jaxrsmcp.resource.template", "app://people/{id}").count()).isEqualTo(5);
    assertThat(telemetry.meters.find(DefaultMcpOperationConvention.NAME).timers()).hasSize(1);
  }

  @Test
  void aToolCallIsNamedAfterItsToolAndExecutesATool() {
    mcp.call("tools/call", Map.of("name", "person", "arguments", Map.of("id", "2")))
        .then()
        .statusCode(200);

    SpanData call = span("tools/call person");
    assertThat(attribute(call, "gen_ai.tool.name")).isEqualTo("person");
    assertThat(attribute(call, "gen_ai.operation.name")).isEqualTo("execute_tool");
    assertThat(attribute(call, "dev.jaxrsmcp.route")).isEqualTo("GET /people/2");
    assertThat(
            timer(
                    "mcp.method.name",
                    "tools/call",
                    "gen_ai.tool.name",
                    "person",
                    "error.type",
                    "none")
                .count())
        .isEqualTo(1);
  }

  @Test
  void errorsCarryTheirTypeOnTheTimerAndMarkTheSpan() {
    String missing = mcp.read("app://people/9").jsonPath().getString("error.code");
    String thrown = mcp.read("app://people/boom").jsonPath().getString("error.code");
    String anonymous = mcp.read("app://admin/x").jsonPath().getString("error.code");
    String bob = mcp.read("app://admin/x", "Bearer bob").jsonPath().getString("error.code");
    String alice =
        mcp.read("app://admin/x", "Bearer alice").jsonPath().getString("result.contents[0].text");
    assertThat(alice).isEqualTo("x for alice");
    awaitSpans("resources/read", 5);

    assertThat(missing).isEqualTo(bob).isEqualTo("-32602");
    assertThat(anonymous).isEqualTo("-32603");
    assertThat(thrown).isEqualTo("-32603");
    Map<String, String> routeStatuses =
        telemetry.finishedSpans().stream()
            .filter(s -> s.getName().equals("resources/read"))
            .collect(
                Collectors.toMap(
                    s ->
                        attribute(s, "mcp.resource.uri")
                            + " "
                            + attribute(s, "dev.jaxrsmcp.caller"),
                    s -> String.valueOf(attribute(s, "dev.jaxrsmcp.route.status"))));
    assertThat(routeStatuses)
        .containsOnly(
            Map.entry("app://people/9 anonymous", "404"),
            Map.entry("app://people/boom anonymous", "500"),
            Map.entry("app://admin/x anonymous", "401"),
            Map.entry("app://admin/x bob", "403"),
            Map.entry("app://admin/x alice", "200"));
    Map<String, String> errorTypes =
        telemetry.finishedSpans().stream()
            .filter(s -> s.getName().equals("resources/read"))
            .collect(
                Collectors.toMap(
                    s ->
                        attribute(s, "mcp.resource.uri")
                            + " "
                            + attribute(s, "dev.jaxrsmcp.caller"),
                    s -> attribute(s, "error.type")));
    assertThat(errorTypes)
        .containsOnly(
            Map.entry("app://people/9 anonymous", missing),
            Map.entry("app://people/boom anonymous", "java.lang.IllegalStateException"),
            Map.entry("app://admin/x anonymous", anonymous),
            Map.entry("app://admin/x bob", bob),
            Map.entry("app://admin/x alice", "none"));

    for (SpanData span : telemetry.finishedSpans()) {
      if (span.getName().equals("resources/read")) {
        boolean failed = !"none".equals(attribute(span, "error.type"));
        assertThat(span.getStatus().getStatusCode() == StatusCode.ERROR)
            .as("status of %s", span)
            .isEqualTo(failed);
      }
    }
    assertThat(
            timer("dev.jaxrsmcp.resource.template", "app://admin/{x}", "error.type", bob).count())
        .isEqualTo(1);
    assertThat(
            timer(
                    "dev.jaxrsmcp.resource.template", "app://people/{id}",
                    "error.type", "java.lang.IllegalStateException",
                    "rpc.response.status_code", thrown)
                .count())
        .isEqualTo(1);
  }

  @Test
  void aLongRunningReadCarriesItsProgressAsEvents() {
    mcp.request("resources/read", "app://steps/1,2,3")
        .accept("text/event-stream")
        .body(
            Mcp.body(1, "resources/read", Map.of("uri", "app://steps/1,2,3", "_meta", Map.of()))
                .toString())
        .post(mcp.url())
        .then()
        .statusCode(200);

    SpanData read = span("resources/read");
    assertThat(read.getEvents())
        .extracting(e -> e.getName())
        .containsSubsequence("progress 1/3 step 1", "progress 2/3 step 2", "progress 3/3 step 3");
  }

  @Test
  void aTasksRunIsAnObservationOfItsOwnWithItsProgressAndTheCallIsTimedOnce() {
    dev.jaxrsmcp.testing.TaskClient tasks =
        new dev.jaxrsmcp.testing.TaskClient(server.mcpUrl(), java.util.Optional.empty());
    String taskId = tasks.call("job", Map.of("steps", "1,2")).at("/result/taskId").asText();
    assertThat(taskId).isNotEmpty();

    SpanData run = span("task tools/call job");
    assertThat(run.getKind()).isEqualTo(SpanKind.INTERNAL);
    assertThat(attribute(run, "gen_ai.tool.name")).isEqualTo("job");
    assertThat(attribute(run, "mcp.method.name")).isEqualTo("tools/call");
    assertThat(attribute(run, "error.type")).isEqualTo("none");
    assertThat(run.getEvents())
        .extracting(e -> e.getName())
        .containsSubsequence("progress step 1", "progress step 2");
    SpanData call = span("tools/call job");
    assertThat(call.getKind()).isEqualTo(SpanKind.SERVER);

    Timer runs =
        telemetry.meters.find(ObservingObserver.TASK_NAME).tag("gen_ai.tool.name", "job").timer();
    assertThat(runs).as(telemetry.meters.getMetersAsString()).isNotNull();
    assertThat(runs.count()).isEqualTo(1);
    assertThat(timer("mcp.method.name", "tools/call", "gen_ai.tool.name", "job").count())
        .as("the call, not its run, on the operations' timer")
        .isEqualTo(1);
  }

  @Test
  void aTasksRouteIsAChildOfItsRunWhenTheCallCarriedATraceparent() {
    String trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    dev.jaxrsmcp.testing.TaskClient tasks =
        new dev.jaxrsmcp.testing.TaskClient(server.mcpUrl(), java.util.Optional.empty());
    com.fasterxml.jackson.databind.node.ObjectNode body =
        tasks.body("tools/call", Map.of("name", "job", "arguments", Map.of("steps", "1")));
    ((com.fasterxml.jackson.databind.node.ObjectNode) body.at("/params/_meta"))
        .put("traceparent", "00-" + trace + "-00f067aa0ba902b7-01");
    tasks.post("tools/call", "job", body).then().statusCode(200);

    SpanData run = span("task tools/call job");
    SpanData call = span("tools/call job");
    assertThat(run.getTraceId()).isEqualTo(trace);
    awaitSpans("HTTP GET", 2); // the call's own request, and the route the run read
    assertThat(
            telemetry.finishedSpans().stream()
                .filter(s -> s.getName().equals("HTTP GET"))
                .map(s -> s.getTraceId() + " under " + s.getParentSpanId())
                .toList())
        .as("the call's request under the call's span, the run's route under the run's span")
        .containsExactlyInAnyOrder(
            trace + " under " + call.getSpanId(), trace + " under " + run.getSpanId());
  }

  @Test
  void aLegacySessionIsTimedFromInitializeToItsEnd() {
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    String session = legacy.start();
    legacy
        .call(session, 2, "resources/read", Map.of("uri", "app://people/3"))
        .then()
        .statusCode(200);
    legacy.delete(session).then().statusCode(204);

    Timer sessions = telemetry.meters.find(DefaultMcpSessionConvention.NAME).timer();
    assertThat(sessions).isNotNull();
    assertThat(sessions.count()).isEqualTo(1);
    SpanData read = span("resources/read");
    assertThat(attribute(read, "mcp.session.id")).isEqualTo(session);
    assertThat(attribute(read, "mcp.protocol.version")).isEqualTo(LegacyClient.VERSION);
    assertThat(attribute(span("mcp session"), "mcp.session.id")).isEqualTo(session);
  }
}
