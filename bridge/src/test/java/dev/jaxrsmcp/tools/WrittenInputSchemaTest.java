package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code @McpTool(inputSchema)}: a hand-written input schema (JSON Schema 2020-12 keywords a
 * generated one has not) is listed as written, and the call's arguments are the route's entity; a
 * missing resource, a schema that is not of type object, or a method with other arguments fails the
 * start.
 */
class WrittenInputSchemaTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Path("/contacts")
  public static class Contacts {
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @McpTool(name = "add_contact", inputSchema = "contact.schema.json")
    public String add(String contact) {
      return "{\"added\":" + contact + "}";
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Contacts.class)
                .register(McpFeature.builder().name("contacts").version("1").build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void theSchemaIsListedAsWritten() throws Exception {
    JsonNode tool =
        MAPPER
            .readTree(mcp.call("tools/list", Map.of()).then().statusCode(200).extract().asString())
            .at("/result/tools/0");
    try (InputStream written = getClass().getResourceAsStream("contact.schema.json")) {
      assertThat(tool.get("inputSchema")).isEqualTo(MAPPER.readTree(written));
    }
  }

  @Test
  void theArgumentsAreTheRoutesEntity() throws Exception {
    String answer =
        mcp.call(
                "tools/call",
                Map.of(
                    "name",
                    "add_contact",
                    "arguments",
                    Map.of("name", "Ada", "email", "ada@example.com")))
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(MAPPER.readTree(answer).at("/result/structuredContent"))
        .isEqualTo(MAPPER.readTree("{\"added\":{\"name\":\"Ada\",\"email\":\"ada@example.com\"}}"));
  }

  private static io.restassured.response.Response call(
      Map<String, ?> arguments, Map<String, String> headers) {
    return mcp.request("tools/call", "add_contact")
        .headers(headers)
        .body(
            Mcp.body(1, "tools/call", Map.of("name", "add_contact", "arguments", arguments))
                .toString())
        .post(mcp.url());
  }

  @Test
  void xMcpHeaderPropertiesOfAWrittenSchemaAreCheckedAsGeneratedOnesAre() throws Exception {
    Map<String, Object> contact =
        Map.of(
            "name",
            "Ada",
            "email",
            "ada@example.com",
            "region",
            "eu",
            "address",
            Map.of("city", "Zürich"));
    String answer =
        call(contact, Map.of("Mcp-Param-Region", "eu", "Mcp-Param-City", "=?base64?WsO8cmljaA==?="))
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(MAPPER.readTree(answer).at("/result/structuredContent/added"))
        .isEqualTo(MAPPER.valueToTree(contact));
    assertThat(
            MAPPER.readTree(
                call(contact, Map.of("Mcp-Param-Region", "eu"))
                    .then()
                    .statusCode(400)
                    .extract()
                    .asString()))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"error":{"code":-32020,
                 "message":"Header mismatch: the Mcp-Param-City header is required when argument 'address.city' is given (found none) (tool 'add_contact')",
                 "data":{"tool":"add_contact","argument":"address.city"}}}
                """));
  }

  @Path("/bad-headers")
  public static class BadHeaders {
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @McpTool(inputSchema = "bad-headers.schema.json")
    public String add(String contact) {
      return "";
    }
  }

  @Test
  void xMcpHeaderAnnotationsBreakingTheSpecificationsRulesFailTheStart() {
    assertThat(McpToolStartupTest.failure(BadHeaders.class))
        .isEqualTo(
            "Invalid @McpTool declarations (3 problems):\n"
                + "@McpTool(inputSchema) 'bad-headers.schema.json': x-mcp-header must be on a"
                + " property of type string, integer or boolean (found type 'number' on 'ratio')\n"
                + "    for method BadHeaders.add\n"
                + "@McpTool(inputSchema) 'bad-headers.schema.json': x-mcp-header values must be"
                + " unique without case (found \"ratio\" again on 'region')\n"
                + "    for method BadHeaders.add\n"
                + "@McpTool(inputSchema) 'bad-headers.schema.json': x-mcp-header must be an HTTP"
                + " token (found \"a zone\" on 'zone')\n"
                + "    for method BadHeaders.add");
  }

  @Path("/missing")
  public static class Missing {
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @McpTool(inputSchema = "missing.schema.json")
    public String add(String contact) {
      return "";
    }
  }

  @Path("/array")
  public static class NotAnObject {
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @McpTool(inputSchema = "not-an-object.schema.json")
    public String add(String contact) {
      return "";
    }
  }

  @Path("/with-path/{id}")
  public static class WithPath {
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @McpTool(inputSchema = "contact.schema.json")
    public String add(@PathParam("id") String id, String contact) {
      return "";
    }
  }

  @Test
  void aMissingResourceFailsTheStart() {
    assertThat(McpToolStartupTest.failure(Missing.class))
        .isEqualTo(
            "Invalid @McpTool declaration:\n"
                + "@McpTool(inputSchema) names a classpath resource that does not exist (found"
                + " 'missing.schema.json', looked up from"
                + " dev.jaxrsmcp.tools.WrittenInputSchemaTest$Missing)\n"
                + "    for method Missing.add");
  }

  @Test
  void aSchemaNotOfTypeObjectFailsTheStart() {
    assertThat(McpToolStartupTest.failure(NotAnObject.class))
        .isEqualTo(
            "Invalid @McpTool declaration:\n"
                + "@McpTool(inputSchema) must be a JSON Schema of \"type\": \"object\" (found"
                + " 'not-an-object.schema.json' with type \"array\")\n"
                + "    for method NotAnObject.add");
  }

  @Test
  void aMethodWithOtherArgumentsFailsTheStart() {
    assertThat(McpToolStartupTest.failure(WithPath.class))
        .isEqualTo(
            "Invalid @McpTool declaration:\n"
                + "@McpTool(inputSchema) makes the arguments the route's entity: the method must"
                + " take one entity and no path, query or header arguments (found arguments [id])\n"
                + "    for method WithPath.add");
  }
}
