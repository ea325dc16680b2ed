package dev.jaxrsmcp.examples.spring;

import dev.jaxrsmcp.examples.interop.ExampleContract;
import dev.jaxrsmcp.examples.interop.ExampleProcess;
import dev.jaxrsmcp.test.McpServerExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Spring Boot example as users run it ({@code PORT=... java -jar spring-boot-example.jar}, real
 * Tomcat, Spring Security's filter chain), held to {@link ExampleContract} through the
 * jaxrs-mcp-test kit: one boot for the class.
 */
class SpringBootExampleIT extends ExampleContract {
  private static ExampleProcess example;

  /** The test kit, pointed at the jar once it runs on its free port. */
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.at(() -> example.base());

  @BeforeAll
  static void start() throws Exception {
    example =
        ExampleProcess.start(
            Path.of(System.getProperty("example.jar")),
            List.of(),
            Path.of("."),
            "Started ExampleApplication",
            Duration.ofSeconds(180));
  }

  @AfterAll
  static void stop() throws Exception {
    example.close();
  }

  @Override
  protected McpServerExtension server() {
    return server;
  }

  @Override
  protected String challenge() {
    return "Basic realm=\"Realm\"";
  }
}
