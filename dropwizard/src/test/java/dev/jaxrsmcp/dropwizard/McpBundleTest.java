package dev.jaxrsmcp.dropwizard;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** McpBundle in a running Dropwizard application (real Jetty, one boot for the class). */
@ExtendWith(DropwizardExtensionsSupport.class)
class McpBundleTest {
  static final DropwizardAppExtension<NotesApplication.NotesConfiguration> APP =
      new DropwizardAppExtension<>(
          NotesApplication.class, ResourceHelpers.resourceFilePath("notes.yml"));

  private static Mcp mcp(String path) {
    return new Mcp("http://127.0.0.1:" + APP.getLocalPort() + path);
  }

  private static McpBundle<NotesApplication.NotesConfiguration> bundle() {
    return APP.<NotesApplication>getApplication().mcp;
  }

  @Test
  void discoveryAtThePathFromTheYamlNamesTheServerFromIt() {
    Map<String, Object> info =
        mcp("/ai")
            .call("server/discover", Map.of())
            .jsonPath()
            .getMap("result._meta['io.modelcontextprotocol/serverInfo']");

    assertThat(info).isEqualTo(Map.of("name", "notes", "version", "2.5"));
    assertThat(mcp("/mcp").call("server/discover", Map.of()).statusCode()).isEqualTo(404);
  }

  @Test
  void readsTheApplicationsRouteThroughJersey() {
    JsonPath read = mcp("/ai").read("app://notes/7").jsonPath();

    assertThat(read.getString("result.contents[0].text")).isEqualTo("note 7");
  }

  @Test
  void limitsAndOriginsComeFromTheYaml() {
    McpFeature feature = bundle().feature();

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
    assertThat(feature.allowedOrigins()).containsExactly("https://notes.example.com:443");
    assertThat(feature.maxJsonDepth()).isEqualTo(McpFeature.builder().build().maxJsonDepth());
    assertThat(mcp("/ai").call("server/discover", Map.of("padding", "x".repeat(4096))).statusCode())
        .isEqualTo(413);
  }

  @Test
  void theBundlesChangesAreTheOnesJerseyInjects() {
    String notified =
        given()
            .contentType("text/plain")
            .post("http://127.0.0.1:" + APP.getLocalPort() + "/notes/3")
            .then()
            .statusCode(200)
            .extract()
            .asString();

    assertThat(notified).isEqualTo("0");
    assertThat(NotesApplication.INJECTED.get()).isSameAs(bundle().changes());
  }

  @Test
  void theFeatureIsNotThereBeforeTheBundleRan() {
    McpBundle<NotesApplication.NotesConfiguration> fresh =
        new McpBundle<>(config -> config.getMcp().build());

    assertThatThrownBy(fresh::changes)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "McpBundle.feature() is there once the bundle ran: call it from the"
                + " application's run(), not from initialize() or a constructor");
  }
}
