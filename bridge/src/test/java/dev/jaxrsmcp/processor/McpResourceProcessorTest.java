package dev.jaxrsmcp.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

class McpResourceProcessorTest {
  private static final String IMPORTS =
      "package fx;\n"
          + "import dev.jaxrsmcp.McpResource;\n"
          + "import jakarta.ws.rs.*;\n"
          + "import java.lang.annotation.*;\n";

  private static Javac.Result compile(String className, String body) throws Exception {
    return Javac.compile(Map.of("fx." + className, IMPORTS + body));
  }

  @Test
  void javadocFirstSentenceBecomesTheDescription() throws Exception {
    Javac.Result result =
        compile(
            "Widgets",
            "@Path(\"/widgets\") public class Widgets {\n"
                + "  /**\n"
                + "   * The widget's {@code state}, as <b>JSON</b>. Read it often.\n"
                + "   *\n"
                + "   * @param id the widget\n"
                + "   */\n"
                + "  @GET @Path(\"/{id}/state\") @Produces(\"application/json\")\n"
                + "  @McpResource public String state(@PathParam(\"id\") long id) { return \"{}\"; }\n"
                + "  /** Ignored: the annotation wins. */\n"
                + "  @GET @Path(\"/motd\") @Produces(\"text/plain\")\n"
                + "  @McpResource(description = \"Message of the day\")\n"
                + "  public String motd() { return \"hi\"; }\n"
                + "}\n");

    assertThat(result.errors()).isEmpty();
    assertThat(result.generated("META-INF/jaxrs-mcp/descriptions.properties"))
        .contains("fx.Widgets\\#state(long)=The widget's state, as JSON.");

    try (URLClassLoader loader =
            new URLClassLoader(
                new URL[] {result.output().toUri().toURL()}, getClass().getClassLoader());
        TestServer server =
            TestServer.start(
                new ResourceConfig(loader.loadClass("fx.Widgets"))
                    .register(McpFeature.builder().build()))) {
      Mcp mcp = new Mcp(server.mcpUrl());
      JsonPath templates =
          mcp.call("resources/templates/list", Map.of()).then().extract().jsonPath();
      assertThat(templates.getString("result.resourceTemplates[0].description"))
          .isEqualTo("The widget's state, as JSON.");
      JsonPath resources = mcp.call("resources/list", Map.of()).then().extract().jsonPath();
      assertThat(resources.getString("result.resources[0].description"))
          .isEqualTo("Message of the day");
    }
  }

  @Test
  void composedAnnotationIsSeen() throws Exception {
    Javac.Result result =
        Javac.compile(
            Map.of(
                "fx.Cached",
                IMPORTS
                    + "@Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD)\n"
                    + "@McpResource(subscribe = true, longRunning = true) public @interface Cached {}\n",
                "fx.Things",
                IMPORTS
                    + "@Path(\"/things\") public class Things {\n"
                    + "  /** All things. */ @GET @Cached public String all() { return \"\"; }\n"
                    + "}\n"));

    assertThat(result.errors())
        .containsExactly(
            "a long-running resource cannot be subscribable (found longRunning = true, subscribe"
                + " = true)\n    for method Things.all");
  }

  @Test
  void methodWithoutGetIsACompileError() throws Exception {
    Javac.Result result =
        compile(
            "Orders",
            "@Path(\"/orders\") public class Orders {\n"
                + "  @POST @McpResource public String create() { return \"\"; }\n"
                + "  @McpResource public String helper() { return \"\"; }\n"
                + "}\n");

    assertThat(result.success()).isFalse();
    assertThat(result.errors())
        .containsExactly(
            "@McpResource requires a @GET resource method (found @POST)\n"
                + "    for method Orders.create",
            "@McpResource requires a @GET resource method (found no HTTP method annotation)\n"
                + "    for method Orders.helper");
  }

  @Test
  void templateVariablesMustMatchTheRoutesPathParameters() throws Exception {
    Javac.Result result =
        compile(
            "Items",
            "@Path(\"/items\") public class Items {\n"
                + "  @GET @Path(\"/{id: \\\\d+}\") @McpResource(uri = \"app://items/{key}\")\n"
                + "  public String item(@PathParam(\"id\") long id) { return \"\"; }\n"
                + "}\n");

    assertThat(result.errors())
        .containsExactly(
            "template variable 'key' is not a path parameter of the route '/items/{id}' (found"
                + " 'app://items/{key}')\n    for method Items.item",
            "path parameter 'id' of the route '/items/{id}' is missing from the template (found"
                + " 'app://items/{key}')\n    for method Items.item");
  }

