package dev.jaxrsmcp.asking;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.annotation.Priority;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A 2025-11-25 confirmation the user declines, for a route shaped as the demo's write tool (a JSON
 * body, a JSON answer, {@code @RolesAllowed}): the call's stream, which started with the question,
 * ends with the error result, and the route does not run. Found by the TypeScript SDK 1.x client
 * (demo-service's {@code TsInteropTest}), which waited for that answer forever: the bridge tried to
 * abort a request whose response was already under way.
 */
class LegacyDeclineTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  static final Map<Long, Double> TARGETS = new ConcurrentHashMap<>();

  /** The body and the answer of {@link Targets#set}. */
  public record Target(double celsius) {}

  @Path("/targets")
  public static class Targets {
    @PUT
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @RolesAllowed("owner")
    @McpTool(name = "set_target", confirm = "Set the target of {id}?", runWithoutElicitation = true)
    public Target set(@PathParam("id") long id, Target target) {
      TARGETS.put(id, target.celsius());
      return target;
    }
  }

  /** Every caller is an owner. */
  @Priority(Priorities.AUTHENTICATION)
  public static final class Owner implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      request.setSecurityContext(
          new SecurityContext() {
            @Override
            public java.security.Principal getUserPrincipal() {
              return () -> "alice";
            }

            @Override
            public boolean isUserInRole(String role) {
              return "owner".equals(role);
            }

            @Override
            public boolean isSecure() {
              return false;
            }

            @Override
            public String getAuthenticationScheme() {
              return "custom";
            }
          });
    }
  }

  static TestServer server;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Targets.class, Owner.class, RolesAllowedDynamicFeature.class)
                // as the demo (and Spring Boot's Jersey) sets it
                .property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true)
                .register(McpFeature.builder().build()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonNode decline(String session, JsonNode id, String action) {
    ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
    response.set("id", id);
    response.putObject("result").put("action", action);
    given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", LegacyClient.VERSION)
        .body(response.toString())
        .post(server.mcpUrl())
        .then()
        .statusCode(202);
    return id;
  }

  private static void notConfirmed(String action, String verb) throws Exception {
    TARGETS.clear();
    String session = new LegacyClient(server.mcpUrl()).start(Map.of("elicitation", Map.of()));
    try (SseRecorder stream =
        SseRecorder.post(
            server.mcpUrl(),
            Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", LegacyClient.VERSION),
            LegacyClient.body(
                5,
                "tools/call",
                Map.of(
                    "name",
                    "set_target",
                    "arguments",
                    Map.of("id", 2, "body", Map.of("celsius", 22.5)))))) {
      assertThat(stream.status()).isEqualTo(200);
      JsonNode question = stream.next();
      assertThat(question.path("method").asText()).isEqualTo("elicitation/create");
      decline(session, question.get("id"), action);
      assertThat(stream.next())
          .isEqualTo(
              MAPPER.readTree(
                  "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"content\":[{\"type\":\"text\","
                      + "\"text\":\"Not done: the user "
                      + verb
                      + " \\\"Set the target of 2?\\\"; the tool did not run.\"}],"
                      + "\"isError\":true}}"));
      stream.assertEnds();
    }
    assertThat(TARGETS).isEmpty();
  }

  @Test
  void aDeclinedConfirmationEndsTheCallsStreamWithTheErrorResult() throws Exception {
    notConfirmed("decline", "declined");
  }

  @Test
  void aCancelledConfirmationEndsTheCallsStreamWithTheErrorResult() throws Exception {
    notConfirmed("cancel", "cancelled");
  }
}
