package dev.jaxrsmcp.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code listFromFields} maps a collection item's fields to template variables ({@code personId}
 * from {@code id}); items that still do not fit are dropped, and logged once per template without
 * what they hold.
 */
class ListFromFieldsTest {
  static final String PEOPLE =
      "[{\"id\":1,\"name\":\"Ada\"},{\"id\":2,\"name\":\"Grace\"},"
          + "{\"nick\":\"x\",\"email\":\"secret@example.com\"}]";

  @Path("/people")
  @Produces("application/json")
  public static class People {
    @GET
    public String all() {
      return PEOPLE;
    }

    @GET
    @Path("/{personId}")
    @McpResource(listFrom = "/people", listFromFields = "personId=id", tool = false)
    public String person(@PathParam("personId") long personId) {
      return "{\"id\":" + personId + "}";
    }
  }

  @Path("/staff")
  @Produces("application/json")
  public static class Staff {
    @GET
    public String all() {
      return PEOPLE;
    }

    @GET
    @Path("/{personId}")
    @McpResource(listFrom = "/staff", tool = false)
    public String member(@PathParam("personId") long personId) {
      return "{\"id\":" + personId + "}";
    }
  }

  @Path("/wrong")
  @Produces("application/json")
  public static class Wrong {
    @GET
    @Path("/{id}")
    @McpResource(
        listFrom = "/people",
        listFromFields = {"personId=id", "id"},
        tool = false)
    public String wrong(@PathParam("id") long id) {
      return "";
    }
  }

  private final Logger logger = Logger.getLogger("dev.jaxrsmcp.internal.methods.Members");
  private final List<LogRecord> records = new ArrayList<>();
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    logger.addHandler(handler);
    logger.setLevel(Level.ALL);
  }

  @AfterEach
  void unlisten() {
    logger.removeHandler(handler);
    logger.setLevel(null);
  }

  private static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"jaxrs-mcp\",\"version\":\"0.0.0\"}}";

  @Test
  void itemFieldsMapToTemplateVariables() {
    try (TestServer server =
        TestServer.start(new ResourceConfig(People.class).register(McpFeature.builder().build()))) {
      String list = new Mcp(server.mcpUrl()).call("resources/list", Map.of()).asString();

      assertThat(list)
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\"resources\":["
                  + "{\"uri\":\"app://people/1\",\"name\":\"person-1\","
                  + "\"mimeType\":\"application/json\",\"title\":\"Ada\"},"
                  + "{\"uri\":\"app://people/2\",\"name\":\"person-2\","
                  + "\"mimeType\":\"application/json\",\"title\":\"Grace\"}],"
                  + META
                  + ",\"ttlMs\":0,\"cacheScope\":\"private\"}}");
    }
  }

  @Test
  void droppedItemsAreLoggedOncePerTemplateWithoutWhatTheyHold() {
    try (TestServer server =
        TestServer.start(new ResourceConfig(Staff.class).register(McpFeature.builder().build()))) {
      Mcp mcp = new Mcp(server.mcpUrl());
      String first = mcp.call("resources/list", Map.of()).asString();
      mcp.call("resources/list", Map.of());
      mcp.call("resources/list", Map.of());

      assertThat(first)
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\"resources\":"
                  + "[],"
                  + META
                  + ",\"ttlMs\":0,\"cacheScope\":\"private\"}}");
      List<String> warnings =
          records.stream()
              .filter(r -> r.getLevel() == Level.WARNING)
              .map(LogRecord::getMessage)
              .toList();
      assertThat(warnings)
          .containsExactly(
              "listFrom /staff of Staff.member (app://staff/{personId}): dropped 3 of 3 items (3:"
                  + " they do not give every path variable [personId]); map item fields to"
                  + " variables with @McpResource(listFromFields = \"variable=field\"). Later"
                  + " listings log this at DEBUG");
      assertThat(records)
          .hasSize(3)
          .allSatisfy(
              r ->
                  assertThat(r.getMessage())
                      .doesNotContain("Ada")
                      .doesNotContain("secret@example.com"));
    }
  }

  @Test
  void listFromFieldsAreCheckedAtStartUp() {
    assertThatThrownBy(
            () ->
                new ApplicationHandler(
                    new ResourceConfig(People.class, Wrong.class)
                        .register(McpFeature.builder().build())))
        .isInstanceOf(McpConfigurationException.class)
        .hasMessage(
            """
            Invalid @McpResource declarations (2 problems):
            listFromFields names 'personId', which is not a path variable of the template \
            (found 'personId=id', path variables [id])
                for method Wrong.wrong
            listFromFields entries must be 'variable=field' (found 'id')
                for method Wrong.wrong""");
  }
}