  @Test
  void queryVariablesMustBeQueryParams() throws Exception {
    Javac.Result result =
        compile(
            "Search",
            "@Path(\"/search\") public class Search {\n"
                + "  @GET @McpResource(uri = \"app://search{?q,page}\")\n"
                + "  public String search(@QueryParam(\"q\") String q) { return \"\"; }\n"
                + "}\n");

    assertThat(result.errors())
        .containsExactly(
            "query variable 'page' is not a @QueryParam of the method (found"
                + " 'app://search{?q,page}', @QueryParams [q])\n    for method Search.search");
  }

  @Test
  void missingSchemeAndAdjacentVariablesAreCompileErrors() throws Exception {
    Javac.Result result =
        compile(
            "Bad",
            "@Path(\"/bad\") public class Bad {\n"
                + "  @GET @McpResource(uri = \"bad/path\") public String noScheme() { return \"\"; }\n"
                + "  @GET @Path(\"/{a}/{b}\") @McpResource(uri = \"app://bad/{a}{b}\")\n"
                + "  public String adjacent(@PathParam(\"a\") String a, @PathParam(\"b\") String b) {"
                + " return \"\"; }\n"
                + "}\n");

    assertThat(result.errors())
        .containsExactly(
            "invalid URI template: template must start with 'scheme://' (found 'bad/path')\n"
                + "    for method Bad.noScheme",
            "invalid URI template: variables 'a' and 'b' are adjacent; put literal text between"
                + " them (found 'app://bad/{a}{b}')\n    for method Bad.adjacent");
  }

  @Test
  void validResourcesCompileCleanly() throws Exception {
    Javac.Result result =
        compile(
            "Fine",
            "@Path(\"/fine\") public class Fine {\n"
                + "  @GET @Path(\"/{id}\") @McpResource\n"
                + "  public String one(@PathParam(\"id\") String id, @QueryParam(\"v\") int v) {"
                + " return \"\"; }\n"
                + "}\n");

    assertThat(result.success()).isTrue();
    assertThat(result.errors()).isEmpty();
  }

  private static final String TWO_STATES =
      "@Path(\"/w\") public class Widgets {\n"
          + "  @GET @Path(\"/state\") @Produces(\"text/plain\")\n"
          + "  @McpResource(name = \"state\") public String state() { return \"\"; }\n"
          + "}\n";

  @Test
  void twoToolsWithTheSameExplicitNameFailTheCompilationNamingBoth() throws Exception {
    Javac.Result result =
        Javac.compile(
            Map.of(
                "fx.Widgets",
                IMPORTS + TWO_STATES,
                "fx.Gadgets",
                IMPORTS
                    + "@Path(\"/g\") public class Gadgets {\n"
                    + "  @GET @Path(\"/state\") @Produces(\"text/plain\")\n"
                    + "  @McpResource(name = \"state\") public String current() { return \"\"; }\n"
                    + "}\n"));

    assertThat(result.errors())
        .containsExactly(
            "two tools have the same name 'state' (found resource name 'state'; the other is the"
                + " tool of Gadgets.current, resource name 'state'); give one resource another name"
                + " or set tool = false\n    for method Widgets.state");
  }

  @Test
  void methodNamesThatRepeatAcrossClassesCompile() throws Exception {
    Javac.Result result =
        Javac.compile(
            Map.of(
                "fx.Widgets",
                IMPORTS
                    + "@Path(\"/w\") public class Widgets {\n"
                    + "  @GET @Path(\"/state\") @Produces(\"text/plain\")\n"
                    + "  @McpResource public String state() { return \"\"; }\n"
                    + "}\n",
                "fx.Gadgets",
                IMPORTS
                    + "@Path(\"/g\") public class Gadgets {\n"
                    + "  @GET @Path(\"/state\") @Produces(\"text/plain\")\n"
                    + "  @McpResource public String state() { return \"\"; }\n"
                    + "}\n"));

    assertThat(result.errors()).isEmpty();
  }

  @Test
  void theToolNameCheckCanBeTurnedOffForAnApplicationWithoutTools() throws Exception {
    Javac.Result result =
        Javac.compile(
            Map.of(
                "fx.Widgets",
                IMPORTS + TWO_STATES,
                "fx.Gadgets",
                IMPORTS
                    + "@Path(\"/g\") public class Gadgets {\n"
                    + "  @GET @Path(\"/state\") @Produces(\"text/plain\")\n"
                    + "  @McpResource(name = \"state\") public String current() { return \"\"; }\n"
                    + "}\n"),
            java.util.List.of("-Ajaxrsmcp.tools=false"));

    assertThat(result.errors()).isEmpty();
  }
}
