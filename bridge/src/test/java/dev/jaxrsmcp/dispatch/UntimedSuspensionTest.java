package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.InMemoryContainer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On a container that only suspends without a time limit (Helidon's Jersey container throws {@code
 * UnsupportedOperationException} for a timeout), async reads answer as on any other container and
 * still time out after the read timeout: the bridge times them itself (issue 37).
 */
class UntimedSuspensionTest {
  static final ExecutorService WORKERS = Executors.newFixedThreadPool(2);
  static final CountDownLatch RELEASE = new CountDownLatch(1);

  @Path("/async")
  @Produces("text/plain")
  public static class Routes {
    @GET
    @Path("/suspended/{id}")
    @McpResource(uri = "app://suspended/{id}")
    public void suspended(@PathParam("id") String id, @Suspended AsyncResponse response) {
      WORKERS.submit(() -> response.resume("suspended " + id));
    }

    @GET
    @Path("/never")
    @McpResource(uri = "app://never")
    public void never(@Suspended AsyncResponse response) {
      WORKERS.submit(
          () -> {
            try {
              RELEASE.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            response.resume("too late");
          });
    }

    /** Sets its own, shorter timeout, with its own handler. */
    @GET
    @Path("/own")
    @McpResource(uri = "app://own")
    public void own(@Suspended AsyncResponse response) {
      response.setTimeoutHandler(r -> r.resume("own timeout"));
      response.setTimeout(200, TimeUnit.MILLISECONDS);
    }
  }

  static InMemoryContainer container;

  @BeforeAll
  static void start() {
    container =
        new InMemoryContainer(
            new ResourceConfig(Routes.class)
                .register(McpFeature.builder().readTimeout(Duration.ofSeconds(1)).build()),
            InMemoryContainer.Kind.UNTIMED_SUSPENSION);
  }

  @AfterAll
  static void stop() {
    RELEASE.countDown();
    container.close();
    WORKERS.shutdownNow();
  }

  private static String read(String uri) throws Exception {
    InMemoryContainer.Exchange exchange = container.mcp("resources/read", uri, Map.of("uri", uri));
    assertThat(exchange.awaitEnd()).as("committed, not failed").isTrue();
    assertThat(exchange.status()).isEqualTo(200);
    return exchange.body();
  }

  @Test
  void aSuspendedReadResumedOnAnotherThreadGivesItsContents() throws Exception {
    assertThat(read("app://suspended/7"))
        .contains("\"contents\":[{\"uri\":\"app://suspended/7\"")
        .contains("\"text\":\"suspended 7\"")
        .doesNotContain("\"error\"");
  }

  @Test
  void aReadThatNeverAnswersTimesOutAfterTheReadTimeout() throws Exception {
    assertThat(read("app://never"))
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                + "\"message\":\"Read timed out after 1000 ms\"}}");
  }

  @Test
  void aRouteThatSetsItsOwnTimeoutGetsItsOwnHandler() throws Exception {
    assertThat(read("app://own")).contains("\"text\":\"own timeout\"").doesNotContain("\"error\"");
  }
}
