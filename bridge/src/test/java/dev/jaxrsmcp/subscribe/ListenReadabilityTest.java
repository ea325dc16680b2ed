package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The readability checks of a listen: a URI whose read fails or times out is left out and the
 * others are honoured; the checks together get one read timeout, and what is not read by then is
 * left out; a listen whose every read asked for authentication is answered 401 with the route's
 * challenge, as a read would be.
 */
class ListenReadabilityTest {
  static final List<AsyncResponse> NEVER_ANSWERED = new CopyOnWriteArrayList<>();

  @Path("/r")
  public static class Routes {
    @GET
    @Path("/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://r/{id}", subscribe = true)
    public jakarta.ws.rs.core.Response item(
        @PathParam("id") String id, @HeaderParam("Authorization") String authorization) {
      if (id.startsWith("auth") && authorization == null) {
        return jakarta.ws.rs.core.Response.status(401)
            .header("WWW-Authenticate", "Bearer realm=\"r\"")
            .build();
      }
      if (id.equals("boom")) {
        throw new IllegalStateException("boom");
      }
      return jakarta.ws.rs.core.Response.ok("item " + id).build();
    }

    @GET
    @Path("/slow/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://slow/{id}", subscribe = true)
    public void slow(@PathParam("id") String id, @Suspended AsyncResponse response) {
      NEVER_ANSWERED.add(response); // its read times out
    }
  }

  private TestServer server;

  private void start() {
    server =
        TestServer.start(
            new ResourceConfig(Routes.class)
                .register(
                    McpFeature.builder()
                        .readTimeout(Duration.ofMillis(500))
                        .watch("app://r/{id}", target -> () -> {})
                        .watch("app://slow/{id}", target -> () -> {})
                        .build()));
  }

  @AfterEach
  void stop() {
    NEVER_ANSWERED.forEach(r -> r.resume("late"));
    NEVER_ANSWERED.clear();
    if (server != null) {
      server.close();
    }
  }

  private static String body(List<String> uris) {
    return Mcp.body(
            5,
            "subscriptions/listen",
            Map.of("notifications", Map.of("resourceSubscriptions", uris)))
        .toString();
  }

  private JsonNode acknowledged(List<String> uris, String authorization) throws Exception {
    Map<String, String> headers =
        new java.util.HashMap<>(
            Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"));
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    try (SseRecorder stream = SseRecorder.post(server.mcpUrl(), headers, body(uris))) {
      assertThat(stream.status()).isEqualTo(200);
      return stream.next().at("/params/notifications/resourceSubscriptions");
    }
  }

  @Test
  void aReadThatFailsIsLeftOutAndTheOthersAreHonoured() throws Exception {
    start();

    JsonNode honoured =
        acknowledged(List.of("app://r/a", "app://r/boom", "app://r/b", "app://slow/1"), null);

    assertThat(honoured.toString()).isEqualTo("[\"app://r/a\",\"app://r/b\"]");
  }

  @Test
  void whatIsNotReadWithinTheReadTimeoutIsLeftOut() throws Exception {
    start();

    JsonNode honoured = acknowledged(List.of("app://r/a", "app://slow/1", "app://r/b"), null);

    assertThat(honoured.toString())
        .as("the timed-out read took the whole budget: app://r/b was not checked")
        .isEqualTo("[\"app://r/a\"]");
  }

  @Test
  void aListenWhoseEveryReadAskedForAuthenticationIsAnswered401WithTheChallenge() {
    start();

    Response response =
        new Mcp(server.mcpUrl())
            .request("subscriptions/listen", null)
            .body(body(List.of("app://r/auth1", "app://nowhere/1", "app://r/auth2")))
            .post(server.mcpUrl());

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"r\"");
    assertThat(response.jsonPath().getInt("error.code")).isEqualTo(-32603);
    assertThat(response.jsonPath().getInt("error.data.status")).isEqualTo(401);
    assertThat(response.jsonPath().getInt("id")).isEqualTo(5);
  }

  @Test
  void withOneReadableUriAnUnauthorizedOneIsLeftOut() throws Exception {
    start();

    assertThat(acknowledged(List.of("app://r/auth1", "app://r/a"), null).toString())
        .isEqualTo("[\"app://r/a\"]");
    assertThat(acknowledged(List.of("app://r/auth1", "app://r/a"), "Bearer x").toString())
        .isEqualTo("[\"app://r/auth1\",\"app://r/a\"]");
  }
}
