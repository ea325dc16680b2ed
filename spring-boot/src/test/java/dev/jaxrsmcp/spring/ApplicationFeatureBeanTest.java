package dev.jaxrsmcp.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.testing.Mcp;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The application defines its own McpFeature bean: it replaces the one from the properties (which
 * are ignored), and is the one registered on Jersey (one boot for the class).
 */
@SpringBootTest(
    classes = ApplicationFeatureBeanTest.OwnFeature.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {"server.address=127.0.0.1", "jaxrs-mcp.name=from-properties"})
class ApplicationFeatureBeanTest {
  @TestConfiguration
  @Import(NotesApplication.class)
  static class OwnFeature {
    @Bean
    McpFeature ownFeature() {
      return McpFeature.builder().name("own").version("9").path("/own-mcp").build();
    }
  }

  @LocalServerPort int port;
  @Autowired McpFeature feature;
  @Autowired McpChanges changes;

  @Test
  void theApplicationsFeatureServesMcp() {
    Map<String, Object> info =
        new Mcp("http://127.0.0.1:" + port + "/own-mcp")
            .call("server/discover", Map.of())
            .jsonPath()
            .getMap("result._meta['io.modelcontextprotocol/serverInfo']");

    assertThat(info).isEqualTo(Map.of("name", "own", "version", "9"));
    assertThat(feature.name()).isEqualTo("own");
  }

  @Test
  void theInjectableMcpChangesIsThatFeaturesOwn() {
    assertThat(changes).isSameAs(feature.changes());
  }
}
