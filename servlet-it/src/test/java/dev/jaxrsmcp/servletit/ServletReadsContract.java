package dev.jaxrsmcp.servletit;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jaxrsmcp.test.McpListen;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpTestClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * What every servlet deployment must show (issue 15): for an admin, a plain user and an anonymous
 * client, every MCP read in both eras gives the same data and the same allow/deny (and 401
 * challenge) as the direct GET of the same route with the same credentials, also when the callers'
 * requests are interleaved; listens and template members see the caller's identity. One container
 * start per subclass (container × holder mode), reused by every test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
abstract class ServletReadsContract {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private ServletApp app;
  private ServletServer server;
  private DirectGet direct;
  private final Map<Caller, McpTestClient> modern = new EnumMap<>(Caller.class);
  private final Map<Caller, McpTestClient> legacy = new EnumMap<>(Caller.class);

  abstract ServletServer.Kind kind();

  abstract IdentityHolder.Mode mode();

  @BeforeAll
  void start() throws Exception {
    app = new ServletApp(mode());
    server = kind().start(app);
    direct = new DirectGet(server.base());
    for (Caller caller : Caller.values()) {
      modern.put(caller, as(McpTestClient.modern(server.mcp()), caller));
      McpTestClient session = as(McpTestClient.legacy(server.mcp()), caller);
      session.discover(); // the session starts before any interleaving
      legacy.put(caller, session);
    }
  }

