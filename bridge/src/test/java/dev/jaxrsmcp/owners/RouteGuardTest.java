package dev.jaxrsmcp.owners;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a read may run, and what its answer may carry (contract section 7): a read stops before any
 * application code its URI did not match, a sub-resource locator that Jersey runs while matching
 * included; and no header of the route's response reaches the MCP client, whichever filter or
 * interceptor added it.
 */
class RouteGuardTest {
  TestServer server;
  Wire wire;

  @BeforeEach
  void start() {
    server = TestServer.start(OwnerApp.create(McpFeature.builder().build()));
    wire = new Wire(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /**
   * Finding 7: {@code test://items/special} matches the annotated template, but Jersey routes
   * {@code /items/special} to the locator beside it, which ran (its counter went from 0 to 1)
   * before the dispatch guard refused the read. Now the read is refused before Jersey matches, in
   * both eras and through the tool, and the locator never runs; other URIs of the template read.
   */
  @Test
  void aLocatorJerseyPrefersNeverRunsForARead() {
    int before = OwnerApp.LOCATOR_RUNS.get();
    Response read = wire.read(Who.ANONYMOUS, "test://items/special");
    assertThat(read.jsonPath().getInt("error.code")).isEqualTo(-32602);
    assertThat(read.jsonPath().getString("error.message")).isEqualTo("Resource not found");
    assertThat(read.jsonPath().getString("error.data.uri")).isEqualTo("test://items/special");
    Response tool = wire.toolCall(Who.ANONYMOUS, "item", Map.of("name", "special"));
    assertThat(tool.jsonPath().getBoolean("result.isError")).as(tool.asString()).isTrue();
    assertThat(tool.asString()).doesNotContain("the special item");
    String session = wire.initialize(Who.ANONYMOUS);
    Response legacy =
        wire.legacy(
            Who.ANONYMOUS, session, 2, "resources/read", Map.of("uri", "test://items/special"));
    assertThat(legacy.asString()).doesNotContain("the special item");
    assertThat(legacy.jsonPath().getString("error.message")).isEqualTo("Resource not found");
    assertThat(OwnerApp.LOCATOR_RUNS.get()).as("locator runs").isEqualTo(before);

    assertThat(
            wire.read(Who.ANONYMOUS, "test://items/plain")
                .jsonPath()
                .getString("result.contents[0].text"))
        .isEqualTo("item plain");
    // the direct GET still reaches the locator: the application is unchanged
    assertThat(given().get(server.baseUri() + "items/special").asString())
        .isEqualTo("the special item, from a locator");
    assertThat(OwnerApp.LOCATOR_RUNS.get()).isEqualTo(before + 1);
  }

  /**
   * Finding 8: a header a writer interceptor added ({@code Set-Cookie}) reached the MCP response,
   * while those the route set were withheld. Now neither does, in both eras, for reads and tool
   * calls; the direct GET keeps it.
   */
  @Test
  void headersAWriterInterceptorAddsDoNotReachTheMcpResponse() {
    String session = wire.initialize(Who.ANONYMOUS);
    List<Response> answers =
        List.of(
            wire.read(Who.ANONYMOUS, "test://items/a"),
            wire.toolCall(Who.ANONYMOUS, "item", Map.of("name", "a")),
            wire.legacy(
                Who.ANONYMOUS, session, 3, "resources/read", Map.of("uri", "test://items/a")),
            wire.read(Who.ALICE_KEY, "test://reports/q"));
    for (Response answer : answers) {
      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.asString()).contains("\"result\"");
      assertThat(answer.headers().hasHeaderWithName("Set-Cookie")).as(answer.asString()).isFalse();
    }
    assertThat(given().get(server.baseUri() + "items/a").header("Set-Cookie"))
        .isEqualTo("tracking=route-response");
  }
}
