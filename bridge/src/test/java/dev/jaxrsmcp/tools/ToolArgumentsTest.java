package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tool arguments: checked against the input schema before anything runs, then read as a URI. */
class ToolArgumentsTest {
  static final AtomicInteger RUNS = new AtomicInteger();

  public enum Size {
    SMALL,
    LARGE
  }

  @Path("/items")
  @Produces("text/plain")
  public static class Items {
    @GET
    @Path("/{id}")
    @McpResource(name = "item")
    public String item(
        @PathParam("id") int id,
        @QueryParam("size") Size size,
        @QueryParam("tags") List<Integer> tags,
        @QueryParam("ratio") BigDecimal ratio,
        @QueryParam("exact") Boolean exact) {
      RUNS.incrementAndGet();
      return "id=" + id + " size=" + size + " tags=" + tags + " ratio=" + ratio + " exact=" + exact;
    }

    @GET
    @Path("/named/{name}")
    @McpResource(name = "named")
    public String named(@PathParam("name") String name, @QueryParam("q") String q) {
      RUNS.incrementAndGet();
      return "[" + name + "][" + q + "]";
    }

    @GET
    @Path("/plain")
    @McpResource(name = "plain")
    public String plain() {
      RUNS.incrementAndGet();
      return "plain";
    }
  }

