package dev.jaxrsmcp.observe;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An observer is asked {@link McpObserver#isEnabled()} for each request to the endpoint, and told
 * of its operation only while it is enabled; the application's own requests are never watched.
 */
class EnabledObserversTest {
  @Path("/hello")
  public static class Routes {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://hello")
    public String hello() {
      return "hello";
    }
  }

  final AtomicBoolean enabled = new AtomicBoolean();
  final List<String> asked = new CopyOnWriteArrayList<>();
  final List<String> told = new CopyOnWriteArrayList<>();
  TestServer server;
  Mcp mcp;

  @BeforeEach
  void start() {
    McpObserver observer =
        new McpObserver() {
          @Override
          public boolean isEnabled() {
            asked.add("isEnabled");
            return enabled.get();
          }

          @Override
          public Operation started(McpOperation operation) {
            told.add(operation.method());
            return Operation.NONE;
          }
        };
    server =
        TestServer.start(
            new ResourceConfig(Routes.class)
                .register(McpFeature.builder().observer(observer).build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aDisabledObserverIsNotToldOfOperationsAndIsOnceEnabled() {
    mcp.read("app://hello").then().statusCode(200);
    assertThat(asked).isNotEmpty();
    assertThat(told).isEmpty();

    enabled.set(true);
    mcp.read("app://hello").then().statusCode(200);
    assertThat(told).containsExactly("resources/read");
  }

  @Test
  void theApplicationsOwnRequestsAreNeverWatched() {
    enabled.set(true);
    given().get(server.mcpUrl().replace("/mcp", "/hello")).then().statusCode(200);
    assertThat(asked).isEmpty();
    assertThat(told).isEmpty();
  }
}
