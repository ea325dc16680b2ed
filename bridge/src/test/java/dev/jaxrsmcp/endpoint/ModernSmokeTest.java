package dev.jaxrsmcp.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ModernSmokeTest {
  @Path("/things")
  public static class Things {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource
    public String thing(@PathParam("id") long id) {
      return "{\"id\":" + id + "}";
    }

    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://motd")
    public String motd() {
      return "hello";
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Things.class).register(McpFeature.builder().name("t").build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void readsTemplateMemberInProcess() {
    JsonPath json = mcp.read("app://things/42").then().statusCode(200).extract().jsonPath();
    assertThat(json.getString("result.contents[0].text")).isEqualTo("{\"id\":42}");
    assertThat(json.getString("result.resultType")).isEqualTo("complete");
  }

  @Test
  void listsResources() {
    JsonPath json =
        mcp.call("resources/list", Map.of()).then().statusCode(200).extract().jsonPath();
    assertThat(json.getList("result.resources.uri")).containsExactly("app://motd");
  }
}
