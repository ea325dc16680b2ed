package dev.jaxrsmcp.spring;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.testing.Mcp;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The application declares no McpFeature: the auto-configuration builds one from {@code
 * jaxrs-mcp.*} and registers it on the application's ResourceConfig (one boot for the class).
 */
@SpringBootTest(
    classes = NotesApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "jaxrs-mcp.name=notes",
      "jaxrs-mcp.version=2.5",
      "jaxrs-mcp.path=/ai",
      "jaxrs-mcp.allowed-hosts=notes.example.com",
      "jaxrs-mcp.allowed-origins=https://notes.example.com",
      "jaxrs-mcp.limits.max-body-bytes=2048",
      "jaxrs-mcp.limits.read-timeout=7s",
      "jaxrs-mcp.limits.body-read-timeout=3s",
      "jaxrs-mcp.limits.max-listen-uris=3",
      "jaxrs-mcp.limits.max-concurrent-reads=40",
      "jaxrs-mcp.limits.max-concurrent-long-reads=4",
      "jaxrs-mcp.limits.max-read-bytes=65536",
      "jaxrs-mcp.limits.max-spool-bytes=1000000",
      "jaxrs-mcp.limits.max-queued-reads=9",
      "jaxrs-mcp.limits.max-queued-long-reads=5",
      "jaxrs-mcp.limits.max-read-queue-wait=12s",
      "jaxrs-mcp.request-state-key=0123456789abcdef0123456789abcdef-notes",
      "jaxrs-mcp.ask-timeout=45s"
    })
class PropertiesConfigureTheFeatureTest {
  @LocalServerPort int port;
  @Autowired McpFeature feature;
  @Autowired McpChanges changes;

  private Mcp mcp() {
    return new Mcp("http://127.0.0.1:" + port + "/ai");
  }

  @Test
  void discoveryAtThePathFromThePropertiesNamesTheServerFromThem() {
    Response discover = mcp().call("server/discover", Map.of());

    assertThat(discover.statusCode()).isEqualTo(200);
    assertThat(discover.jsonPath().getMap("result._meta['io.modelcontextprotocol/serverInfo']"))
        .isEqualTo(Map.of("name", "notes", "version", "2.5"));
  }

  @Test
  void theDefaultPathServesNoMcp() {
    assertThat(
            new Mcp("http://127.0.0.1:" + port + "/mcp")
                .call("server/discover", Map.of())
                .statusCode())
        .isEqualTo(404);
  }

  @Test
  void readsTheApplicationsRouteThroughJersey() {
    Notes.TEXT.put("7", "seven");

    JsonPath read = mcp().read("app://notes/7").jsonPath();

    assertThat(read.getString("result.contents[0].text")).isEqualTo("seven");
    assertThat(read.getString("result.contents[0].mimeType")).startsWith("text/plain");
  }

  @Test
  void limitsAndHostsComeFromTheProperties() {
    assertThat(feature.maxBodyBytes()).isEqualTo(2048);
    assertThat(feature.readTimeout()).isEqualTo(Duration.ofSeconds(7));
    assertThat(feature.bodyReadTimeout()).isEqualTo(Duration.ofSeconds(3));
    assertThat(feature.maxListenUris()).isEqualTo(3);
    assertThat(feature.maxConcurrentReads()).isEqualTo(40);
    assertThat(feature.maxConcurrentLongReads()).isEqualTo(4);
    assertThat(feature.maxReadBytes()).isEqualTo(65536);
    assertThat(feature.maxSpoolBytes()).isEqualTo(1_000_000);
    assertThat(feature.maxQueuedReads()).isEqualTo(9);
    assertThat(feature.maxQueuedLongReads()).isEqualTo(5);
    assertThat(feature.maxReadQueueWait()).isEqualTo(Duration.ofSeconds(12));
    assertThat(feature.requestStateKeySet()).isTrue();
    assertThat(feature.askTimeout()).isEqualTo(Duration.ofSeconds(45));
    assertThat(feature.allowedHosts()).containsExactly("notes.example.com");
    // The bridge keeps origins with their port.
    assertThat(feature.allowedOrigins()).containsExactly("https://notes.example.com:443");
    assertThat(feature.maxJsonDepth()).isEqualTo(McpFeature.builder().build().maxJsonDepth());
  }

  @Test
  void aBodyOverTheConfiguredLimitIsRefusedWith413() {
    String big = "x".repeat(4096);

    Response response = mcp().call("server/discover", Map.of("padding", big));

    assertThat(response.statusCode()).isEqualTo(413);
  }

  @Test
  void anOriginFromThePropertiesPassesAndAnotherIsRefused() {
    assertThat(originStatus("https://notes.example.com")).isEqualTo(200);
    assertThat(originStatus("https://evil.example.com")).isEqualTo(403);
  }

  @Test
  void theInjectableMcpChangesIsTheFeaturesOwn() {
    assertThat(changes).isSameAs(feature.changes());
  }

  @Test
  void resourcesGetTheFeaturesMcpChangesFromJersey() {
    String notified =
        given()
            .contentType("text/plain")
            .body("new")
            .post("http://127.0.0.1:" + port + "/notes/8")
            .then()
            .statusCode(200)
            .extract()
            .asString();

    assertThat(notified).isEqualTo("0");
    assertThat(Notes.INJECTED.get()).isSameAs(feature.changes());
    assertThat(Notes.TEXT).containsEntry("8", "new");
  }

  private int originStatus(String origin) {
    return mcp()
        .request("server/discover", null)
        .header("Origin", origin)
        .body(Mcp.body(1, "server/discover", Map.of()).toString())
        .post(mcp().url())
        .statusCode();
  }
}