  static TestServer server;
  static ToolCalls tools;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Items.class).register(McpFeature.builder().build()));
    tools = new ToolCalls(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void reset() {
    RUNS.set(0);
  }

  private static String text(io.restassured.response.Response response) {
    JsonPath json = response.then().statusCode(200).extract().jsonPath();
    assertThat(json.getString("error")).isNull();
    assertThat(json.getString("result.isError")).isNull();
    return json.getString("result.content[0].text");
  }

  private static JsonPath invalid(io.restassured.response.Response response) {
    JsonPath json = response.then().statusCode(200).extract().jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32602);
    assertThat(RUNS.get()).as("the route must not run").isZero();
    return json;
  }

  @Test
  void argumentsBecomeTheRouteParameters() {
    String text =
        text(
            tools.call(
                "item",
                Map.of(
                    "id",
                    42,
                    "size",
                    "LARGE",
                    "tags",
                    List.of(3, 1, 2),
                    "ratio",
                    0.25,
                    "exact",
                    true)));
    assertThat(text).isEqualTo("id=42 size=LARGE tags=[3, 1, 2] ratio=0.25 exact=true");
  }

  @Test
  void optionalArgumentsMayBeLeftOut() {
    assertThat(text(tools.call("item", Map.of("id", 7))))
        .isEqualTo("id=7 size=null tags=[] ratio=null exact=null");
  }

  @Test
  void integralNumberWrittenWithAFractionIsAnInteger() {
    assertThat(text(tools.call("item", Map.of("id", 7.0)))).startsWith("id=7 ");
  }

  @Test
  void callWithoutArgumentsMemberRunsAToolThatTakesNone() {
    assertThat(text(tools.callWithoutArguments("plain"))).isEqualTo("plain");
  }

  @Test
  void nullArgumentsMeanNone() {
    Map<String, Object> params = new HashMap<>();
    params.put("arguments", null);
    assertThat(text(tools.callWithParams("plain", params))).isEqualTo("plain");
  }

  @Test
  void valuesWithReservedCharactersReachTheRouteUnchanged() {
    String name = "a/b?c#d%2F e&f=g;h..";
    String q = "x&y=z/%?#";
    assertThat(text(tools.call("named", Map.of("name", name, "q", q))))
        .isEqualTo("[" + name + "][" + q + "]");
  }

  @Test
  void dotSegmentValueIsOneSegment() {
    assertThat(text(tools.call("named", Map.of("name", "..")))).isEqualTo("[..][null]");
  }

  @Test
  void missingPathArgumentIsRefused() {
    JsonPath json = invalid(tools.call("item", Map.of("size", "SMALL")));
    assertThat(json.getString("error.message"))
        .isEqualTo("Invalid params: argument 'id' of tool 'item' is required");
    assertThat(json.getMap("error.data")).isEqualTo(Map.of("tool", "item", "argument", "id"));
  }

  @Test
  void stringForAnIntegerIsRefused() {
    assertThat(invalid(tools.call("item", Map.of("id", "42"))).getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'id' of tool 'item' must be an integer from -2147483648"
                + " to 2147483647 (found \"42\")");
  }

  @Test
  void fractionForAnIntegerIsRefused() {
    assertThat(invalid(tools.call("item", Map.of("id", 1.5))).getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'id' of tool 'item' must be an integer from -2147483648"
                + " to 2147483647 (found 1.5)");
  }

  @Test
  void integerOutOfTheParameterRangeIsRefused() {
    assertThat(invalid(tools.call("item", Map.of("id", 3_000_000_000L))).getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'id' of tool 'item' must be an integer from -2147483648"
                + " to 2147483647 (found 3000000000)");
  }

  @Test
  void unknownEnumValueIsRefused() {
    assertThat(
            invalid(tools.call("item", Map.of("id", 1, "size", "small")))
                .getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'size' of tool 'item' must be one of [SMALL, LARGE]"
                + " (found \"small\")");
  }

  @Test
  void stringForABooleanIsRefused() {
    assertThat(
            invalid(tools.call("item", Map.of("id", 1, "exact", "true")))
                .getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'exact' of tool 'item' must be a boolean (found \"true\")");
  }

  @Test
  void booleanForANumberIsRefused() {
    assertThat(
            invalid(tools.call("item", Map.of("id", 1, "ratio", false))).getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'ratio' of tool 'item' must be a number (found false)");
  }

  @Test
  void singleValueForAnArrayIsRefused() {
    assertThat(invalid(tools.call("item", Map.of("id", 1, "tags", 3))).getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'tags' of tool 'item' must be an array whose items are"
                + " each an integer from -2147483648 to 2147483647 (found 3)");
  }

  @Test
  void wrongArrayItemIsRefused() {
    assertThat(
            invalid(tools.call("item", Map.of("id", 1, "tags", List.of(1, "two"))))
                .getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'tags' of tool 'item' must be an array whose items are"
                + " each an integer from -2147483648 to 2147483647 (found [1,\"two\"])");
  }

  @Test
  void emptyPathArgumentIsRefused() {
    assertThat(invalid(tools.call("named", Map.of("name", ""))).getString("error.message"))
        .isEqualTo(
            "Invalid params: argument 'name' of tool 'named' must be a non-empty string"
                + " (found \"\")");
  }

  @Test
  void nullArgumentValueIsRefused() {
    Map<String, Object> arguments = new HashMap<>();
    arguments.put("name", "x");
    arguments.put("q", null);
    assertThat(invalid(tools.call("named", arguments)).getString("error.message"))
        .isEqualTo("Invalid params: argument 'q' of tool 'named' must be a string (found null)");
  }

  @Test
  void undeclaredArgumentIsRefused() {
    assertThat(
            invalid(tools.call("named", Map.of("name", "x", "limit", 3)))
                .getString("error.message"))
        .isEqualTo(
            "Invalid params: tool 'named' has no argument 'limit' (its arguments: [name, q])");
  }

  @Test
  void anyArgumentToAToolThatTakesNoneIsRefused() {
    assertThat(invalid(tools.call("plain", Map.of("x", 1))).getString("error.message"))
        .isEqualTo("Invalid params: tool 'plain' has no argument 'x' (it takes none)");
  }

  @Test
  void argumentsThatAreNotAnObjectAreRefused() {
    assertThat(
            invalid(tools.callWithParams("plain", Map.of("arguments", List.of(1))))
                .getString("error.message"))
        .isEqualTo("Invalid params: 'arguments' must be an object (found [1])");
  }

  @Test
  void argumentsMakingTheUriTooLongAreRefused() {
    assertThat(
            invalid(tools.call("named", Map.of("name", "x", "q", "é".repeat(700))))
                .getString("error.message"))
        .isEqualTo(
            "Invalid params: the arguments of tool 'named' make a URI longer than 4096"
                + " characters (found 4222)");
  }

  @Test
  void longValuesAreCutInMessages() {
    String message =
        invalid(tools.call("item", Map.of("id", "9".repeat(300)))).getString("error.message");
    assertThat(message)
        .isEqualTo(
            "Invalid params: argument 'id' of tool 'item' must be an integer from -2147483648"
                + " to 2147483647 (found \""
                + "9".repeat(99)
                + "...)");
  }

  @Test
  void unknownToolIsRefused() {
    JsonPath json = invalid(tools.call("nope", Map.of()));
    assertThat(json.getString("error.message")).isEqualTo("Unknown tool: nope");
    assertThat(json.getMap("error.data")).isEqualTo(Map.of("tool", "nope"));
  }
}
