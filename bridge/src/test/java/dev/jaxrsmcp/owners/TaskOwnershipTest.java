package dev.jaxrsmcp.owners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.tasks.McpTaskStore;
import dev.jaxrsmcp.tasks.McpTasks;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP tasks are owned by the caller the application's filters accepted (contract section 15):
 * created only once the route's request passed them, owned by the principal they set (API key,
 * bearer, cookie), answered as unknown to everyone else, bounded per owner.
 */
class TaskOwnershipTest {
  @TempDir Path spool;
  TestServer server;
  Wire wire;
  final CountingStore store = new CountingStore(McpTaskStore.inMemory());

  void start(McpTasks.Builder tasks) {
    server =
        TestServer.start(
            OwnerApp.create(
                McpFeature.builder()
                    .spoolDirectory(spool)
                    .tasks(tasks.store(store).pollInterval(Duration.ofMillis(200)).build())
                    .build()));
    wire = new Wire(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    OwnerApp.JOBS.values().forEach(job -> job.release.complete(null));
    if (server != null) {
      server.close();
    }
  }

  private String create(Who who, String name) {
    JsonNode created = wire.taskCall(who, "taskReport", Map.of("name", name));
    assertThat(created.path("result").path("resultType").asText())
        .as("%s creates a task: %s", who, created)
        .isEqualTo("task");
    return created.path("result").path("taskId").asText();
  }

  private String resultText(Who who, String taskId) {
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

  private static void assertUnknown(JsonNode answer, String who) {
    assertThat(answer.path("error").path("code").asInt()).as(who).isEqualTo(-32602);
    assertThat(answer.path("error").path("message").asText())
        .as(who)
        .contains("it never existed, it expired, or another caller created it");
    assertThat(answer.has("result")).as(who).isFalse();
  }

  /**
   * Finding 1: with API-key authentication (no Authorization, no cookie), another caller's {@code
   * tasks/get} and {@code tasks/cancel} were answered with alice's private result. Interleaved with
   * callers of every scheme, each reaches only its own tasks, whose results say whose they are.
   */
  @Test
  void aTaskIsOwnedByThePrincipalItsRouteRanAsWhateverTheScheme() {
    start(McpTasks.builder());
    List<Who> callers =
        List.of(Who.ALICE_KEY, Who.BOB_KEY, Who.ALICE_BEARER, Who.CAROL_BEARER, Who.DAVE_COOKIE);
    Map<Who, String> tasks = new java.util.LinkedHashMap<>();
    for (Who who : callers) {
      tasks.put(who, create(who, "q3-" + who.user().orElseThrow()));
    }
    for (Map.Entry<Who, String> own : tasks.entrySet()) {
      Who owner = own.getKey();
      assertThat(resultText(owner, own.getValue()))
          .as(owner.toString())
          .isEqualTo("PRIVATE report q3-" + owner.user().get() + " of " + owner.user().get());
      List<Who> others = new ArrayList<>(List.of(Who.ANONYMOUS, Who.junk()));
      for (Who other : callers) {
        if (!other.user().equals(owner.user())) {
          others.add(other);
        }
      }
      for (Who other : others) {
        String label = other + " on the task of " + owner;
        assertUnknown(wire.task(other, "tasks/get", own.getValue()), label);
        assertUnknown(wire.task(other, "tasks/cancel", own.getValue()), label);
      }
      assertThat(wire.status(owner, own.getValue())).as("untouched").isEqualTo("completed");
    }
    // The same user by another scheme is the same principal: alice's key reads her bearer task.
    assertThat(resultText(Who.ALICE_KEY, tasks.get(Who.ALICE_BEARER)))
        .isEqualTo("PRIVATE report q3-alice of alice");
  }

  /** Many callers creating and polling tasks at once each get exactly their own results. */
  @Test
  void interleavedCallersNeverSeeAnotherCallersResult() throws Exception {
    start(McpTasks.builder());
    List<Who> callers = List.of(Who.ALICE_KEY, Who.BOB_KEY, Who.CAROL_BEARER, Who.DAVE_COOKIE);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    Map<String, Who> created = new ConcurrentHashMap<>();
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        Who who = callers.get(i % callers.size());
        String name = "r" + i;
        done.add(pool.submit(() -> created.put(create(who, name), who)));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
      List<Future<?>> checks = new ArrayList<>();
      for (Map.Entry<String, Who> task : created.entrySet()) {
        checks.add(
            pool.submit(
                () -> {
                  Who owner = task.getValue();
                  assertThat(resultText(owner, task.getKey()))
                      .endsWith(" of " + owner.user().get());
                  for (Who other : callers) {
                    if (!other.user().equals(owner.user())) {
                      assertUnknown(wire.task(other, "tasks/get", task.getKey()), other.toString());
                    }
                  }
                }));
      }
      for (Future<?> f : checks) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(created).hasSize(40);
  }

  /**
   * Finding 2: a task was created before the application's filters ran; an unauthenticated call
   * answered {@code resultType: task} and left a record for the TTL. Now the filters' 401 is
   * answered as for a plain read, with the challenge, and nothing is stored.
   */
  @Test
  void aCallTheApplicationRefusesCreatesNoTask() {
    start(McpTasks.builder());
    int before = store.created.get();
    int runs = OwnerApp.REPORT_RUNS.get();
    for (Who who : List.of(Who.ANONYMOUS, Who.junk(), Who.junk())) {
      Response refused =
          wire.modern(
              who,
              "tools/call",
              "taskReport",
              withTasks(Map.of("name", "taskReport", "arguments", Map.of("name", "x"))));
      assertThat(refused.statusCode()).as(who.toString()).isEqualTo(401);
      assertThat(refused.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"reports\"");
      assertThat(refused.jsonPath().getInt("error.code")).isEqualTo(-32603);
      assertThat(refused.jsonPath().getString("error.message"))
          .isEqualTo("401 Unauthorized: authentication required");
      assertThat(refused.asString()).doesNotContain("taskId");
    }
    assertThat(store.created.get()).as("tasks stored").isEqualTo(before);
    assertThat(OwnerApp.REPORT_RUNS.get()).as("route runs").isEqualTo(runs);
  }

  private com.fasterxml.jackson.databind.node.ObjectNode withTasks(Map<String, ?> params) {
    com.fasterxml.jackson.databind.node.ObjectNode body =
        dev.jaxrsmcp.testing.Mcp.body(1, "tools/call", params);
    ((com.fasterxml.jackson.databind.node.ObjectNode)
            body.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities"))
        .putObject("extensions")
        .putObject(dev.jaxrsmcp.testing.TaskClient.EXTENSION);
    return body;
  }

  /**
   * Finding 2, the quota: one caller's long tasks took every running place. Now each caller has
   * {@code maxRunningPerCaller}; at it, its next task is refused while another caller's starts.
   */
  @Test
  void oneCallerCannotTakeEveryRunningPlace() throws Exception {
    start(McpTasks.builder().maxRunning(6).maxRunningPerCaller(2));
    String first = "wait-" + UUID.randomUUID();
    String second = "wait-" + UUID.randomUUID();
    create(Who.ALICE_KEY, first);
    create(Who.ALICE_BEARER, second); // alice again, by another scheme: the same owner
    assertThat(OwnerApp.job(first).started.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(OwnerApp.job(second).started.await(10, TimeUnit.SECONDS)).isTrue();

    JsonNode refused = wire.taskCall(Who.ALICE_KEY, "taskReport", Map.of("name", "third"));
    assertThat(refused.path("error").path("code").asInt()).isEqualTo(-32603);
    assertThat(refused.path("error").path("message").asText())
        .isEqualTo(
            "Too many tasks for this caller: at most 2 for one caller"
                + " (McpTasks.maxRunningPerCaller) may run at once on this server; cancel one or"
                + " try again later");
    String bobs = create(Who.BOB_KEY, "bobs");
    assertThat(resultText(Who.BOB_KEY, bobs)).isEqualTo("PRIVATE report bobs of bob");

    OwnerApp.job(first).release.complete(null);
    await().atMost(Duration.ofSeconds(10)).until(() -> tryCreate(Who.ALICE_KEY, "fourth"));
  }

  private boolean tryCreate(Who who, String name) {
    return "task"
        .equals(
            wire.taskCall(who, "taskReport", Map.of("name", name))
                .path("result")
                .path("resultType")
                .asText());
  }

  /**
   * The store keeps at most {@code maxStoredPerCaller} of one caller's tasks: the oldest ended one
   * makes room (and is gone for its owner too); another caller's tasks are untouched.
   */
  @Test
  void aCallersOldestEndedTaskMakesRoom() {
    start(McpTasks.builder().maxStoredPerCaller(3));
    String bobs = create(Who.BOB_KEY, "bob-0");
    List<String> alices = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      alices.add(create(Who.ALICE_KEY, "alice-" + i));
      resultText(Who.ALICE_KEY, alices.get(i));
    }
    String fourth = create(Who.ALICE_KEY, "alice-3");
    assertThat(resultText(Who.ALICE_KEY, fourth)).isEqualTo("PRIVATE report alice-3 of alice");
    assertUnknown(wire.task(Who.ALICE_KEY, "tasks/get", alices.get(0)), "alice's oldest");
    assertThat(wire.status(Who.ALICE_KEY, alices.get(1))).isEqualTo("completed");
    assertThat(resultText(Who.BOB_KEY, bobs)).isEqualTo("PRIVATE report bob-0 of bob");
  }

  /** Counts what the bridge stores. */
  static final class CountingStore implements McpTaskStore {
    final McpTaskStore inner;
    final AtomicInteger created = new AtomicInteger();

    CountingStore(McpTaskStore inner) {
      this.inner = inner;
    }

    @Override
    public boolean create(Entry entry) {
      created.incrementAndGet();
      return inner.create(entry);
    }

    @Override
    public Optional<Entry> find(String id) {
      return inner.find(id);
    }

    @Override
    public boolean replace(long expectedVersion, Entry next) {
      return inner.replace(expectedVersion, next);
    }

    @Override
    public void delete(String id) {
      inner.delete(id);
    }

    @Override
    public void close() {
      inner.close();
    }
  }
}
