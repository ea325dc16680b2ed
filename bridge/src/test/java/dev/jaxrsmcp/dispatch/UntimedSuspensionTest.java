package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.InMemoryContainer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On a container that only suspends without a time limit (Helidon's Jersey container throws {@code
 * UnsupportedOperationException} for a timeout), async reads answer as on any other container and
 * still time out after the read timeout: the bridge times them itself (issue 37). The bridge's
 * timers run on a {@link VirtualTime}: a timeout is checked at the instant it is due, not after a
 * wall-clock wait.
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

  static final Duration READ_TIMEOUT = Duration.ofSeconds(1);

  final VirtualTime time = new VirtualTime();
  InMemoryContainer container;

  @BeforeEach
  void start() {
    container =
        new InMemoryContainer(
            new ResourceConfig(Routes.class)
                .register(McpFeature.builder().readTimeout(READ_TIMEOUT).build())
                .property(Time.PROPERTY, time),
            InMemoryContainer.Kind.UNTIMED_SUSPENSION);
  }

  @AfterEach
  void close() {
    container.close();
  }

  @AfterAll
  static void stop() {
    RELEASE.countDown();
    WORKERS.shutdownNow();
  }

  private String read(String uri) throws Exception {
    return answer(container.mcp("resources/read", uri, Map.of("uri", uri)));
  }

  private static String answer(InMemoryContainer.Exchange exchange) throws Exception {
    assertThat(exchange.awaitEnd()).as("committed, not failed").isTrue();
    assertThat(exchange.status()).isEqualTo(200);
    return exchange.body();
  }

  /**
   * Starts a read and waits (real time) until the bridge has set its first timer, due at {@code
   * due}.
   */
  private InMemoryContainer.Exchange suspended(String uri, Duration due) {
    InMemoryContainer.Exchange exchange = container.mcp("resources/read", uri, Map.of("uri", uri));
    await("the bridge's first timer, due at " + due)
        .atMost(Duration.ofSeconds(10))
        .until(() -> time.nextDue().equals(Optional.of(due)));
    return exchange;
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
    InMemoryContainer.Exchange exchange = suspended("app://never", READ_TIMEOUT);
    time.advanceTo(READ_TIMEOUT.minusMillis(1));
    assertThat(time.nextDue()).as("the timeout is still due at 1 s").contains(READ_TIMEOUT);
    assertThat(exchange.ended()).as("still waiting at 999 ms").isFalse();
    time.advanceTo(READ_TIMEOUT);
    assertThat(answer(exchange))
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                + "\"message\":\"Read timed out after 1000 ms\"}}");
  }

  @Test
  void aRouteThatSetsItsOwnTimeoutGetsItsOwnHandler() throws Exception {
    InMemoryContainer.Exchange exchange = suspended("app://own", Duration.ofMillis(200));
    time.advanceTo(Duration.ofMillis(199));
    assertThat(time.nextDue())
        .as("its timeout is still due at 200 ms")
        .contains(Duration.ofMillis(200));
    assertThat(exchange.ended()).as("still waiting at 199 ms").isFalse();
    time.advanceTo(Duration.ofMillis(200));
    assertThat(answer(exchange)).contains("\"text\":\"own timeout\"").doesNotContain("\"error\"");
  }
}