  @AfterAll
  void stop() throws Exception {
    legacy.values().forEach(McpTestClient::close);
    if (app != null) {
      app.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private static McpTestClient as(McpTestClient client, Caller caller) {
    return caller.authorization.map(client::as).orElse(client);
  }

  private McpTestClient client(Caller caller, boolean modernEra) {
    return (modernEra ? modern : legacy).get(caller);
  }

  @Test
  void directGetsGiveWhatEachCallerMaySee() {
    for (Route route : Route.ALL) {
      for (Caller caller : Caller.values()) {
        DirectGet.Answer answer = direct.get(route.path(), caller);
        Route.Expected expected = route.expected(caller);
        assertThat(answer.status())
            .as("GET %s as %s", route.path(), caller)
            .isEqualTo(expected.status());
        if (expected.status() == 200) {
          assertThat(answer.body())
              .as("GET %s as %s", route.path(), caller)
              .isEqualTo(expected.body());
        }
        if (expected.status() == 401) {
          assertThat(answer.challenge()).contains(BearerChallengeFilter.CHALLENGE);
        }
      }
    }
  }

  @Test
  void everyReadAndToolCallInBothErasMatchesTheDirectGet() {
    for (boolean modernEra : new boolean[] {true, false}) {
      for (Caller caller : Caller.values()) {
        for (Route route : Route.ALL) {
          DirectGet.Answer answer = direct.get(route.path(), caller);
          McpTestClient mcp = client(caller, modernEra);
          assertSame(mcp.read(route.uri()), answer, route, caller);
          assertSame(mcp.callTool(route.tool(), Map.of()), answer, route, caller);
        }
      }
    }
  }

  @Test
  void longRunningReadsReportProgressAndReturnTheCallersThreadLocalIdentity() {
    Route longRead =
        Route.ALL.stream().filter(r -> r.uri().equals("app://id/long")).findFirst().orElseThrow();
    for (boolean modernEra : new boolean[] {true, false}) {
      for (Caller caller : Caller.values()) {
        McpResponse response =
            client(caller, modernEra).withProgress("progress-" + caller).read(longRead.uri());
        assertThat(response).isText().isEqualTo(longRead.expected(caller).body());
        assertThat(response.progress())
            .as("progress of %s in the %s era", caller, modernEra ? "modern" : "legacy")
            .extracting(p -> p.path("progressToken").asText() + " " + p.path("progress").asInt())
            .containsExactly(
                "progress-" + caller + " 1",
                "progress-" + caller + " 2",
                "progress-" + caller + " 3");
      }
    }
  }

  /**
   * Many threads, the callers' reads shuffled together: nobody ever gets what their own direct GET
   * refuses them or another caller's data. In inheritable mode a pooled thread created inside one
   * caller's request would carry that caller's identity into the next one's read.
   */
  @Test
  void interleavedCallersNeverSeeAnotherIdentity() throws Exception {
    record Call(Caller caller, Route route, boolean modernEra, boolean tool) {}
    List<Call> calls = new ArrayList<>();
    for (int round = 0; round < 3; round++) {
      for (Caller caller : Caller.values()) {
        for (Route route : Route.ALL) {
          calls.add(new Call(caller, route, true, round % 2 == 0));
          calls.add(new Call(caller, route, false, round % 2 == 1));
        }
      }
    }
    Collections.shuffle(calls, new Random(15));
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    ExecutorService threads =
        Executors.newFixedThreadPool(
            8, task -> new Thread(null, task, "servlet-it-caller", 0, false));
    try {
      List<Future<?>> done = new ArrayList<>();
      for (Call call : calls) {
        done.add(
            threads.submit(
                () -> {
                  McpTestClient mcp = client(call.caller(), call.modernEra());
                  McpResponse response =
                      call.tool()
                          ? mcp.callTool(call.route().tool(), Map.of())
                          : mcp.read(call.route().uri());
                  try {
                    assertExpected(response, call.route(), call.caller());
                  } catch (AssertionError e) {
                    failures.add(call + ": " + e.getMessage());
                  }
                }));
      }
      for (Future<?> future : done) {
        future.get(60, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
    }
    assertThat(failures).as("calls that gave another answer than their direct GET").isEmpty();
  }

  @Test
  void listensAcknowledgeWhatTheCallerMayRead() {
    List<String> uris = Route.SUBSCRIBABLE.stream().map(Route::uri).toList();
    for (boolean modernEra : new boolean[] {true, false}) {
      for (Caller caller : Caller.values()) {
        List<String> readable =
            Route.SUBSCRIBABLE.stream()
                .filter(r -> direct.get(r.path(), caller).status() == 200)
                .map(Route::uri)
                .toList();
        McpTestClient mcp =
            modernEra ? client(caller, true) : as(McpTestClient.legacy(server.mcp()), caller);
        try (McpListen listen = mcp.listen(uris)) {
          assertThat(listen.acknowledged())
              .as("acknowledged for %s in the %s era", caller, modernEra ? "modern" : "legacy")
              .containsExactlyInAnyOrderElementsOf(readable);
        } finally {
          if (!modernEra) {
            mcp.close();
          }
        }
      }
    }
  }

  @Test
  void templateMembersComeFromTheCallersOwnCollectionRead() {
    for (boolean modernEra : new boolean[] {true, false}) {
      for (Caller caller : Caller.values()) {
        String remote = caller == Caller.ANONYMOUS ? "anonymous" : caller.name;
        List<String> members =
            client(caller, modernEra).listResources().uris().stream()
                .filter(uri -> uri.startsWith("app://id/members/"))
                .toList();
        assertThat(members)
            .as("members listed for %s in the %s era", caller, modernEra ? "modern" : "legacy")
            .containsExactlyInAnyOrder(
                "app://id/members/" + caller.name, "app://id/members/req-" + remote);
      }
    }
  }

  /**
   * The route of an MCP read sees its own GET through JAX-RS (method, URI, Accept, the forwarded
   * headers, no Content-Type or Mcp-*), while the servlet request underneath is still the MCP POST.
   */
  @Test
  void aRouteSeesItsGetThroughJaxRsAndThePostThroughTheServletRequest() {
    assertThat(direct.get("id/seen/x", Caller.ADMIN).body())
        .isEqualTo(
            "jaxrs=GET /api/id/seen/x name=x accept=null content-type=null mcp-method=null"
                + " authorization=true | servlet=GET /api/id/seen/x");
    for (boolean modernEra : new boolean[] {true, false}) {
      assertThat(client(Caller.ADMIN, modernEra).read("app://id/seen/x"))
          .isText()
          .isEqualTo(
              "jaxrs=GET /api/id/seen/x name=x accept=text/plain content-type=null mcp-method=null"
                  + " authorization=true | servlet=POST /api/mcp");
    }
  }

  /** The legacy era through the official MCP Java SDK client. */
  @Test
  void theSdkClientReadsWhatTheDirectGetGives() {
    for (Caller caller : Caller.values()) {
      try (McpSyncClient sdk = sdk(caller)) {
        sdk.initialize();
        for (Route route : Route.ALL) {
          DirectGet.Answer answer = direct.get(route.path(), caller);
          McpSchema.ReadResourceRequest read =
              McpSchema.ReadResourceRequest.builder(route.uri()).build();
          String what = route.uri() + " as " + caller + " through the SDK";
          switch (answer.status()) {
            case 200 -> {
              McpSchema.ReadResourceResult result = sdk.readResource(read);
              assertThat(result.contents()).as(what).hasSize(1);
              assertThat(((McpSchema.TextResourceContents) result.contents().get(0)).text())
                  .as(what)
                  .isEqualTo(answer.body());
            }
            case 401 -> {
              McpHttpClientTransportAuthorizationException refused =
                  catchThrowableOfType(
                      McpHttpClientTransportAuthorizationException.class,
                      () -> sdk.readResource(read));
              assertThat(refused).as(what).isNotNull();
              assertThat(refused.getResponseInfo().statusCode()).isEqualTo(401);
              assertThat(refused.getResponseInfo().headers().firstValue("WWW-Authenticate"))
                  .isEqualTo(answer.challenge());
            }
            default -> {
              McpError refused = catchThrowableOfType(McpError.class, () -> sdk.readResource(read));
              assertThat(refused).as(what).isNotNull();
              assertThat(refused.getJsonRpcError().code()).as(what).isEqualTo(-32602);
              assertThat(refused.getJsonRpcError().message())
                  .as(what)
                  .startsWith(answer.status() + " ");
            }
          }
        }
      }
    }
  }

  private McpSyncClient sdk(Caller caller) {
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(
                server.mcp().getScheme() + "://" + server.mcp().getRawAuthority())
            .endpoint(server.mcp().getRawPath())
            .connectTimeout(TIMEOUT)
            .addHttpRequestCustomizer(
                (request, method, uri, body, context) ->
                    caller.authorization.ifPresent(value -> request.header("Authorization", value)))
            .build();
    return McpClient.sync(transport)
        .clientInfo(McpSchema.Implementation.builder("servlet-it", "1").build())
        .requestTimeout(TIMEOUT)
        .initializationTimeout(TIMEOUT)
        .build();
  }

  /** The MCP answer carries what the direct GET gave: the body, or the same refusal. */
  /**
   * Finding 9 of issue 31: a task's route runs on a task thread, after its request ended; the
   * servlet filter's thread-local holder is carried there (by the application's carrier, as
   * context-propagation carries Spring Security's), the principal and the roles the route names are
   * the creator's, and no container request is held. A caller the route's roles refuse gets the
   * refusal of the plain call, and no task.
   */
  @Test
  void aTaskRunsAsItsCreatorOnTheTaskThread() throws Exception {
    for (Caller caller : Caller.values()) {
      TaskWire tasks = new TaskWire(server.mcp(), caller);
      String expected =
          caller == Caller.ANONYMOUS
              ? "holder=anonymous principal=none"
              : "holder=" + caller.name + " principal=" + caller.name;
      assertThat(taskResult(tasks, "whoami", Map.of("n", caller.name)))
          .as("%s", caller)
          .isEqualTo(expected + " thread=jaxrs-mcp-task");
    }
    TaskWire admin = new TaskWire(server.mcp(), Caller.ADMIN);
    assertThat(taskResult(admin, "adminTask", Map.of("n", "1")))
        .isEqualTo("admin report 1 for alice");
    com.fasterxml.jackson.databind.JsonNode refused =
        new TaskWire(server.mcp(), Caller.USER).call("adminTask", Map.of("n", "2"));
    assertThat(refused.path("result").path("isError").asBoolean()).as(refused.toString()).isTrue();
    assertThat(refused.toString()).doesNotContain("taskId").contains("403 Forbidden");
  }

  private static String taskResult(TaskWire tasks, String tool, Map<String, ?> arguments)
      throws InterruptedException {
    com.fasterxml.jackson.databind.JsonNode created = tasks.call(tool, arguments);
    String taskId = created.path("result").path("taskId").asText();
    assertThat(taskId).as(created.toString()).isNotEmpty();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    com.fasterxml.jackson.databind.JsonNode task = tasks.get(taskId);
    while (task.path("result").path("status").asText().equals("working")
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
      task = tasks.get(taskId);
    }
    assertThat(task.path("result").path("status").asText())
        .as(task.toString())
        .isEqualTo("completed");
    return task.path("result").path("result").path("content").path(0).path("text").asText();
  }

  private static void assertSame(
      McpResponse response, DirectGet.Answer answer, Route route, Caller caller) {
    switch (answer.status()) {
      case 200 ->
          assertThat(response)
              .as("%s as %s", route.uri(), caller)
              .isText()
              .isEqualTo(answer.body());
      case 401 -> {
        assertThat(response).isUnauthorized().withChallenge("Bearer");
        assertThat(response.header("WWW-Authenticate")).isEqualTo(answer.challenge());
      }
      case 403 -> assertThat(response).isForbidden();
      default -> throw new AssertionError("no MCP counterpart for GET status " + answer.status());
    }
  }

  /** As {@link #assertSame}, against the expected table (the direct GET test checks it). */
  private static void assertExpected(McpResponse response, Route route, Caller caller) {
    Route.Expected expected = route.expected(caller);
    switch (expected.status()) {
      case 200 -> assertThat(response).isText().isEqualTo(expected.body());
      case 401 -> assertThat(response).isUnauthorized().withChallenge("Bearer");
      case 403 -> assertThat(response).isForbidden();
      default -> throw new AssertionError("unexpected status " + expected.status());
    }
  }
}
