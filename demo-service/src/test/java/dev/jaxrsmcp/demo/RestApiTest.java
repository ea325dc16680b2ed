package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.response.Response;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The REST routes over real HTTP, with {@link BearerAuthFilter} deciding who may read what. */
class RestApiTest {
  static final String OWNER = "Bearer demo-token";
  static final String VIEWER = "Bearer viewer-token";

  static DemoServer server;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Response get(String path, String authorization) {
    var request = given().baseUri(server.baseUri().toString());
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return request.get(path);
  }

  @Test
  void requestWithoutTokenGets401WithBearerChallenge() {
    get("/api/widgets", null)
        .then()
        .statusCode(401)
        .header("WWW-Authenticate", "Bearer realm=\"widgets\"");
  }

  @Test
  void unknownTokenGets401WithBearerChallenge() {
    get("/api/widgets/1/state", "Bearer nope")
        .then()
        .statusCode(401)
        .header("WWW-Authenticate", "Bearer realm=\"widgets\"");
  }

  @Test
  void otherSchemeWithAKnownTokenGets401() {
    get("/api/widgets/1/state", "Basic demo-token")
        .then()
        .statusCode(401)
        .header("WWW-Authenticate", "Bearer realm=\"widgets\"");
  }

  @Test
  void bearerSchemeNameIsCaseInsensitive() {
    get("/api/widgets/1/state", "bearer demo-token").then().statusCode(200);
  }

  @Test
  void ownerListsTheThreeWidgets() {
    Response response = get("/api/widgets", OWNER);
    response.then().statusCode(200).contentType("application/json");
    assertThat(response.jsonPath().getList("id", Integer.class)).containsExactly(1, 2, 3);
    assertThat(response.jsonPath().getString("[0].name")).isEqualTo("Living room thermostat");
  }

  @Test
  void viewerReadsState() {
    Response response = get("/api/widgets/1/state", VIEWER);
    response.then().statusCode(200).contentType("application/json");
    assertThat(response.asString())
        .isEqualTo(
            "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}");
  }

  @Test
  void stateValueIsAJsonValue() {
    Response response = get("/api/widgets/1/state/mode", VIEWER);
    response.then().statusCode(200).contentType("application/json");
    assertThat(response.asString()).isEqualTo("\"heat\"");
  }

  @Test
  void ownerReadsSecrets() {
    Response response = get("/api/widgets/3/secrets", OWNER);
    response.then().statusCode(200).contentType("application/json");
    assertThat(response.jsonPath().getString("wifiPassword")).isEqualTo("tomatoes-2026");
  }

  @Test
  void viewerGets403FromSecrets() {
    get("/api/widgets/1/secrets", VIEWER).then().statusCode(403);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/api/widgets/4/state",
        "/api/widgets/0/state/mode",
        "/api/widgets/-1/secrets",
        "/api/widgets/99/photo",
        "/api/widgets/abc/state",
        "/api/widgets/99999999999999999999/state"
      })
  void unknownWidgetGets404(String path) {
    get(path, OWNER).then().statusCode(404);
  }

  @Test
  void unknownWidgetNamesTheId() {
    Response response = get("/api/widgets/4/state", OWNER);
    response.then().statusCode(404);
    assertThat(response.asString()).isEqualTo("no widget with id 4");
  }

  @Test
  void unknownStateKeyGets404NamingTheKey() {
    Response response = get("/api/widgets/1/state/colour", OWNER);
    response.then().statusCode(404);
    assertThat(response.asString()).isEqualTo("widget 1 has no state key 'colour'");
  }

  @Test
  void photoIsASmallPng() throws IOException {
    Response response = get("/api/widgets/2/photo", VIEWER);
    response.then().statusCode(200).contentType("image/png");
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(response.asByteArray()));
    assertThat(image).isNotNull();
    assertThat(image.getWidth()).isEqualTo(WidgetPhotos.SIZE);
    assertThat(image.getHeight()).isEqualTo(WidgetPhotos.SIZE);
  }

  @Test
  void motdNeedsNoToken() {
    Response response = get("/api/motd", null);
    response.then().statusCode(200).contentType("text/plain");
    assertThat(response.asString()).isEqualTo(MotdResource.MOTD);
  }

  /** Spellings of a protected path that Jersey still routes must not slip past the filter. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "/api/widgets;x=1/1/secrets",
        "/api/widgets/1/secrets;x=1",
        "/api//widgets/1/secrets",
        "//api/widgets/1/secrets",
        "/api/%77idgets/1/secrets",
        "/%61pi/widgets"
      })
  void pathSpellingsOfProtectedRoutesStillNeedAToken(String path) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isIn(401, 404);
    assertThat(response.body()).doesNotContain("apiKey");
  }
}
