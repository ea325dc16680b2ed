package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** initialize: version negotiation, what the server says about itself, and the session id. */
class LegacyHandshakeTest {
  @Path("/motd")
  public static class Motd {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://motd")
    public String motd() {
      return "hello";
    }
  }

  static TestServer server;
  static Legacy legacy;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Motd.class)
                .register(
                    McpFeature.builder()
                        .name("motd-server")
                        .version("2.1")
                        .instructions("Read app://motd first.")
                        .build()));
    legacy = new Legacy(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @ParameterizedTest
  @CsvSource({
    "2025-11-25, 2025-11-25",
    "2025-06-18, 2025-06-18",
    "2025-03-26, 2025-03-26",
    "2024-11-05, 2025-11-25",
    "1999-01-01, 2025-11-25",
    "2026-07-28, 2025-11-25"
  })
  void initializeNegotiatesTheVersion(String requested, String answered) {
    JsonPath json = legacy.initialize(requested).then().statusCode(200).extract().jsonPath();
    assertThat(json.getString("result.protocolVersion")).isEqualTo(answered);
  }

  @Test
  void initializeResultDescribesTheServer() {
    Response response = legacy.initialize(Legacy.VERSION);
    response.then().statusCode(200).contentType("application/json");
    JsonPath json = response.jsonPath();
    assertThat(json.getInt("id")).isEqualTo(1);
    assertThat(json.getMap("result"))
        .containsOnlyKeys("protocolVersion", "capabilities", "serverInfo", "instructions");
    assertThat(json.getMap("result.capabilities"))
        .isEqualTo(
            Map.of(
                "resources", Map.of("listChanged", true), "tools", Map.of(), "logging", Map.of()));
    assertThat(json.getMap("result.serverInfo"))
        .isEqualTo(Map.of("name", "motd-server", "version", "2.1"));
    assertThat(json.getString("result.instructions")).isEqualTo("Read app://motd first.");
  }

  @Test
  void initializeWithoutInstructionsOmitsThem() {
    try (TestServer plain =
        TestServer.start(new ResourceConfig(Motd.class).register(McpFeature.builder().build()))) {
      JsonPath json =
          new Legacy(plain.mcpUrl())
              .initialize(Legacy.VERSION)
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertThat(json.getMap("result"))
          .containsOnlyKeys("protocolVersion", "capabilities", "serverInfo");
    }
  }

  @Path("/watched")
  public static class Watched {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://watched", subscribe = true)
    public String watched() {
      return "now";
    }
  }

  @Test
  void legacyCapabilitiesAdvertiseResourceSubscriptionsAndListChanges() {
    try (TestServer watched =
        TestServer.start(
            new ResourceConfig(Watched.class).register(McpFeature.builder().build()))) {
      JsonPath json =
          new Legacy(watched.mcpUrl())
              .initialize(Legacy.VERSION)
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertThat(json.getMap("result.capabilities"))
          .isEqualTo(
              Map.of(
                  "resources",
                  Map.of("subscribe", true, "listChanged", true),
                  "tools",
                  Map.of(),
                  "logging",
                  Map.of()));
    }
  }

  @Test
  void initializeMintsDistinctSessionIdsOfVisibleAscii() {
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      String id =
          legacy
              .initialize(Legacy.VERSION)
              .then()
              .statusCode(200)
              .extract()
              .header("Mcp-Session-Id");
      assertThat(id).isNotNull().hasSizeGreaterThanOrEqualTo(22);
      assertThat(id.chars()).allMatch(c -> c >= 0x21 && c <= 0x7E);
      ids.add(id);
    }
    assertThat(ids).hasSize(20);
  }

  @Test
  void initializeWithTheVersionHeaderIsStillTheHandshake() {
    JsonPath json =
        legacy
            .post()
            .header("MCP-Protocol-Version", "2025-11-25")
            .body(Legacy.body(1, "initialize", Legacy.initializeParams("2025-11-25")))
            .post(legacy.url())
            .then()
            .statusCode(200)
            .header("Mcp-Session-Id", org.hamcrest.Matchers.notNullValue())
            .extract()
            .jsonPath();
    assertThat(json.getString("result.protocolVersion")).isEqualTo("2025-11-25");
  }

  @Test
  void initializeWithoutProtocolVersionIsInvalidParams() {
    JsonPath json =
        legacy
            .post()
            .body(Legacy.body(3, "initialize", Map.of("capabilities", Map.of())))
            .post(legacy.url())
            .then()
            .statusCode(200)
            .header("Mcp-Session-Id", org.hamcrest.Matchers.nullValue())
            .extract()
            .jsonPath();
    assertThat(json.getInt("id")).isEqualTo(3);
    assertThat(json.getInt("error.code")).isEqualTo(-32602);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Invalid params: 'protocolVersion' must be a string (found nothing) for method"
                + " initialize");
  }

  @Test
  void initializeOnAnExistingSessionIsRefused() {
    String session = legacy.start();
    JsonPath json =
        legacy
            .call(session, 4, "initialize", Legacy.initializeParams(Legacy.VERSION))
            .then()
            .statusCode(400)
            .extract()
            .jsonPath();
    assertThat(json.getInt("id")).isEqualTo(4);
    assertThat(json.getInt("error.code")).isEqualTo(-32600);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Invalid Request: this session is already initialized; send initialize without"
                + " Mcp-Session-Id to start a new session");
  }

  @Test
  void theNegotiatedVersionIsTheOneLaterRequestsMustName() {
    Response init = legacy.initialize("2025-06-18");
    String session = init.header("Mcp-Session-Id");
    legacy
        .post()
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", "2025-06-18")
        .body(Legacy.body(5, "ping", null))
        .post(legacy.url())
        .then()
        .statusCode(200)
        .body(org.hamcrest.Matchers.equalTo("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}"));
    legacy.call(session, 6, "ping", null).then().statusCode(400);
  }
}
