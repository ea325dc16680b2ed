package dev.jaxrsmcp.dropwizard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import io.restassured.RestAssured;
import java.time.Duration;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The bundle times MCP operations in the environment's {@code MetricRegistry}: per method and
 * template, never per concrete URI; failures apart; legacy sessions. Read through the registry and
 * through the admin connector's {@code /metrics}.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class OperationTimersTest {
  static final DropwizardAppExtension<NotesApplication.NotesConfiguration> APP =
      new DropwizardAppExtension<>(
          NotesApplication.class, ResourceHelpers.resourceFilePath("notes.yml"));

  private static final String READS =
      "mcp.server.operation.duration.resources/read.app://notes/{id}";

  private static Mcp mcp() {
    return new Mcp("http://127.0.0.1:" + APP.getLocalPort() + "/ai");
  }

  private static long count(String name) {
    Timer timer = APP.getEnvironment().metrics().getTimers().get(name);
    return timer == null ? 0 : timer.getCount();
  }

  @Test
  void readsOfManyNotesShareTheirTemplatesTimer() {
    long before = count(READS);
    for (int i = 1; i <= 4; i++) {
      mcp().read("app://notes/" + i).then().statusCode(200);
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> count(READS) == before + 4);

    SortedMap<String, Timer> timers = APP.getEnvironment().metrics().getTimers();
    assertThat(timers.keySet())
        .filteredOn(name -> name.startsWith("mcp.server.operation.duration.resources/read"))
        .allMatch(name -> !name.matches(".*app://notes/\\d.*"));
    Map<String, Object> admin =
        RestAssured.get("http://127.0.0.1:" + APP.getAdminPort() + "/admin/metrics")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getMap("timers");
    assertThat(admin).containsKey(READS);
  }

  @Test
  void aToolCallIsTimedUnderItsToolAndAnUnknownUriUnderItsMethodAsAFailure() {
    mcp()
        .call("tools/call", Map.of("name", "note", "arguments", Map.of("id", "5")))
        .then()
        .statusCode(200);
    String tool = MetricRegistry.name("mcp.server.operation.duration", "tools/call", "note");
    await().atMost(Duration.ofSeconds(10)).until(() -> count(tool) >= 1);

    String failed = "mcp.server.operation.duration.resources/read.errors";
    long before = count(failed);
    assertThat(mcp().read("app://elsewhere/1").jsonPath().getInt("error.code")).isEqualTo(-32602);
    await()
        .atMost(Duration.ofSeconds(10))
        .alias("timers: " + APP.getEnvironment().metrics().getTimers().keySet())
        .until(() -> count(failed) == before + 1);
    assertThat(APP.getEnvironment().metrics().getTimers().keySet())
        .noneMatch(name -> name.contains("elsewhere"));
  }

  @Test
  void aLegacySessionIsTimedWhenItEnds() {
    long before = count("mcp.server.session.duration");
    LegacyClient legacy = new LegacyClient("http://127.0.0.1:" + APP.getLocalPort() + "/ai");
    String session = legacy.start();
    legacy.delete(session).then().statusCode(204);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> count("mcp.server.session.duration") == before + 1);
  }
}
