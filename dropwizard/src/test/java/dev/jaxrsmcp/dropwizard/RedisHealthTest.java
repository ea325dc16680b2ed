package dev.jaxrsmcp.dropwizard;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.redis.RedisServer;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * With {@code mcp.redis.url} the bundle registers the health check {@code mcp-redis}, read over the
 * admin connector: healthy while Redis is there, unhealthy once it is gone, healthy again when it
 * is back. Without a URL there is no such check.
 */
class RedisHealthTest {
  private static JsonPath health(DropwizardTestSupport<?> app) {
    return given()
        .get("http://127.0.0.1:" + app.getAdminPort() + "/admin/healthcheck")
        .then()
        .extract()
        .jsonPath();
  }

  @Test
  void followsTheRedisConnection() throws Exception {
    try (RedisServer redis = RedisServer.startOnFreePort()) {
      DropwizardTestSupport<NotesApplication.NotesConfiguration> app =
          new DropwizardTestSupport<>(
              NotesApplication.class,
              ResourceHelpers.resourceFilePath("notes.yml"),
              ConfigOverride.config("mcp.redis.url", redis.uri()));
      app.before();
      try {
        await()
            .atMost(Duration.ofSeconds(20))
            .until(() -> health(app).getBoolean("'mcp-redis'.healthy"));
        assertThat(health(app).getString("'mcp-redis'.message"))
            .isEqualTo("connected, channel jaxrs-mcp:changes");

        redis.stop();
        await()
            .atMost(Duration.ofSeconds(20))
            .until(() -> !health(app).getBoolean("'mcp-redis'.healthy"));
        assertThat(health(app).getString("'mcp-redis'.message"))
            .isEqualTo("not connected: Redis at 127.0.0.1:" + redis.port());

        redis.start();
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> health(app).getBoolean("'mcp-redis'.healthy"));
      } finally {
        app.after();
      }
    }
  }

  @Test
  void withoutRedisThereIsNoRedisCheck() throws Exception {
    DropwizardTestSupport<NotesApplication.NotesConfiguration> app =
        new DropwizardTestSupport<>(
            NotesApplication.class, ResourceHelpers.resourceFilePath("notes.yml"));
    app.before();
    try {
      assertThat(health(app).getMap("")).doesNotContainKey("mcp-redis").containsKey("deadlocks");
    } finally {
      app.after();
    }
  }
}
