package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.annotation.Priority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Legacy sessions bound to the authenticated principal (the default), with the header hash as the
 * fallback for requests without one; the per-caller session quota; and the short life of sessions
 * whose client never confirms the handshake.
 */
class PrincipalBindingTest {
  static final AtomicInteger RUNS = new AtomicInteger();

  @Path("/items")
  public static class Items {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://items")
    public String items() {
      RUNS.incrementAndGet();
      return "items";
    }
  }

  /** {@code Authorization: Bearer <user>-<token>} authenticates {@code <user>}. */
  @Priority(Priorities.AUTHENTICATION)
  public static class Tokens implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      String authorization = request.getHeaderString("Authorization");
      if (authorization == null || !authorization.startsWith("Bearer ")) {
        return;
      }
      Principal user = () -> authorization.substring(7).split("-", 2)[0];
      request.setSecurityContext(
          new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
              return user;
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
              return "Bearer";
            }
          });
    }
  }

  private TestServer server;

  private void start(McpFeature.Builder feature) {
    server =
        TestServer.start(new ResourceConfig(Items.class, Tokens.class).register(feature.build()));
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private Response read(String session, String authorization) {
    return new LegacyClient(server.mcpUrl(), authorization)
        .call(session, 3, "resources/read", Map.of("uri", "app://items"));
  }

  private static void assertSessionNotFound(Response response, String caller) {
    assertThat(response.statusCode()).as(caller).isEqualTo(404);
    assertThat(response.jsonPath().getString("error.message"))
        .as(caller)
        .startsWith("Session not found");
    assertThat(response.jsonPath().getString("result")).as(caller).isNull();
  }

  /**
   * Reads run in place and are seen before the application's filters; after a token refresh the
   * owner is told by principal once the filters ran, before the route: interleaved with another
   * principal and with callers that have none, only the owner reads, and the route never runs for
   * anyone else.
   */
  @Test
  void readsOfARefreshedTokenKeepTheSessionAndOthersAreRefusedBeforeTheRoute() {
    start(McpFeature.builder());
    String session = new LegacyClient(server.mcpUrl(), "Bearer alice-1").start();
    for (int round = 2; round < 6; round++) {
      int before = RUNS.get();
      Response own = read(session, "Bearer alice-" + round);
      own.then().statusCode(200);
      assertThat(own.jsonPath().getString("result.contents[0].text")).isEqualTo("items");
      assertThat(RUNS.get()).isEqualTo(before + 1);

      assertSessionNotFound(read(session, "Bearer bob-" + round), "another principal");
      assertSessionNotFound(read(session, null), "anonymous");
      assertSessionNotFound(read(session, "Basic YWxpY2U6eA=="), "no principal, other headers");
      assertThat(RUNS.get()).as("the route ran only for the owner").isEqualTo(before + 1);
    }
    ping(session, "Bearer alice-9").then().statusCode(200); // the session is still alice's
  }

  @Test
  void readsWithPrincipalBindingOffAreBoundToTheHeaders() {
    start(McpFeature.builder().sessionBindsPrincipal(false));
    String session = new LegacyClient(server.mcpUrl(), "Bearer alice-1").start();
    int before = RUNS.get();

    assertSessionNotFound(read(session, "Bearer alice-2"), "a refreshed token");
    assertThat(RUNS.get()).isEqualTo(before);
    read(session, "Bearer alice-1").then().statusCode(200);
  }

  private Response ping(String session, String authorization) {
    return new LegacyClient(server.mcpUrl(), authorization).call(session, 2, "ping", Map.of());
  }

  @Test
  void aRefreshedTokenOfTheSamePrincipalKeepsTheSession() {
    start(McpFeature.builder());
    String session = new LegacyClient(server.mcpUrl(), "Bearer alice-1").start();

    ping(session, "Bearer alice-2").then().statusCode(200);
    ping(session, "Bearer alice-3").then().statusCode(200);
  }

  @Test
  void anotherPrincipalOrNoneIsRefusedAsIfTheSessionDidNotExist() {
    start(McpFeature.builder());
    String session = new LegacyClient(server.mcpUrl(), "Bearer alice-1").start();

    assertThat(ping(session, "Bearer bob-1").statusCode()).isEqualTo(404);
    assertThat(ping(session, "Basic YWxpY2U6eA==").statusCode())
        .as("no principal: the header hash, which a principal-bound session never matches")
        .isEqualTo(404);
    assertThat(ping(session, null).statusCode()).isEqualTo(404);
    ping(session, "Bearer alice-1").then().statusCode(200);
  }

  @Test
  void withoutAPrincipalTheHeadersAreBound() {
    start(McpFeature.builder());
    String session = new LegacyClient(server.mcpUrl(), "Basic YWxpY2U6eA==").start();

    ping(session, "Basic YWxpY2U6eA==").then().statusCode(200);
    assertThat(ping(session, "Basic Ym9iOng=").statusCode()).isEqualTo(404);
    assertThat(ping(session, "Bearer alice-1").statusCode()).isEqualTo(404);
  }

  @Test
  void principalBindingOffBindsTheHeadersEvenWithAPrincipal() {
    start(McpFeature.builder().sessionBindsPrincipal(false));
    String session = new LegacyClient(server.mcpUrl(), "Bearer alice-1").start();

    assertThat(ping(session, "Bearer alice-2").statusCode()).isEqualTo(404);
    ping(session, "Bearer alice-1").then().statusCode(200);
  }

  /**
   * Each principal has its own quota, whatever token it presents; at the limit its least recently
   * used idle session is ended to make room (contract section 15), and another caller's sessions
   * are never touched.
   */
  @Test
  void eachCallerHasItsOwnSessionQuota() {
    start(McpFeature.builder().maxSessionsPerCaller(2));
    String bobs = new LegacyClient(server.mcpUrl(), "Bearer bob-1").start();
    String first = new LegacyClient(server.mcpUrl(), "Bearer alice-1").start();
    String second = new LegacyClient(server.mcpUrl(), "Bearer alice-2").start();

    io.restassured.response.Response third =
        io.restassured.RestAssured.given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .header("Authorization", "Bearer alice-3")
            .body(Bodies.initialize())
            .post(server.mcpUrl());
    assertThat(third.statusCode()).isEqualTo(200);
    assertThat(third.header("Mcp-Session-Id")).isNotBlank();
    assertThat(ping(first, "Bearer alice-1").statusCode()).as("made room").isEqualTo(404);
    ping(second, "Bearer alice-2").then().statusCode(200);
    ping(bobs, "Bearer bob-1").then().statusCode(200); // another caller: its own quota
    new LegacyClient(server.mcpUrl(), null).start(); // anonymous: another one
  }

  @Test
  void aSessionWhoseClientNeverConfirmsTheHandshakeEndsSoon() {
    start(McpFeature.builder().sessionHandshakeTimeout(Duration.ofMillis(300)));
    String unconfirmed =
        io.restassured.RestAssured.given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .body(Bodies.initialize())
            .post(server.mcpUrl())
            .header("Mcp-Session-Id");
    String confirmed = new LegacyClient(server.mcpUrl()).start();

    // Any request would confirm it: the first look comes well after the timeout.
    await()
        .pollDelay(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(20))
        .until(() -> ping(unconfirmed, null).statusCode() == 404);
    ping(confirmed, null).then().statusCode(200); // the idle timeout (30 min) applies to it
  }

  @Test
  void handshakeTimeoutMustBePositive() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> McpFeature.builder().sessionHandshakeTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sessionHandshakeTimeout must be positive (found PT0S)");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> McpFeature.builder().maxSessionsPerCaller(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxSessionsPerCaller must be at least 1 (found 0)");
  }
}
