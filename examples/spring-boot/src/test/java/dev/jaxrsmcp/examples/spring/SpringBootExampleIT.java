package dev.jaxrsmcp.examples.spring;

import dev.jaxrsmcp.examples.interop.ExampleContract;
import dev.jaxrsmcp.examples.interop.ExampleProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The Spring Boot example as users run it ({@code PORT=... java -jar spring-boot-example.jar}, real
 * Tomcat, Spring Security's filter chain), held to {@link ExampleContract}: one boot for the class.
 */
class SpringBootExampleIT extends ExampleContract {
  private static ExampleProcess example;

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
  protected ExampleProcess example() {
    return example;
  }

  @Override
  protected String challenge() {
    return "Basic realm=\"Realm\"";
  }
}
