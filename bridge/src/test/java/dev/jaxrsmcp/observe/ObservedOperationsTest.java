package dev.jaxrsmcp.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.LoggedRecords;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TaskClient;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.annotation.Priority;
import jakarta.annotation.security.RolesAllowed;
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
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature;
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
    @Path("later/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://later/{id}", name = "later", tool = false)
    public void later(
        @PathParam("id") String id,
        @jakarta.ws.rs.container.Suspended jakarta.ws.rs.container.AsyncResponse response) {
      new Thread(
              () -> {
                try {
                  Thread.sleep(100);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                response.resume("later " + id);
              },
              "resumer")
          .start();
    }

    @GET
    @Path("scope")
    @Produces("text/plain")
    @McpResource(uri = "app://scope", name = "scope", tool = false)
    public String scope() {
      return RecordingObserver.SCOPE.get() + " on " + Thread.currentThread().getName();
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
      return out -> {
        for (String step : steps.split(",")) {
          if (step.equals("fail")) {
            throw new jakarta.ws.rs.ForbiddenException();
          }
          out.write(("step " + step + "\n").getBytes(StandardCharsets.UTF_8));
          out.flush();
          mcp.progress(Double.parseDouble(step), 2, "step " + step);
        }
      };
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

    /** A value clients may subscribe to. */
    @GET
    @Path("counter")
    @Produces("text/plain")
    @McpResource(uri = "app://counter", name = "counter", tool = false, subscribe = true)
    public String counter() {
      return "12345";
    }

    /** For admins only, by Jersey's {@code RolesAllowedDynamicFeature}: a filter that throws. */
    @GET
    @Path("roles/{x}")
    @Produces("text/plain")
    @RolesAllowed("admin")
    @McpResource(uri = "app://roles/{x}", name = "roles", tool = false)
    public String roles(@PathParam("x") String x) {
      return x;
    }

    /** Refuses every caller by throwing. */
    @GET
    @Path("refused/{x}")
    @Produces("text/plain")
    @McpResource(uri = "app://refused/{x}", name = "refused", tool = false)
    public String refused(@PathParam("x") String x) {
      throw new jakarta.ws.rs.ForbiddenException();
    }

    /** Silent for {@code ms} (the stream starts at the first keep-alive), then its text. */
    @GET
    @Path("quiet/{ms}")
    @Produces("text/plain")
    @McpResource(uri = "app://quiet/{ms}", name = "quiet", tool = false, longRunning = true)
    public String quiet(@PathParam("ms") long ms) throws InterruptedException {
      Thread.sleep(ms);
      return "quiet for " + ms + " ms";
    }

    /** Silent for {@code ms}, then refuses: its 403 is an error on the stream that started. */
    @GET
    @Path("quiet-refusal/{ms}")
    @Produces("text/plain")
    @McpResource(
        uri = "app://quiet-refusal/{ms}",
        name = "quiet-refusal",
        tool = false,
        longRunning = true)
    public String quietRefusal(@PathParam("ms") long ms) throws InterruptedException {
      Thread.sleep(ms);
      throw new jakarta.ws.rs.ForbiddenException();
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

  private final RecordingObserver observer = new RecordingObserver();
  private TestServer server;
  private Mcp mcp;
  private LoggedRecords access;

  @BeforeEach
  void start() {
    access = LoggedRecords.of("dev.jaxrsmcp.access");
    server =
        TestServer.start(
            new ResourceConfig(Routes.class, Auth.class, RolesAllowedDynamicFeature.class)
                .register(
                    McpFeature.builder()
                        .observer(observer)
                        .longRunningKeepAlive(Duration.ofMillis(100))
                        .keepAlive(Duration.ofMillis(100))
                        .build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    server.close();
    access.close();
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
    for (LogRecord record : access.records()) {
      assertThat(record.getLevel()).isEqualTo(Level.INFO);
      // named by the record itself: java.util.logging need not walk the stack for its formatter
      // (inferred, the source would be the anonymous operation class AccessRecord$1)
      assertThat(record.getSourceClassName() + " " + record.getSourceMethodName())
          .isEqualTo("dev.jaxrsmcp.internal.observe.AccessRecord ended");
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

  @Test
  void aToolCallNamesItsToolAndTheToolAsItsTemplate() throws Exception {
    Response response =
        mcp.call("tools/call", Map.of("name", "person", "arguments", Map.of("id", "2")));
    response.then().statusCode(200);

    RecordingObserver.Recorded call = observer.next();
    assertThat(call.operation()).isEqualTo(modern("tools/call", null, "person"));
    assertThat(call.operation().spanName()).isEqualTo("tools/call person");
    assertThat(call.timeless())
        .isEqualTo(
            outcome(
                200,
                null,
                200,
                null,
                "anonymous",
                "GET /people/2",
                "person",
                response.asByteArray().length));
    assertThat(accessLines())
        .containsExactly(
            "anonymous 2026-07-28 session=- tools/call person id=1 route=\"GET /people/2\""
                + " outcome=200 route_status=200 error=- bytes="
                + response.asByteArray().length);
  }

  @Test
  void aMissingPersonIsTheReadsJsonRpcErrorWithTheRoutes404() throws Exception {
    Response response = mcp.read("app://people/9");
    int code = JSON.readTree(response.asString()).path("error").path("code").asInt();

    RecordingObserver.Recorded read = observer.next();
    assertThat(code).isEqualTo(-32602);
    assertThat(read.timeless())
        .isEqualTo(
            outcome(
                200,
                -32602,
                404,
                "-32602",
                "anonymous",
                "GET /people/9",
                "app://people/{id}",
                response.asByteArray().length));
    assertThat(accessLines())
        .containsExactly(
            "anonymous 2026-07-28 session=- resources/read app://people/9 id=1"
                + " route=\"GET /people/9\" outcome=-32602 route_status=404 error=-32602 bytes="
                + response.asByteArray().length);
  }

  @Test
  void aToolCallOfAMissingPersonIsAToolError() throws Exception {
    Response response =
        mcp.call("tools/call", Map.of("name", "person", "arguments", Map.of("id", "9")));
    assertThat(JSON.readTree(response.asString()).path("result").path("isError").asBoolean())
        .isTrue();

    assertThat(observer.next().timeless())
        .isEqualTo(
            outcome(
                200,
                null,
                404,
                "tool_error",
                "anonymous",
                "GET /people/9",
                "person",
                response.asByteArray().length));
  }

  @Test
  void aRouteThatThrowsIsNamedByItsExceptionsClass() throws Exception {
    Response response = mcp.read("app://people/boom");
    int code = JSON.readTree(response.asString()).path("error").path("code").asInt();

    RecordingObserver.Recorded read = observer.next();
    assertThat(read.timeless())
        .isEqualTo(
            outcome(
                200,
                code,
                500,
                "java.lang.IllegalStateException",
                "anonymous",
                "GET /people/boom",
                "app://people/{id}",
                response.asByteArray().length));
    assertThat(code).isEqualTo(-32603);
  }

  @Test
  void aRefusalIsNamedByItsCodeWhetherAFilterOrTheRouteThrewItOrAFilterAborted() throws Exception {
    // The error type names an exception only when it is a failure (unmapped, or a 5xx), wherever
    // the application threw it: Jersey wraps what a filter throws, and the wrapper is no failure.
    for (String uri : List.of("app://roles/x", "app://refused/x", "app://admin/x")) {
      Response response = mcp.read(uri, "Bearer bob");
      int code = JSON.readTree(response.asString()).path("error").path("code").asInt();
      assertThat(code).as(uri).isEqualTo(-32602);
      RecordingObserver.Recorded read = observer.next();
      assertThat(read.outcome().routeStatus()).as(uri).contains(403);
      assertThat(read.outcome().errorType()).as(uri).contains(String.valueOf(code));
    }
  }

  @Test
  void anUnauthenticatedReadIsThe401OfTheApplicationsFilter() throws Exception {
    Response response = mcp.read("app://admin/x");
    assertThat(response.statusCode()).isEqualTo(401);
    int code = JSON.readTree(response.asString()).path("error").path("code").asInt();
    assertThat(code).isEqualTo(-32603);

    RecordingObserver.Recorded read = observer.next();
    assertThat(read.timeless())
        .isEqualTo(
            outcome(
                401,
                code,
                401,
                String.valueOf(code),
                "anonymous",
                "GET /admin/x",
                "app://admin/{x}",
                response.asByteArray().length));
  }

  @Test
  void aForbiddenReadNamesTheCallerTheFilterRefused() throws Exception {
    Response response = mcp.read("app://admin/x", "Bearer bob");
    int code = JSON.readTree(response.asString()).path("error").path("code").asInt();
    assertThat(code).isEqualTo(-32602);

    RecordingObserver.Recorded read = observer.next();
    assertThat(read.timeless())
        .isEqualTo(
            outcome(
                200,
                code,
                403,
                String.valueOf(code),
                "bob",
                "GET /admin/x",
                "app://admin/{x}",
                response.asByteArray().length));
    assertThat(accessLines())
        .containsExactly(
            "bob 2026-07-28 session=- resources/read app://admin/x id=1 route=\"GET /admin/x\""
                + " outcome="
                + code
                + " route_status=403 error="
                + code
                + " bytes="
                + response.asByteArray().length);
  }

  @Test
  void theObserversScopeIsOpenWhileTheRouteRunsOnTheThreadItStartedOn() throws Exception {
    Response response = mcp.read("app://scope");
    String text =
        JSON.readTree(response.asString())
            .path("result")
            .path("contents")
            .path(0)
            .path("text")
            .asText();

    RecordingObserver.Recorded read = observer.next();
    String started = read.events().get(0);
    assertThat(text)
        .isEqualTo(
            "resources/read app://scope" + " on " + started.substring("started on ".length()));
    assertThat(read.events().subList(1, read.events().size()))
        .containsExactly("scope opened", "scope closed");
    assertThat(RecordingObserver.SCOPE.get()).isNull();
  }

  @Test
  void aLongRunningReadCarriesItsProgressAsEvents() throws Exception {
    // Without a progress token the client gets no progress, but the observers do.
    Response response = mcp.read("app://steps/1,2,3");
    assertThat(
            JSON.readTree(response.asString())
                .path("result")
                .path("contents")
                .path(0)
                .path("text")
                .asText())
        .isEqualTo("step 1\nstep 2\nstep 3\n");

    RecordingObserver.Recorded read = observer.next();
    assertThat(read.events().subList(1, read.events().size()))
        .containsExactly(
            "scope opened",
            "progress 1/3 step 1",
            "progress 2/3 step 2",
            "progress 3/3 step 3",
            "scope closed");
    assertThat(read.timelessWithoutBytes())
        .isEqualTo(
            outcome(
                200,
                null,
                200,
                null,
                "anonymous",
                "GET /steps/1%2C2%2C3",
                "app://steps/{steps}",
                0));
    assertThat(read.outcome().bytes()).isEqualTo(response.asByteArray().length);
  }

  @Test
  void aLongReadAnsweredOnItsStreamCountsItsFinalMessageAndItsError() throws Exception {
    // Quiet for three keep-alive intervals: the answer is an event stream before the route ends.
    Response quiet = mcp.read("app://quiet/300");
    assertThat(quiet.contentType()).startsWith("text/event-stream");
    String result = lastEvent(quiet.asString());
    assertThat(JSON.readTree(result).at("/result/contents/0/text").asText())
        .isEqualTo("quiet for 300 ms");
    RecordingObserver.Recorded read = observer.next();
    assertThat(read.outcome().httpStatus()).isEqualTo(200);
    assertThat(read.outcome().errorCode()).isEmpty();
    assertThat(read.outcome().bytes())
        .as("the final message's bytes, without the event's framing")
        .isEqualTo(result.getBytes(StandardCharsets.UTF_8).length);

    Response refused = mcp.read("app://quiet-refusal/300");
    assertThat(refused.contentType()).startsWith("text/event-stream");
    String error = lastEvent(refused.asString());
    int code = JSON.readTree(error).at("/error/code").asInt();
    assertThat(code).isNotZero();
    RecordingObserver.Recorded failed = observer.next();
    assertThat(failed.outcome().httpStatus()).isEqualTo(200); // the stream's status
    assertThat(failed.outcome().errorCode()).contains(code);
    assertThat(failed.outcome().routeStatus()).contains(403);
    assertThat(failed.outcome().bytes()).isEqualTo(error.getBytes(StandardCharsets.UTF_8).length);
    assertThat(accessLines())
        .containsExactly(
            "anonymous 2026-07-28 session=- resources/read app://quiet/300 id=1"
                + " route=\"GET /quiet/300\" outcome=200 route_status=200 error=- bytes="
                + result.getBytes(StandardCharsets.UTF_8).length,
            "anonymous 2026-07-28 session=- resources/read app://quiet-refusal/300 id=1"
                + " route=\"GET /quiet-refusal/300\" outcome="
                + code
                + " route_status=403 error="
                + code
                + " bytes="
                + error.getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void aLongReadWhoseRouteFailsAfterItsStreamStartedCountsTheErrorOnTheStream() throws Exception {
    // Its first progress report starts the stream; then the route fails.
    ObjectNode body = Mcp.body(1, "resources/read", Map.of("uri", "app://job/1,fail"));
    ((ObjectNode) body.get("params").get("_meta")).put("progressToken", "job");
    Response response =
        mcp.request("resources/read", "app://job/1,fail").body(body.toString()).post(mcp.url());
    assertThat(response.contentType()).startsWith("text/event-stream");
    assertThat(response.asString()).contains("\"progressToken\":\"job\"");
    String error = lastEvent(response.asString());
    int code = JSON.readTree(error).at("/error/code").asInt();
    assertThat(code).isNotZero();
    RecordingObserver.Recorded read = observer.next();
    assertThat(read.outcome().httpStatus()).isEqualTo(200);
    assertThat(read.outcome().errorCode()).contains(code);
    assertThat(read.outcome().bytes()).isEqualTo(error.getBytes(StandardCharsets.UTF_8).length);
  }

  /** The JSON of an event stream's last {@code data:} line. */
  private static String lastEvent(String stream) {
    String data = stream.substring(stream.lastIndexOf("data: ") + "data: ".length());
    return data.substring(0, data.indexOf('\n'));
  }

  @Test
  void aTasksRunInTheBackgroundIsAnOperationOfItsOwnWithProgressAfterTheCallThatCreatedIt()
      throws Exception {
    TaskClient tasks = new TaskClient(server.mcpUrl(), Optional.empty());
    JsonNode created = tasks.call("job", Map.of("steps", "1,2")).path("result");
    assertThat(created.path("resultType").asText()).isEqualTo("task");
    String taskId = created.path("taskId").asText();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> tasks.get(taskId).at("/result/status").asText(), "completed"::equals);

    List<RecordingObserver.Recorded> ended = List.of(observer.next(), observer.next());
    RecordingObserver.Recorded call =
        ended.stream()
            .filter(r -> r.operation().kind() == McpOperation.Kind.REQUEST)
            .findFirst()
            .orElseThrow();
    RecordingObserver.Recorded run =
        ended.stream()
            .filter(r -> r.operation().kind() == McpOperation.Kind.TASK)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no task run among " + ended));
    assertThat(call.operation().toolName()).contains("job");
    assertThat(run.operation())
        .isEqualTo(
            new McpOperation(
                McpOperation.Kind.TASK,
                "tools/call",
                Optional.of(Mcp.VERSION),
                Optional.empty(),
                Optional.of("1"),
                Optional.empty(),
                Optional.of("job")));
    assertThat(run.events().subList(1, run.events().size()))
        .containsExactly("scope opened", "progress step 1", "progress step 2", "scope closed");
    assertThat(run.outcome().errorType()).isEmpty();
    assertThat(run.outcome().routeStatus()).contains(200);
    assertThat(run.outcome().bytes()).isEqualTo("step 1\nstep 2\n".length());
    assertThat(accessLines())
        .anyMatch(
            line ->
                line.startsWith(
                    "anonymous "
                        + Mcp.VERSION
                        + " session=- task job id=1 route=- outcome=200"
                        + " route_status=200 error=- "));
  }

  @Test
  void aTasksRunThatTheRouteRefusesIsAToolErrorOfItsOwn() throws Exception {
    TaskClient tasks = new TaskClient(server.mcpUrl(), Optional.empty());
    String refused = tasks.call("job", Map.of("steps", "fail")).at("/result/taskId").asText();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> tasks.get(refused).at("/result/status").asText(), s -> !s.equals("working"));
    RecordingObserver.Recorded run = nextOfKind(McpOperation.Kind.TASK);
    assertThat(run.outcome().routeStatus()).contains(403);
    assertThat(run.outcome().errorType()).contains("tool_error");
  }

  /** The next ended operation of {@code kind}, skipping others. */
  private RecordingObserver.Recorded nextOfKind(McpOperation.Kind kind)
      throws InterruptedException {
    for (int i = 0; i < 10; i++) {
      RecordingObserver.Recorded next = observer.next();
      if (next.operation().kind() == kind) {
        return next;
      }
    }
    throw new AssertionError("no operation of kind " + kind + " among the next 10");
  }

  @Test
  void aListenLastsUntilItsStreamCloses() throws Exception {
    try (SseRecorder stream =
        SseRecorder.post(
            server.mcpUrl(),
            Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
            Mcp.body(
                    3,
                    "subscriptions/listen",
                    Map.of("notifications", Map.of("resourcesListChanged", true)))
                .toString())) {
      assertThat(stream.next().path("method").asText())
          .isEqualTo("notifications/subscriptions/acknowledged");
      observer.assertExhausted(300); // open: not ended
    }
    RecordingObserver.Recorded listen = observer.next();
    assertThat(listen.operation())
        .isEqualTo(
            new McpOperation(
                McpOperation.Kind.LISTEN,
                "subscriptions/listen",
                Optional.of(Mcp.VERSION),
                Optional.empty(),
                Optional.of("3"),
                Optional.empty(),
                Optional.empty()));
    assertThat(listen.outcome().duration()).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    assertThat(listen.timelessWithoutBytes())
        .isEqualTo(outcome(200, null, null, null, "anonymous", null, null, 0));
  }

  private static RecordingObserver.Recorded byMethod(
      List<RecordingObserver.Recorded> recorded, String method) {
    List<RecordingObserver.Recorded> found =
        recorded.stream().filter(r -> r.operation().method().equals(method)).toList();
    assertThat(found).as("%s among %s", method, recorded).hasSize(1);
    return found.get(0);
  }

  @Test
  void aSubscribeAndAListCountTheBytesOfTheirOwnResponses() throws Exception {
    // Each reads the application's routes in-process first (the subscribed resource, the listed
    // collections): what those reads wrote is not the MCP response's body.
    LegacyClient legacy = new LegacyClient(server.mcpUrl(), "Bearer alice");
    String session = legacy.start();
    observer.next();
    observer.next();
    Response subscribe = legacy.subscribe(session, "app://counter");
    subscribe.then().statusCode(200);
    RecordingObserver.Recorded subscribed = observer.next();
    assertThat(subscribed.operation().method()).isEqualTo("resources/subscribe");
    assertThat(subscribed.outcome().bytes()).isEqualTo(subscribe.asByteArray().length);
    Response list = mcp.call("resources/list", Map.of());
    list.then().statusCode(200);
    RecordingObserver.Recorded listed = observer.next();
    assertThat(listed.operation().method()).isEqualTo("resources/list");
    assertThat(listed.outcome().bytes()).isEqualTo(list.asByteArray().length);
    legacy.delete(session).then().statusCode(204);
    observer.next();
    observer.next();
  }

  @Test
  void aLegacySessionsGetStreamLastsUntilItCloses() throws Exception {
    LegacyClient legacy = new LegacyClient(server.mcpUrl(), "Bearer alice");
    String session = legacy.start();
    observer.next(); // initialize
    observer.next(); // notifications/initialized
    try (SseRecorder stream = legacy.stream(session)) {
      assertThat(stream.status()).isEqualTo(200);
      observer.assertExhausted(300); // open: not ended
    } // the client goes away; the next keep-alive (100 ms here) finds it gone
    RecordingObserver.Recorded get = observer.next();
    assertThat(get.operation().method()).isEqualTo("GET");
    assertThat(get.operation().sessionId()).contains(session);
    assertThat(get.outcome().duration()).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    assertThat(get.timelessWithoutBytes())
        .isEqualTo(outcome(200, null, null, null, "alice", null, null, 0));
    legacy.delete(session).then().statusCode(204);
    observer.next(); // the session's lifetime and its DELETE
    observer.next();
  }

  @Test
  void aLegacySessionIsAnOperationFromInitializeToDelete() throws Exception {
    LegacyClient legacy = new LegacyClient(server.mcpUrl(), "Bearer alice");
    String session = legacy.start();
    // initialize ends when its response was written, which its client may see (and answer with
    // notifications/initialized, which may end first) a moment before
    List<RecordingObserver.Recorded> handshake = List.of(observer.next(), observer.next());
    RecordingObserver.Recorded initialize = byMethod(handshake, "initialize");
    assertThat(initialize.operation())
        .isEqualTo(
            new McpOperation(
                McpOperation.Kind.REQUEST,
                "initialize",
                Optional.of(LegacyClient.VERSION),
                Optional.empty(),
                Optional.of("1"),
                Optional.empty(),
                Optional.empty()));
    assertThat(initialize.outcome().caller()).isEqualTo("alice");
    RecordingObserver.Recorded initialized = byMethod(handshake, "notifications/initialized");
    assertThat(initialized.operation())
        .isEqualTo(
            new McpOperation(
                McpOperation.Kind.NOTIFICATION,
                "notifications/initialized",
                Optional.of(LegacyClient.VERSION),
                Optional.of(session),
                Optional.empty(),
                Optional.empty(),
                Optional.empty()));
    assertThat(initialized.timeless())
        .isEqualTo(outcome(202, null, null, null, "alice", null, null, 0));

    Response read = legacy.call(session, 4, "resources/read", Map.of("uri", "app://admin/x"));
    RecordingObserver.Recorded legacyRead = observer.next();
    assertThat(legacyRead.operation())
        .isEqualTo(
            new McpOperation(
                McpOperation.Kind.REQUEST,
                "resources/read",
                Optional.of(LegacyClient.VERSION),
                Optional.of(session),
                Optional.of("4"),
                Optional.of("app://admin/x"),
                Optional.empty()));
    assertThat(legacyRead.timeless())
        .isEqualTo(
            outcome(
                200,
                null,
                200,
                null,
                "alice",
                "GET /admin/x",
                "app://admin/{x}",
                read.asByteArray().length));

    Thread.sleep(200);
    legacy.delete(session).then().statusCode(204);
    List<RecordingObserver.Recorded> ends = List.of(observer.next(), observer.next());
    RecordingObserver.Recorded lifetime =
        ends.stream()
            .filter(r -> r.operation().kind() == McpOperation.Kind.SESSION)
            .findFirst()
            .orElseThrow();
    RecordingObserver.Recorded delete =
        ends.stream()
            .filter(r -> r.operation().kind() == McpOperation.Kind.REQUEST)
            .findFirst()
            .orElseThrow();
    assertThat(lifetime.operation())
        .isEqualTo(
            new McpOperation(
                McpOperation.Kind.SESSION,
                "session",
                Optional.of(LegacyClient.VERSION),
                Optional.of(session),
                Optional.empty(),
                Optional.empty(),
                Optional.empty()));
    assertThat(lifetime.timeless()).isEqualTo(outcome(0, null, null, null, "alice", null, null, 0));
    assertThat(lifetime.outcome().duration()).isGreaterThanOrEqualTo(Duration.ofMillis(200));
    assertThat(delete.operation().method()).isEqualTo("DELETE");
    assertThat(delete.timeless()).isEqualTo(outcome(204, null, null, null, "alice", null, null, 0));
    observer.assertExhausted(100);
  }

  @Test
  void interleavedCallersOfTwoSchemesAreNeverMixedUp() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      List<Future<?>> calls = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        int n = i;
        calls.add(
            pool.submit(
                () -> {
                  var request = mcp.request("resources/read", "app://people/" + n);
                  if (n % 3 == 0) {
                    request = request.header("Authorization", "Bearer alice");
                  } else if (n % 3 == 1) {
                    request = request.header("X-Api-Key", "key-bob");
                  }
                  request
                      .body(
                          Mcp.body(1, "resources/read", Map.of("uri", "app://people/" + n))
                              .toString())
                      .post(mcp.url())
                      .then()
                      .statusCode(200);
                }));
      }
      for (Future<?> call : calls) {
        call.get();
      }
    } finally {
      pool.shutdown();
    }
    for (int i = 0; i < 60; i++) {
      RecordingObserver.Recorded read = observer.next();
      int n =
          Integer.parseInt(
              read.operation().resourceUri().orElseThrow().substring("app://people/".length()));
      assertThat(read.outcome().caller())
          .as("the caller of read %d", n)
          .isEqualTo(n % 3 == 0 ? "alice" : n % 3 == 1 ? "bob" : "anonymous");
      assertThat(read.outcome().route()).contains("GET /people/" + n);
    }
    observer.assertExhausted(100);
    assertThat(accessLines())
        .hasSize(60)
        .allSatisfy(
            line -> {
              String n = line.replaceFirst(".*app://people/(\\d+) .*", "$1");
              String caller = line.substring(0, line.indexOf(' '));
              int i = Integer.parseInt(n);
              assertThat(caller).isEqualTo(i % 3 == 0 ? "alice" : i % 3 == 1 ? "bob" : "anonymous");
            });
  }

  @Test
  void anObserverThatThrowsIsLoggedOnceAndTheReadGoesOn() throws Exception {
    McpObserver failing =
        operation -> {
          throw new IllegalStateException("observer broken");
        };
    List<LogRecord> warnings;
    try (LoggedRecords observeLog = LoggedRecords.of("dev.jaxrsmcp.observe");
        TestServer other =
            TestServer.start(
                new ResourceConfig(Routes.class)
                    .register(McpFeature.builder().observer(failing).observer(observer).build()))) {
      warnings = observeLog.records();
      Mcp client = new Mcp(other.mcpUrl());
      client
          .read("app://people/1")
          .then()
          .statusCode(200)
          .body("result.contents[0].text", org.hamcrest.Matchers.equalTo("{\"id\":\"1\"}"));
      client.read("app://people/2").then().statusCode(200);
      // each ends once its response was written: in either order
      assertThat(List.of(observer.next().outcome().route(), observer.next().outcome().route()))
          .containsExactlyInAnyOrder(Optional.of("GET /people/1"), Optional.of("GET /people/2"));
    }
    assertThat(warnings).hasSize(1);
    assertThat(warnings.get(0).getLevel()).isEqualTo(Level.WARNING);
    assertThat(warnings.get(0).getThrown()).hasMessage("observer broken");
  }

  @Test
  void anAsyncReadResumedOnAnotherThreadEndsOnceAfterItsScopeClosed() throws Exception {
    Response response = mcp.read("app://later/5");
    assertThat(
            JSON.readTree(response.asString())
                .path("result")
                .path("contents")
                .path(0)
                .path("text")
                .asText())
        .isEqualTo("later 5");

    RecordingObserver.Recorded read = observer.next();
    assertThat(read.events().subList(1, read.events().size()))
        .containsExactly("scope opened", "scope closed");
    assertThat(read.timeless())
        .isEqualTo(
            outcome(
                200,
                null,
                200,
                null,
                "anonymous",
                "GET /later/5",
                "app://later/{id}",
                response.asByteArray().length));
    assertThat(read.outcome().duration()).isGreaterThanOrEqualTo(Duration.ofMillis(100));
    observer.assertExhausted(300);
  }
}
