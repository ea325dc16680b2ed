package dev.jaxrsmcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.security.McpProtectedResource;
import dev.jaxrsmcp.tasks.McpTaskStore;
import dev.jaxrsmcp.tasks.McpTasks;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A feature is an immutable value: {@code newBuilder()} derives a copy that keeps every setting and
 * leaves the original alone, and each application that registers a feature gets runtime state of
 * its own (change hub, watchers), started and ended with that application.
 */
class FeatureInstancesTest {
  static final String ITEM = "app://items/a";

  @jakarta.ws.rs.Path("/items")
  public static class Items {
    @GET
    @jakarta.ws.rs.Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{}";
    }
  }

  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  /** Every setting away from its default, so a setting newBuilder() forgot would show. */
  private static McpFeature everySettingChanged() {
    McpWatcher watcher = t -> () -> {};
    McpCompleter completer = (prefix, resolved) -> List.of("a");
    return McpFeature.builder()
        .name("widgets")
        .version("2.0")
        .instructions("Read widgets.")
        .path("/ai")
        .scheme("widgets")
        .defaultCacheTtlMs(5)
        .defaultCacheScope("public")
        .defaultMaxBytes(2048)
        .maxSpoolBytes(1 << 20)
        .maxReadBytes(4096)
        .readTimeout(Duration.ofSeconds(3))
        .maxBodyBytes(2048)
        .bodyReadTimeout(Duration.ofSeconds(2))
        .maxJsonDepth(9)
        .tools(false)
        .debounce(Duration.ofMillis(7))
        .keepAlive(Duration.ofSeconds(3))
        .maxListenUris(3)
        .maxConcurrentListens(4)
        .maxListensPerCaller(3)
        .maxAnonymousListens(2)
        .maxSubscriptionsPerCaller(11)
        .maxConcurrentReads(5)
        .maxConcurrentLongReads(6)
        .maxQueuedReads(9)
        .maxQueuedLongReads(10)
        .maxReadQueueWait(Duration.ofSeconds(12))
        .maxUnsentBytes(4096)
        .listenTimeout(Duration.ofMinutes(2))
        .watch("app://items/{id}", watcher)
        .complete("app://items/{id}", "id", completer)
        .completePrompt("summarize", "id", completer)
        .pageSize(7)
        .changeBus(McpChangeBus.local())
        .spoolDirectory(java.nio.file.Path.of("/tmp/somewhere-else"))
        .longRunningKeepAlive(Duration.ofSeconds(2))
        .longRunningTimeout(Duration.ofMinutes(3))
        .sessionIdleTimeout(Duration.ofMinutes(4))
        .allowedOrigins("https://app.example.com")
        .allowedHosts("mcp.example.com")
        .maxUriLength(100)
        .maxSessions(8)
        .maxSessionsPerCaller(2)
        .maxAnonymousSessions(3)
        .callerKey(request -> java.util.Optional.ofNullable(request.getHeaderString("X-Api-Key")))
        .contextCarrier(() -> () -> () -> {})
        .observer(operation -> dev.jaxrsmcp.observe.McpObserver.Operation.NONE)
        .sessionHandshakeTimeout(Duration.ofSeconds(4))
        .requestStateKey("0123456789abcdef0123456789abcdef")
        .askTimeout(Duration.ofMinutes(3))
        .maxSubscriptionsPerSession(9)
        .maxListFromBytes(2048)
        .sessionBinding("X-Api-Key")
        .sessionBindsPrincipal(false)
        .forwardOnlyHeaders("X-Tenant")
        .neverForwardHeaders("X-Secret*")
        .protectedResource(
            McpProtectedResource.builder(URI.create("https://mcp.example.com/mcp"))
                .authorizationServer(URI.create("https://auth.example.com"))
                .build())
        .tasks(McpTasks.builder().ttl(Duration.ofMinutes(9)).build())
        .build();
  }

  /** Every setting of a feature (the public accessors of {@link McpSettings}), by name. */
  private static Map<String, Object> settingsOf(McpFeature feature) throws Exception {
    Map<String, Object> values = new LinkedHashMap<>();
    for (Method m : McpSettings.class.getDeclaredMethods()) {
      if (Modifier.isPublic(m.getModifiers())
          && !Modifier.isStatic(m.getModifiers())
          && m.getParameterCount() == 0
          && !m.getName().equals("changes")
          && !m.getName().equals("newBuilder")) {
        values.put(m.getName(), m.invoke(feature));
      }
    }
    return values;
  }

  @Test
  void newBuilderKeepsEverySetting() throws Exception {
    McpFeature original = everySettingChanged();
    Map<String, Object> defaults = settingsOf(McpFeature.builder().build());
    Map<String, Object> changed = settingsOf(original);
    assertThat(changed).hasSameSizeAs(defaults).hasSizeGreaterThanOrEqualTo(44);
    changed.forEach(
        (name, value) ->
            assertThat(value)
                .as("%s differs from its default in the test", name)
                .isNotEqualTo(defaults.get(name)));

    assertThat(settingsOf(original.newBuilder().build())).isEqualTo(changed);
  }

  @Test
  void aDerivedFeatureLeavesTheOriginalAlone() throws Exception {
    McpFeature original = McpFeature.builder().name("first").watch(ITEM, t -> () -> {}).build();
    Map<String, Object> before = settingsOf(original);

    McpFeature derived =
        original
            .newBuilder()
            .name("second")
            .watch("app://items/{id}", t -> () -> {})
            .maxReadBytes(4096)
            .build();

    assertThat(settingsOf(original)).isEqualTo(before);
    assertThat(derived.name()).isEqualTo("second");
    assertThat(derived.watchers()).containsOnlyKeys(ITEM, "app://items/{id}");
    assertThat(original.watchers()).containsOnlyKeys(ITEM);
    assertThatThrownBy(() -> original.watchers().put("x", t -> () -> {}))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void featuresBuiltApartHaveTaskStoresApart() {
    // The store is closed (emptied) when a feature's application stops: a shared default store
    // would lose every other application's tasks.
    McpTaskStore first = McpFeature.builder().build().tasks().store();
    McpTaskStore second = McpFeature.builder().build().tasks().store();
    assertThat(first).isNotSameAs(second);
  }

  @Test
  void aTaskStoreSharedByApplicationsIsClosedAfterTheLastOfThem() throws Exception {
    AtomicInteger closes = new AtomicInteger();
    McpTaskStore memory = McpTaskStore.inMemory();
    McpTaskStore counting =
        new McpTaskStore() {
          @Override
          public boolean create(Entry entry) {
            return memory.create(entry);
          }

          @Override
          public Optional<Entry> find(String id) {
            return memory.find(id);
          }

          @Override
          public boolean replace(long expectedVersion, Entry next) {
            return memory.replace(expectedVersion, next);
          }

          @Override
          public void delete(String id) {
            memory.delete(id);
          }

          @Override
          public void close() {
            closes.incrementAndGet();
            memory.close();
          }
        };
    McpFeature feature =
        McpFeature.builder().tasks(McpTasks.builder().store(counting).build()).build();
    McpFeature derived = feature.newBuilder().pageSize(7).build(); // the same store
    TestServer one = TestServer.start(new ResourceConfig(Items.class).register(feature));
    TestServer two = TestServer.start(new ResourceConfig(Items.class).register(feature));
    TestServer three = TestServer.start(new ResourceConfig(Items.class).register(derived));
    open.add(three);
    counting.create(new McpTaskStore.Entry("t-1", 1, "{}", Instant.now().plusSeconds(600)));

    one.close();
    two.close();
    assertThat(closes).as("closed while an application still uses it").hasValue(0);
    assertThat(counting.find("t-1"))
        .as("the task outlives the applications that stopped")
        .isPresent();
    open.remove(three);
    three.close();
    assertThat(closes).as("closed once, after the last application").hasValue(1);
  }

  @Test
  void theDefaultStoreOfAFeatureInTwoApplicationsOutlivesTheFirstToStop() throws Exception {
    McpFeature feature = McpFeature.builder().build();
    McpTaskStore store = feature.tasks().store();
    TestServer one = TestServer.start(new ResourceConfig(Items.class).register(feature));
    TestServer two = TestServer.start(new ResourceConfig(Items.class).register(feature));
    open.add(two);
    store.create(new McpTaskStore.Entry("t-2", 1, "{}", Instant.now().plusSeconds(600)));
    one.close();
    assertThat(store.find("t-2")).as("the other application's tasks").isPresent();
  }

  @Test
  void aBuilderThatWasBuiltGoesOnWithoutChangingWhatItBuilt() {
    McpFeature.Builder builder = McpFeature.builder().pageSize(10);
    McpFeature first = builder.build();
    McpFeature second = builder.pageSize(20).build();
    assertThat(first.pageSize()).isEqualTo(10);
    assertThat(second.pageSize()).isEqualTo(20);
  }

  @Test
  void aFeatureInTwoApplicationsReachesBothAndEachEndsAlone() throws Exception {
    AtomicInteger watching = new AtomicInteger();
    McpFeature feature =
        McpFeature.builder()
            .debounce(Duration.ZERO)
            .watch(
                "app://items/{id}",
                t -> {
                  watching.incrementAndGet();
                  return watching::decrementAndGet;
                })
            .build();
    TestServer one = TestServer.start(new ResourceConfig(Items.class).register(feature));
    TestServer two = TestServer.start(new ResourceConfig(Items.class).register(feature));
    open.add(one);
    open.add(two);
    try (SseRecorder atOne = listen(one, 1);
        SseRecorder atTwo = listen(two, 2)) {
      atOne.next(); // acknowledgements
      atTwo.next();
      assertThat(watching).as("a watcher per application").hasValue(2);

      assertThat(feature.changes().changed(ITEM)).isEqualTo(2);
      assertUpdated(atOne.next());
      assertUpdated(atTwo.next());

      one.close();
      JsonNode completion = atOne.next(); // the first application ended its stream
      assertThat(completion.path("result").path("resultType").asText()).isEqualTo("complete");
      atOne.assertEnds();
      assertThat(watching).as("only the stopped application's watcher stopped").hasValue(1);

      assertThat(feature.changes().changed(ITEM)).isEqualTo(1);
      assertUpdated(atTwo.next());
    }
  }

  @Test
  void aDerivedFeatureHasChangesOfItsOwn() throws Exception {
    McpFeature original = McpFeature.builder().debounce(Duration.ZERO).build();
    McpFeature derived = original.newBuilder().name("derived").build();
    TestServer server = TestServer.start(new ResourceConfig(Items.class).register(derived));
    open.add(server);
    try (SseRecorder stream = listen(server, 1)) {
      stream.next(); // acknowledgement

      assertThat(original.changes().changed(ITEM))
          .as("the original feature is registered nowhere")
          .isZero();
      assertThat(derived.changes().changed(ITEM)).isEqualTo(1);
      assertUpdated(stream.next());
    }
  }

  private static void assertUpdated(JsonNode message) {
    assertThat(message.path("method").asText()).isEqualTo("notifications/resources/updated");
    assertThat(message.path("params").path("uri").asText()).isEqualTo(ITEM);
  }

  private static SseRecorder listen(TestServer server, int id) throws Exception {
    return SseRecorder.post(
        server.mcpUrl(),
        Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
        Mcp.body(
                id,
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of(ITEM))))
            .toString());
  }
}
