package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.InMemoryContainer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.hk2.utilities.binding.AbstractBinder;
import org.glassfish.jersey.internal.inject.InjectionManager;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.spi.ExternalRequestContext;
import org.glassfish.jersey.server.spi.ExternalRequestScope;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A listen whose response the container failed never counts as told: {@code changed()} answers 0
 * for it at once, not only once a keep-alive found it dead (issue 37). The failure is Helidon's of
 * issue 37: the request's end fails after the stream's head was written (there Weld's request scope
 * threw at close), Jersey's error response cannot be written over it, and Jersey tells the
 * container the response failed.
 */
class FailedStreamStartTest {
  @Path("/news")
  public static class News {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://news", subscribe = true)
    public String news() {
      return "news";
    }
  }

  /**
   * An external request scope whose close fails for the outermost request of a thread (as Weld's
   * did with its context gone), not for the in-process reads nested in it.
   */
  static final class FailingClose implements ExternalRequestScope<Object> {
    private final ThreadLocal<Integer> depth = ThreadLocal.withInitial(() -> 0);
    final AtomicInteger opened = new AtomicInteger();

    @Override
    public ExternalRequestContext<Object> open(InjectionManager injection) {
      opened.incrementAndGet();
      depth.set(depth.get() + 1);
      return new ExternalRequestContext<>(new Object());
    }

    @Override
    public void suspend(ExternalRequestContext<Object> context, InjectionManager injection) {}

    @Override
    public void resume(ExternalRequestContext<Object> context, InjectionManager injection) {}

    @Override
    public void close() {
      depth.set(depth.get() - 1);
      if (depth.get() == 0) {
        throw new IllegalStateException("the request context is gone");
      }
    }
  }

  final FailingClose scope = new FailingClose();
  McpFeature feature;
  InMemoryContainer container;

  @BeforeEach
  void start() {
    feature = McpFeature.builder().build();
    container =
        new InMemoryContainer(
            new ResourceConfig(News.class)
                .register(
                    new AbstractBinder() {
                      @Override
                      protected void configure() {
                        bind(scope).to(ExternalRequestScope.class).ranked(50);
                      }
                    })
                .register(feature),
            InMemoryContainer.Kind.HEAD_ONCE);
  }

  @AfterEach
  void stop() {
    container.close();
  }

  @Test
  void aListenWhoseResponseFailedIsNotTold() throws Exception {
    InMemoryContainer.Exchange listen =
        container.mcp(
            "subscriptions/listen",
            null,
            Map.of("notifications", Map.of("resourceSubscriptions", List.of("app://news"))));

    assertThat(listen.status()).as("the head was written").isEqualTo(200);
    listen.awaitEnd(); // failed, and closed
    assertThat(scope.opened).as("the listen and its readability read").hasValue(2);
    assertThat(feature.changes().changed("app://news")).isZero();
    assertThat(listen.thrown()).as("Jersey threw to the container").isPresent();
  }
}
