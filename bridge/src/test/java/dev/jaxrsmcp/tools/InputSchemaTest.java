package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.UUID;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The input schema of each tool, property by property, for each kind of Java parameter. */
class InputSchemaTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  public enum Color {
    RED,
    GREEN,
    BLUE {
      @Override
      public String toString() {
        return "blue";
      }
    }
  }

  @Path("/types")
  @Produces("text/plain")
  public static class Types {
    @GET
    @Path("/integers/{a}/{b}/{c}/{d}/{e}/{f}/{g}/{h}/{big}")
    @McpResource
    public String integers(
        @PathParam("a") long a,
        @PathParam("b") Long b,
        @PathParam("c") int c,
        @PathParam("d") Integer d,
        @PathParam("e") short e,
        @PathParam("f") Short f,
        @PathParam("g") byte g,
        @PathParam("h") Byte h,
        @PathParam("big") BigInteger big) {
      return "";
    }

    @GET
    @Path("/numbers")
    @McpResource
    public String numbers(
        @QueryParam("d") double d,
        @QueryParam("dd") Double dd,
        @QueryParam("f") float f,
        @QueryParam("ff") Float ff,
        @QueryParam("bd") BigDecimal bd) {
      return "";
    }

    @GET
    @Path("/flags/{flag}")
    @McpResource
    public String flags(@PathParam("flag") boolean flag, @QueryParam("other") Boolean other) {
      return "";
    }

    @GET
    @Path("/texts/{name}")
    @McpResource
    public String texts(
        @PathParam("name") String name,
        @QueryParam("q") String q,
        @QueryParam("c") Character c,
        @QueryParam("id") UUID id) {
      return "";
    }

    @GET
    @Path("/colors/{color}")
    @McpResource
    public String colors(@PathParam("color") Color color, @QueryParam("also") Color also) {
      return "";
    }

    @GET
    @Path("/lists")
    @McpResource
    public String lists(
        @QueryParam("ids") List<Long> ids,
        @QueryParam("colors") Set<Color> colors,
        @QueryParam("names") SortedSet<String> names,
        @QueryParam("flags") List<Boolean> flags,
        @QueryParam("amounts") List<BigDecimal> amounts) {
      return "";
    }

    @GET
    @Path("/defaults")
    @McpResource
    public String defaults(
        @QueryParam("n") Optional<Integer> n,
        @QueryParam("page") @DefaultValue("1") int page,
        @QueryParam("color") @DefaultValue("GREEN") Color color,
        @QueryParam("tags") @DefaultValue("x") List<String> tags) {
      return "";
    }

    @GET
    @Path("/none")
    @McpResource
    public String none() {
      return "";
    }
  }

  /** JAX-RS annotations on an interface, inherited by the implementing method. */
  @Path("/inherited")
  public interface Search {
    @GET
    @Path("/{scope}")
    @Produces("text/plain")
    @McpResource
    String search(@PathParam("scope") int scope, @QueryParam("ids") List<Integer> ids);
  }

  public static class SearchImpl implements Search {
    @Override
    public String search(int scope, List<Integer> ids) {
      return "";
    }
  }

  static TestServer server;
  static JsonNode tools;

  @BeforeAll
  static void start() throws Exception {
    server =
        TestServer.start(
            new ResourceConfig(Types.class, SearchImpl.class)
                .register(McpFeature.builder().build()));
    String body = new ToolCalls(server.mcpUrl()).list().then().statusCode(200).extract().asString();
    tools = MAPPER.readTree(body).at("/result/tools");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonNode schema(String tool) {
    for (JsonNode t : tools) {
      if (t.get("name").asText().equals(tool)) {
        return t.get("inputSchema");
      }
    }
    throw new AssertionError("no tool " + tool + " in " + tools);
  }

  private static JsonNode json(String text) throws Exception {
    return MAPPER.readTree(text.replace('\'', '"'));
  }

  @Test
  void integralTypesAreIntegersWithTheirRange() throws Exception {
    String longRange = "'minimum':-9223372036854775808,'maximum':9223372036854775807";
    String intRange = "'minimum':-2147483648,'maximum':2147483647";
    assertThat(schema("integers"))
        .isEqualTo(
            json(
                "{'type':'object','properties':{"
                    + ("'a':{'type':'integer'," + longRange + "},")
                    + ("'b':{'type':'integer'," + longRange + "},")
                    + ("'c':{'type':'integer'," + intRange + "},")
                    + ("'d':{'type':'integer'," + intRange + "},")
                    + "'e':{'type':'integer','minimum':-32768,'maximum':32767},"
                    + "'f':{'type':'integer','minimum':-32768,'maximum':32767},"
                    + "'g':{'type':'integer','minimum':-128,'maximum':127},"
                    + "'h':{'type':'integer','minimum':-128,'maximum':127},"
                    + "'big':{'type':'integer'}},"
                    + "'required':['a','b','c','d','e','f','g','h','big'],"
                    + "'additionalProperties':false}"));
  }

  @Test
  void floatingPointAndBigDecimalAreNumbersAndQueryVariablesAreOptional() throws Exception {
    assertThat(schema("numbers"))
        .isEqualTo(
            json(
                "{'type':'object','properties':{'d':{'type':'number'},'dd':{'type':'number'},"
                    + "'f':{'type':'number'},'ff':{'type':'number'},'bd':{'type':'number'}},"
                    + "'additionalProperties':false}"));
  }

  @Test
  void booleansAreBooleans() throws Exception {
    assertThat(schema("flags"))
        .isEqualTo(
            json(
                "{'type':'object','properties':{'flag':{'type':'boolean'},"
                    + "'other':{'type':'boolean'}},'required':['flag'],"
                    + "'additionalProperties':false}"));
  }

  @Test
  void stringsAndOtherConvertibleTypesAreStringsNonEmptyInThePath() throws Exception {
    assertThat(schema("texts"))
        .isEqualTo(
            json(
                "{'type':'object','properties':{'name':{'type':'string','minLength':1},"
                    + "'q':{'type':'string'},"
                    + "'c':{'type':'string','minLength':1,'maxLength':1},"
                    + "'id':{'type':'string'}},'required':['name'],"
                    + "'additionalProperties':false}"));
  }

  @Test
  void enumsAreStringsWithTheirConstantNames() throws Exception {
    assertThat(schema("colors"))
        .isEqualTo(
            json(
                "{'type':'object','properties':{"
                    + "'color':{'type':'string','enum':['RED','GREEN','BLUE']},"
                    + "'also':{'type':'string','enum':['RED','GREEN','BLUE']}},"
                    + "'required':['color'],'additionalProperties':false}"));
  }

  @Test
  void collectionQueryParametersAreArraysOfTheirItemType() throws Exception {
    assertThat(schema("lists"))
        .isEqualTo(
            json(
                "{'type':'object','properties':{"
                    + "'ids':{'type':'array','items':{'type':'integer',"
                    + "'minimum':-9223372036854775808,'maximum':9223372036854775807}},"
                    + "'colors':{'type':'array','items':{'type':'string',"
                    + "'enum':['RED','GREEN','BLUE']}},"
                    + "'names':{'type':'array','items':{'type':'string'}},"
                    + "'flags':{'type':'array','items':{'type':'boolean'}},"
                    + "'amounts':{'type':'array','items':{'type':'number'}}},"
                    + "'additionalProperties':false}"));
  }

  @Test
  void optionalsAreUnwrappedAndDefaultValuesAreShown() throws Exception {
    assertThat(schema("defaults"))
        .isEqualTo(
            json(
                "{'type':'object','properties':{"
                    + "'n':{'type':'integer','minimum':-2147483648,'maximum':2147483647},"
                    + "'page':{'type':'integer','minimum':-2147483648,'maximum':2147483647,"
                    + "'default':1},"
                    + "'color':{'type':'string','enum':['RED','GREEN','BLUE'],'default':'GREEN'},"
                    + "'tags':{'type':'array','items':{'type':'string'},'default':['x']}},"
                    + "'additionalProperties':false}"));
  }

  @Test
  void resourceWithoutVariablesTakesNoArguments() throws Exception {
    assertThat(schema("none")).isEqualTo(json("{'type':'object','additionalProperties':false}"));
  }

  @Test
  void parametersAnnotatedOnAnInterfaceAreTypedFromTheImplementation() throws Exception {
    assertThat(schema("search"))
        .isEqualTo(
            json(
                "{'type':'object','properties':{"
                    + "'scope':{'type':'integer','minimum':-2147483648,'maximum':2147483647},"
                    + "'ids':{'type':'array','items':{'type':'integer',"
                    + "'minimum':-2147483648,'maximum':2147483647}}},"
                    + "'required':['scope'],'additionalProperties':false}"));
  }
}
