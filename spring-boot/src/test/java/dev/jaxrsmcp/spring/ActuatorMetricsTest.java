package dev.jaxrsmcp.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * With Actuator on the classpath and no MCP code at all, an MCP read shows in {@code
 * /actuator/metrics/mcp.server.operation.duration}, tagged with the conventions' names ({@link
 * ActuatorMetricsOffTest}: {@code jaxrs-mcp.observations.enabled=false} turns it off).
 */
@SpringBootTest(
    classes = NotesApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {"server.address=127.0.0.1", "management.endpoints.web.exposure.include=metrics"})
class ActuatorMetricsTest {
  @LocalServerPort int port;

  @Test
  void aReadIsTimedWithTheConventionsTags() {
    Notes.TEXT.put("m1", "metered");
    assertThat(PlainHttp.read(port, "app://notes/m1").at("/result/contents/0/text").asText())
        .isEqualTo("metered");

    HttpResponse<String> response =
        PlainHttp.get(
            port,
            "/actuator/metrics/mcp.server.operation.duration?"
                + tag("mcp.method.name:resources/read")
                + "&"
                + tag("dev.jaxrsmcp.resource.template:app://notes/{id}")
                + "&"
                + tag("error.type:none"));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode metric = PlainHttp.parse(response.body());
    Map<String, Double> measures = new HashMap<>();
    metric
        .get("measurements")
        .forEach(m -> measures.put(m.get("statistic").asText(), m.get("value").asDouble()));
    assertThat(measures.get("COUNT")).isEqualTo(1.0);
    assertThat(measures.get("TOTAL_TIME")).isPositive();
    List<String> tags = new ArrayList<>();
    metric.get("availableTags").forEach(t -> tags.add(t.get("tag").asText()));
    assertThat(tags).contains("mcp.protocol.version", "network.transport", "gen_ai.tool.name");
  }

  private static String tag(String tag) {
    return "tag=" + URLEncoder.encode(tag, StandardCharsets.UTF_8);
  }
}
