package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.testing.Mcp;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The demo through MCP (modern era), reads dispatched in-process through the same filter. */
class McpReadTest {
  static DemoServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
    mcp = new Mcp(server.mcpUri().toString());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void discoverNamesTheServerAndOffersResources() {
    JsonPath json =
        mcp.call("server/discover", Map.of()).then().statusCode(200).extract().jsonPath();
    assertThat(json.getString("result._meta.'io.modelcontextprotocol/serverInfo'.name"))
        .isEqualTo("widgets-demo");
    assertThat(json.getMap("result.capabilities")).containsKey("resources");
    assertThat(json.getString("result.instructions")).contains("app://widgets");
  }

  @Test
  void listsTheTwoFixedResources() {
    JsonPath json =
        mcp.call("resources/list", Map.of()).then().statusCode(200).extract().jsonPath();
    assertThat(json.getList("result.resources.uri"))
        .containsExactlyInAnyOrder("app://widgets", "app://server/motd");
    assertThat(json.getList("result.resources.description", String.class))
        .allSatisfy(d -> assertThat(d).isNotBlank());
  }

  @Test
  void listsTheFiveTemplatesWithTheirTypes() {
    JsonPath json =
        mcp.call("resources/templates/list", Map.of()).then().statusCode(200).extract().jsonPath();
    List<Map<String, Object>> templates = json.getList("result.resourceTemplates");
    assertThat(templates)
        .extracting(t -> t.get("uriTemplate") + " " + t.get("mimeType"))
        .containsExactlyInAnyOrder(
            "app://widgets/{id}/state application/json",
            "app://widgets/{id}/state/{key} application/json",
            "app://widgets/{id}/secrets application/json",
            "app://widgets/{id}/photo image/png",
            "app://widgets/{id}/output{?seconds} text/plain");
    assertThat(templates).allSatisfy(t -> assertThat((String) t.get("description")).isNotBlank());
  }

  @Test
  void ownerReadsStateAsJsonText() {
    JsonPath json =
        mcp.read("app://widgets/1/state", RestApiTest.OWNER)
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getList("result.contents")).hasSize(1);
    assertThat(json.getString("result.contents[0].uri")).isEqualTo("app://widgets/1/state");
    assertThat(json.getString("result.contents[0].mimeType")).isEqualTo("application/json");
    assertThat(json.getString("result.contents[0].text"))
        .isEqualTo(
            "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}");
    assertThat(json.getString("result.resultType")).isEqualTo("complete");
  }

  @Test
  void stateValueIsReadAsJsonTextNotEncodedTwice() {
    JsonPath json =
        mcp.read("app://widgets/1/state/mode", RestApiTest.VIEWER)
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getString("result.contents[0].text")).isEqualTo("\"heat\"");
  }

  @Test
  void photoIsABlobWithThePngType() {
    JsonPath json =
        mcp.read("app://widgets/2/photo", RestApiTest.OWNER)
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getString("result.contents[0].mimeType")).isEqualTo("image/png");
    assertThat(json.getString("result.contents[0].text")).isNull();
    byte[] blob = Base64.getDecoder().decode(json.getString("result.contents[0].blob"));
    byte[] rest =
        given()
            .header("Authorization", RestApiTest.OWNER)
            .get(server.baseUri().resolve("api/widgets/2/photo"))
            .asByteArray();
    assertThat(blob).isEqualTo(rest);
  }

  @Test
  void motdNeedsNoTokenAndIsPubliclyCacheable() {
    JsonPath json = mcp.read("app://server/motd").then().statusCode(200).extract().jsonPath();
    assertThat(json.getString("result.contents[0].mimeType")).isEqualTo("text/plain");
    assertThat(json.getString("result.contents[0].text")).isEqualTo(MotdResource.MOTD);
    assertThat(json.getLong("result.ttlMs")).isEqualTo(60_000L);
    assertThat(json.getString("result.cacheScope")).isEqualTo("public");
  }

  @Test
  void readWithoutTokenAnswersHttp401WithTheRoutesChallenge() {
    Response response = mcp.read("app://widgets/1/state");
    response.then().statusCode(401).header("WWW-Authenticate", "Bearer realm=\"widgets\"");
    JsonPath json = response.jsonPath();
    assertThat(json.getInt("id")).isEqualTo(1);
    assertThat(json.getInt("error.data.status")).isEqualTo(401);
  }

  @Test
  void readWithUnknownTokenAnswersHttp401() {
    mcp.read("app://widgets/1/secrets", "Bearer guess")
        .then()
        .statusCode(401)
        .header("WWW-Authenticate", "Bearer realm=\"widgets\"");
  }

  @Test
  void viewerReadingSecretsGetsA403Error() {
    JsonPath json =
        mcp.read("app://widgets/1/secrets", RestApiTest.VIEWER)
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32602);
    assertThat(json.getString("error.message")).startsWith("403 Forbidden");
    assertThat(json.getInt("error.data.status")).isEqualTo(403);
    assertThat(json.getString("result")).isNull();
  }

  @Test
  void ownerReadsSecrets() {
    JsonPath json =
        mcp.read("app://widgets/1/secrets", RestApiTest.OWNER)
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getString("result.contents[0].text")).contains("\"maintenancePin\":\"4711\"");
  }

  @Test
  void unknownWidgetIsResourceNotFound() {
    assertResourceNotFound("app://widgets/42/state");
  }

  @Test
  void nonNumericWidgetIdIsResourceNotFound() {
    assertResourceNotFound("app://widgets/abc/photo");
  }

  @Test
  void unknownStateKeyIsResourceNotFound() {
    assertResourceNotFound("app://widgets/1/state/colour");
  }

  @Test
  void uriMatchingNoResourceIsResourceNotFound() {
    assertResourceNotFound("app://gadgets/1");
  }

  private static void assertResourceNotFound(String uri) {
    JsonPath json = mcp.read(uri, RestApiTest.OWNER).then().statusCode(200).extract().jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32602);
    assertThat(json.getString("error.message")).isEqualTo("Resource not found");
    assertThat(json.getString("error.data.uri")).isEqualTo(uri);
  }
}
