package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Both eras on one URL, at the same time; each request goes to its own era and only there. */
class SideBySideTest {
  @Path("/widgets")
  public static class Widgets {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource
    public String widget(@PathParam("id") long id) {
      return "{\"id\":" + id + "}";
    }
  }

  static TestServer server;
  static Legacy legacy;
  static Mcp modern;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Widgets.class).register(McpFeature.builder().build()));
    legacy = new Legacy(server.mcpUrl());
    modern = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aLegacySessionAndModernRequestsUseTheServerAtTheSameTime() throws Exception {
    String session = legacy.start();
    try (StreamRecorder stream =
        StreamRecorder.open(
            legacy.url(),
            Map.of(
                "Accept",
                "text/event-stream",
                "Mcp-Session-Id",
                session,
                "MCP-Protocol-Version",
                Legacy.VERSION))) {
      assertThat(stream.status()).isEqualTo(200);
      ExecutorService pool = Executors.newFixedThreadPool(4);
      CountDownLatch go = new CountDownLatch(1);
      List<Future<List<String>>> results = new ArrayList<>();
      try {
        for (int worker = 0; worker < 4; worker++) {
          boolean isLegacy = worker % 2 == 0;
          int base = worker * 100;
          Callable<List<String>> task =
              () -> {
                go.await();
                List<String> texts = new ArrayList<>();
                for (int i = 0; i < 15; i++) {
                  String uri = "app://widgets/" + (base + i);
                  Response response =
                      isLegacy
                          ? legacy.call(session, i, "resources/read", Map.of("uri", uri))
                          : modern.read(uri);
                  JsonPath json = response.then().statusCode(200).extract().jsonPath();
                  assertThat(json.getString("result.resultType"))
                      .isEqualTo(isLegacy ? null : "complete");
                  texts.add(json.getString("result.contents[0].text"));
                }
                return texts;
              };
          results.add(pool.submit(task));
        }
        go.countDown();
        for (int worker = 0; worker < 4; worker++) {
          List<String> expected = new ArrayList<>();
          for (int i = 0; i < 15; i++) {
            expected.add("{\"id\":" + (worker * 100 + i) + "}");
          }
          assertThat(results.get(worker).get(60, TimeUnit.SECONDS)).isEqualTo(expected);
        }
      } finally {
        pool.shutdownNow();
      }
      // The legacy session lived through it, with its stream still open.
      legacy
          .call(session, 99, "ping", null)
          .then()
          .statusCode(200)
          .body(org.hamcrest.Matchers.equalTo("{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}"));
      stream.assertNothingYet();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"initialize", "ping", "logging/setLevel"})
  void aModernRequestNeverReachesLegacyMethods(String method) {
    Response response =
        modern.call(
            method,
            Map.of(
                "protocolVersion",
                Legacy.VERSION,
                "capabilities",
                Map.of(),
                "clientInfo",
                Map.of("name", "x", "version", "1")));
    JsonPath json = response.then().statusCode(404).extract().jsonPath();
    assertThat(response.header("Mcp-Session-Id")).isNull();
    assertThat(json.getInt("error.code")).isEqualTo(-32601);
  }

  @Test
  void aModernHeaderWithoutMetaIsTreatedAsModern() {
    JsonPath json =
        RestAssured.given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", "resources/list")
            .body(Legacy.body(1, "resources/list", null))
            .post(legacy.url())
            .then()
            .statusCode(400)
            .extract()
            .jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32602);
  }

  @Test
  void aLegacyRequestWithoutSessionGetsTheLegacyAnswer() {
    JsonPath json =
        legacy
            .post()
            .header("MCP-Protocol-Version", "2025-06-18")
            .body(Legacy.body(1, "resources/list", null))
            .post(legacy.url())
            .then()
            .statusCode(400)
            .extract()
            .jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32600);
    assertThat(json.getString("error.message"))
        .startsWith("Invalid Request: the Mcp-Session-Id header is required");
  }

  @Test
  void notFoundDiffersByEraOnTheSameServer() {
    String session = legacy.start();
    JsonPath old =
        legacy
            .call(session, 1, "resources/read", Map.of("uri", "app://nothing"))
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    JsonPath now = modern.read("app://nothing").then().extract().jsonPath();
    assertThat(old.getInt("error.code")).isEqualTo(-32002);
    assertThat(now.getInt("error.code")).isEqualTo(-32602);
    assertThat(old.getString("error.data.uri")).isEqualTo("app://nothing");
    assertThat(now.getString("error.data.uri")).isEqualTo("app://nothing");
  }

  @Test
  void getAndDeleteWithoutSessionAnswer405ForModernClients() {
    RestAssured.given()
        .header("MCP-Protocol-Version", "2026-07-28")
        .accept("text/event-stream")
        .get(legacy.url())
        .then()
        .statusCode(405);
    RestAssured.given()
        .header("MCP-Protocol-Version", "2026-07-28")
        .delete(legacy.url())
        .then()
        .statusCode(405);
  }
}
