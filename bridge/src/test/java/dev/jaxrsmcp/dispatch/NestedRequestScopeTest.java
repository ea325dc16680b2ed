package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.InMemoryContainer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * In-process reads nested in an MCP request (a listen's readability read, a template's members)
 * leave the container's external request scope as they found it: with a scope that keeps one
 * context per thread, as Weld's does where Jersey runs on Weld (Helidon MP), the outer request goes
 * on and ends in its own context (issue 37).
 */
class NestedRequestScopeTest {
  /**
   * Weld's {@code WeldRequestScope} in miniature: the thread's current context in a thread-local,
   * replaced by {@code open}, removed by {@code suspend} and {@code close}; a close with no context
   * is the NPE Weld's bound request context throws.
   */
  static final class ThreadBoundScope implements ExternalRequestScope<Map<String, Object>> {
    final ThreadLocal<Map<String, Object>> current = new ThreadLocal<>();
    final Queue<String> problems = new ConcurrentLinkedQueue<>();
    final AtomicInteger opened = new AtomicInteger();
    final AtomicInteger closed = new AtomicInteger();

    @Override
    public ExternalRequestContext<Map<String, Object>> open(InjectionManager injection) {
      Map<String, Object> context = new ConcurrentHashMap<>();
      context.put("id", opened.incrementAndGet());
      current.set(context);
      return new ExternalRequestContext<>(context);
    }

    @Override
    public void suspend(
        ExternalRequestContext<Map<String, Object>> context, InjectionManager injection) {
      current.remove();
    }

    @Override
    public void resume(
        ExternalRequestContext<Map<String, Object>> context, InjectionManager injection) {
      current.set(context.getContext());
    }

    @Override
    public void close() {
      Map<String, Object> context = current.get();
      if (context == null) {
        problems.add("close() with no active context");
        return;
      }
      context.put("closed", true);
      closed.incrementAndGet();
      current.remove();
    }
  }

  /** Notes each request's context as it starts, and complains when it ends in another. */
  static final class ContextCheck implements ContainerRequestFilter, ContainerResponseFilter {
    private final ThreadBoundScope scope;

    ContextCheck(ThreadBoundScope scope) {
      this.scope = scope;
    }

    @Override
    public void filter(ContainerRequestContext request) {
      request.setProperty("context.at.start", scope.current.get());
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
      Object atStart = request.getProperty("context.at.start");
      Map<String, Object> now = scope.current.get();
      if (atStart == null || now != atStart) {
        scope.problems.add(
            request.getUriInfo().getRequestUri().getPath()
                + " started in "
                + atStart
                + " and ended in "
                + now);
      }
    }
  }

  @Path("/items")
  @Produces(MediaType.TEXT_PLAIN)
  public static class Items {
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public String all() {
      return "[\"a\",\"b\"]";
    }

    @GET
    @Path("/{name}")
    @McpResource(uri = "app://items/{name}", listFrom = "/items", subscribe = true)
    public String item(@PathParam("name") String name) {
      return "item " + name;
    }
  }

  ThreadBoundScope scope;
  McpFeature feature;
  InMemoryContainer container;

  @BeforeEach
  void start() {
    scope = new ThreadBoundScope();
    feature = McpFeature.builder().keepAlive(Duration.ofSeconds(60)).build();
    ThreadBoundScope bound = scope;
    container =
        new InMemoryContainer(
            new ResourceConfig(Items.class)
                .register(new ContextCheck(scope))
                .register(
                    new AbstractBinder() {
                      @Override
                      protected void configure() {
                        // Above Jersey's no-op scope, as Jersey's CDI integration binds Weld's.
                        bind(bound).to(ExternalRequestScope.class).ranked(50);
                      }
                    })
                .register(feature),
            InMemoryContainer.Kind.PLAIN);
  }

  @AfterEach
  void stop() {
    container.close();
  }

  @Test
  void templateMembersReadInProcessLeaveTheListRequestInItsContext() throws Exception {
    InMemoryContainer.Exchange list = container.mcp("resources/list", null, Map.of());

    assertThat(list.awaitEnd()).as("committed, not failed").isTrue();
    assertThat(list.body())
        .contains("\"uri\":\"app://items/a\"")
        .contains("\"uri\":\"app://items/b\"")
        .doesNotContain("\"error\"");
    assertThat(scope.problems).isEmpty();
    assertThat(scope.closed).hasValue(scope.opened.get()); // the list request's and the members'
    assertThat(scope.opened).hasValue(2);
  }

  @Test
  void aListenWhoseReadabilityWasReadInProcessStaysOpenAndIsTold() throws Exception {
    InMemoryContainer.Exchange listen =
        container.mcp(
            "subscriptions/listen",
            null,
            Map.of("notifications", Map.of("resourceSubscriptions", List.of("app://items/a"))));

    assertThat(listen.status()).isEqualTo(200);
    listen.awaitBody("notifications/subscriptions/acknowledged");
    assertThat(listen.ended()).as("the listen ended").isFalse();
    assertThat(scope.problems).isEmpty();
    assertThat(feature.changes().changed("app://items/a")).isEqualTo(1);
    listen.awaitBody("notifications/resources/updated");
    assertThat(listen.ended()).as("the listen ended").isFalse();
    assertThat(scope.problems).isEmpty();
  }
}
