package dev.jaxrsmcp.redis;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.tasks.McpTasks;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TaskClient;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.specification.RequestSpecification;
import jakarta.annotation.Priority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 31, findings 1 and 10 across instances: with an application that authenticates by an
 * API-key header (no {@code Authorization}, no cookie), a task made on one instance is its
 * creator's on both instances sharing one Redis, and nobody else's: another key, and a caller with
 * none, are answered as for an unknown task on either instance.
 */
class ApiKeyTasksAcrossInstancesTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  RedisServer redis;

  @BeforeEach
  void startRedis() throws Exception {
    redis = RedisServer.startOnFreePort();
  }

  @AfterEach
  void stopRedis() throws Exception {
    redis.close();
  }

  /** {@code X-Api-Key: key-<name>} authenticates {@code <name>}; reports need someone. */
  @Priority(Priorities.AUTHENTICATION)
  public static final class ApiKeys implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      String key = request.getHeaderString("X-Api-Key");
      if (key != null && key.startsWith("key-")) {
        String name = key.substring(4);
        request.setSecurityContext(
            new SecurityContext() {
              @Override
              public Principal getUserPrincipal() {
                return () -> name;
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
                return "API-KEY";
              }
            });
      } else if (request.getUriInfo().getPath().startsWith("reports")) {
        request.abortWith(Response.status(401).header("WWW-Authenticate", "ApiKey").build());
      }
    }
  }

  @Path("/reports")
  public static class Reports {
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource(
        uri = "app://reports/{name}",
        name = "report",
        longRunning = true,
        taskSupport = McpResource.TaskSupport.OPTIONAL)
    public String report(@PathParam("name") String name, @Context SecurityContext security) {
      return "PRIVATE report " + name + " of " + security.getUserPrincipal().getName();
    }
  }

  TestServer instance(String prefix) {
    return TestServer.start(
        new ResourceConfig(Reports.class, ApiKeys.class)
            .register(
                McpFeature.builder()
                    .tasks(
                        McpTasks.builder()
                            .store(RedisTaskStore.builder(redis.uri()).keyPrefix(prefix).build())
                            .pollInterval(Duration.ofMillis(300))
                            .build())
                    .build()));
  }

  private static JsonNode post(
      TestServer server, Optional<String> apiKey, String method, String name, Map<String, ?> p)
      throws Exception {
    ObjectNode body = Mcp.body(1, method, p);
    ((ObjectNode) body.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities"))
        .putObject("extensions")
        .putObject(TaskClient.EXTENSION);
    RequestSpecification spec =
        given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", method)
            .header("Mcp-Name", name);
    apiKey.ifPresent(k -> spec.header("X-Api-Key", k));
    return MAPPER.readTree(spec.body(body.toString()).post(server.mcpUrl()).asString());
  }

  private static String status(TestServer server, Optional<String> key, String taskId)
      throws Exception {
    JsonNode got = post(server, key, "tasks/get", taskId, Map.of("taskId", taskId));
    return got.has("error")
        ? "error " + got.path("error").path("code").asInt()
        : got.path("result").path("status").asText();
  }

  @Test
  void aTaskIsItsCreatorsOnEveryInstanceAndNobodyElses() throws Exception {
    String prefix = "svc-" + UUID.randomUUID() + ":";
    try (TestServer a = instance(prefix);
        TestServer b = instance(prefix)) {
      Optional<String> alice = Optional.of("key-alice");
      JsonNode created =
          post(
              a,
              alice,
              "tools/call",
              "report",
              Map.of("name", "report", "arguments", Map.of("name", "q3")));
      String taskId = created.path("result").path("taskId").asText();
      assertThat(taskId).as(created.toString()).isNotEmpty();
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> status(b, alice, taskId), "completed"::equals);
      assertThat(
              post(b, alice, "tasks/get", taskId, Map.of("taskId", taskId))
                  .at("/result/result/content/0/text")
                  .asText())
          .isEqualTo("PRIVATE report q3 of alice");
      for (TestServer instance : List.of(a, b)) {
        for (Optional<String> other : List.of(Optional.of("key-bob"), Optional.<String>empty())) {
          JsonNode refused = post(instance, other, "tasks/get", taskId, Map.of("taskId", taskId));
          assertThat(refused.at("/error/code").asInt()).as("%s", other).isEqualTo(-32602);
          assertThat(refused.toString()).doesNotContain("PRIVATE");
          assertThat(
                  post(instance, other, "tasks/cancel", taskId, Map.of("taskId", taskId))
                      .at("/error/code")
                      .asInt())
              .isEqualTo(-32602);
        }
      }
      assertThat(status(a, alice, taskId)).isEqualTo("completed");
    }
  }
}
