package dev.jaxrsmcp.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code jaxrs-mcp.observations.enabled=false}: Actuator is there, MCP operations are not timed.
 */
@SpringBootTest(
    classes = NotesApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "management.endpoints.web.exposure.include=metrics",
      "jaxrs-mcp.observations.enabled=false"
    })
class ActuatorMetricsOffTest {
  @LocalServerPort int port;

  @Test
  void noOperationIsObserved() {
    assertThat(PlainHttp.read(port, "app://notes/m2").at("/result/contents/0/text").asText())
        .isEqualTo("empty");
    assertThat(PlainHttp.get(port, "/actuator/metrics/mcp.server.operation.duration").statusCode())
        .isEqualTo(404);
    assertThat(PlainHttp.get(port, "/actuator/metrics/jvm.threads.live").statusCode())
        .isEqualTo(200);
  }
}
