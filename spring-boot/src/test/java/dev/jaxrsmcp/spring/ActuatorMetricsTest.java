package dev.jaxrsmcp.spring;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.testing.Mcp;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * With Actuator on the classpath and no MCP code at all, an MCP read shows in {@code
 * /actuator/metrics/mcp.server.operation.duration}, tagged with the conventions' names; {@code
 * jaxrs-mcp.observations.enabled=false} turns it off.
 */
class ActuatorMetricsTest {
  private static final String METRIC = "/actuator/metrics/mcp.server.operation.duration";

  @Nested
  @SpringBootTest(
      classes = NotesApplication.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = {
        "server.address=127.0.0.1",
        "management.endpoints.web.exposure.include=metrics"
      })
  class On {
    @LocalServerPort int port;

    @Test
    void aReadIsTimedWithTheConventionsTags() {
      Notes.TEXT.put("m1", "metered");
      String read =
          new Mcp("http://127.0.0.1:" + port + "/mcp")
              .read("app://notes/m1")
              .jsonPath()
              .getString("result.contents[0].text");
      assertThat(read).isEqualTo("metered");

      JsonPath metric =
          given()
              .queryParam("tag", "mcp.method.name:resources/read")
              .queryParam("tag", "dev.jaxrsmcp.resource.template:app://notes/{id}")
              .queryParam("tag", "error.type:none")
              .get("http://127.0.0.1:" + port + METRIC)
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      Map<String, Float> measures = measurements(metric);
      assertThat(measures.get("COUNT")).isEqualTo(1.0f);
      assertThat(measures.get("TOTAL_TIME")).isPositive();
      assertThat(metric.getList("availableTags.tag", String.class))
          .contains("mcp.protocol.version", "network.transport", "gen_ai.tool.name");
    }
  }

  @Nested
  @SpringBootTest(
      classes = NotesApplication.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = {
        "server.address=127.0.0.1",
        "management.endpoints.web.exposure.include=metrics",
        "jaxrs-mcp.observations.enabled=false"
      })
  class Off {
    @LocalServerPort int port;

    @Test
    void noOperationIsObserved() {
      new Mcp("http://127.0.0.1:" + port + "/mcp").read("app://notes/m2").then().statusCode(200);
      given().get("http://127.0.0.1:" + port + METRIC).then().statusCode(404);
    }
  }

  private static Map<String, Float> measurements(JsonPath metric) {
    List<Map<String, Object>> list = metric.getList("measurements");
    return list.stream()
        .collect(
            java.util.stream.Collectors.toMap(
                m -> (String) m.get("statistic"), m -> ((Number) m.get("value")).floatValue()));
  }
}
