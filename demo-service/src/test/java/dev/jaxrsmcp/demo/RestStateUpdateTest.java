package dev.jaxrsmcp.demo;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static io.restassured.RestAssured.given;

import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpTestClient;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code PUT /api/widgets/{id}/state/{key}}; each test gets a fresh server and store. */
class RestStateUpdateTest {
  DemoServer server;

  @BeforeEach
  void start() {
    server = DemoServer.start(0);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  RequestSpecification request(String authorization) {
    RequestSpecification request =
        given().baseUri(server.baseUri().toString()).contentType("application/json");
    return authorization == null ? request : request.header("Authorization", authorization);
  }

  @Test
  void ownerReplacesAValueAndReadsItBack() {
    request(RestApiTest.OWNER)
        .body("\"cool\"")
        .put("/api/widgets/1/state/mode")
        .then()
        .statusCode(200)
        .contentType("application/json");
    Response read = request(RestApiTest.VIEWER).get("/api/widgets/1/state/mode");
    assertThat(read.asString()).isEqualTo("\"cool\"");
  }

  @Test
  void ownerAddsANewKey() {
    request(RestApiTest.OWNER)
        .body("{\"r\":1,\"g\":2}")
        .put("/api/widgets/2/state/colour")
        .then()
        .statusCode(200);
    Response state = request(RestApiTest.OWNER).get("/api/widgets/2/state");
    assertThat(state.asString())
        .isEqualTo("{\"battery\":87,\"colour\":{\"r\":1,\"g\":2},\"locked\":true,\"online\":true}");
  }

  @Test
  void changedValueIsWhatMcpReads() {
    request(RestApiTest.OWNER).body("71.5").put("/api/widgets/3/state/humidity");
    McpResponse read =
        McpTestClient.modern(server.mcpUri())
            .as(RestApiTest.OWNER)
            .read("app://widgets/3/state/humidity");
    assertThat(read).isText().isEqualTo("71.5");
  }

  @Test
  void viewerMayNotChangeState() {
    request(RestApiTest.VIEWER)
        .body("false")
        .put("/api/widgets/2/state/locked")
        .then()
        .statusCode(403);
    assertThat(request(RestApiTest.OWNER).get("/api/widgets/2/state/locked").asString())
        .isEqualTo("true");
  }

  @Test
  void putWithoutTokenGets401() {
    request(null)
        .body("false")
        .put("/api/widgets/2/state/locked")
        .then()
        .statusCode(401)
        .header("WWW-Authenticate", "Bearer realm=\"widgets\"");
  }

  @Test
  void putToUnknownWidgetGets404() {
    Response response = request(RestApiTest.OWNER).body("1").put("/api/widgets/9/state/x");
    response.then().statusCode(404);
    assertThat(response.asString()).isEqualTo("no widget with id 9");
  }

  @Test
  void nullValueIsRefused() {
    Response response = request(RestApiTest.OWNER).body("null").put("/api/widgets/1/state/mode");
    response.then().statusCode(400);
    assertThat(response.asString()).isEqualTo("the body must be a JSON value other than null");
  }

  @Test
  void keyWithOtherCharactersIsRefused() {
    Response response =
        request(RestApiTest.OWNER).body("1").put("/api/widgets/1/state/{key}", "a b");
    response.then().statusCode(400);
    assertThat(response.asString())
        .isEqualTo("a state key must be 1 to 64 letters, digits, '_', '-' or '.' (found 'a b')");
  }
}
