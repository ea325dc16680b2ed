package dev.jaxrsmcp.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DiscoveryTest {
  @Path("/")
  public static class Shop {
    @GET
    @Path("items")
    @Produces("application/json")
    public String items() {
      return "[{\"id\":\"apple\",\"name\":\"Apple\"},{\"id\":\"avocado\"},{\"id\":\"banana\"},"
          + "{\"nope\":1},{\"id\":\"\"},{\"id\":\"has/slash\",\"title\":\"Slashed\"}]";
    }

    @GET
    @Path("items/{id}")
    @Produces("application/json")
    @McpResource(
        uri = "app://items/{id}",
        listFrom = "/items",
        title = "An item",
        audience = {"user", "assistant"},
        priority = 0.5,
        icons = "https://example.com/item.png",
        meta = "com.example/kind=item")
    public String item(@PathParam("id") String id) {
      return "{\"id\":\"" + id + "\"}";
    }

    @GET
    @Path("codes/{code}")
    @Produces("text/plain")
    @McpResource(uri = "app://codes/{code}")
    public String code(@PathParam("code") String code) {
      return code;
    }

    @GET
    @Path("cached")
    @Produces("text/plain")
    @McpResource(uri = "app://cached")
    public Response cached() {
      return Response.ok("c")
          .header("Cache-Control", "private, max-age=60")
          .header("Last-Modified", "Tue, 03 Jun 2025 10:15:30 GMT")
          .build();
    }

    @GET
    @Path("nostore")
    @Produces("text/plain")
    @McpResource(uri = "app://nostore", cacheTtlMs = 5000, cacheScope = "public")
    public Response noStore() {
      return Response.ok("n").header("Cache-Control", "no-store, private").build();
    }

    @GET
    @Path("fresh")
    @Produces("text/plain")
    @McpResource(uri = "app://fresh")
    public Response fresh() {
      return Response.ok("f").header("Cache-Control", "no-cache").build();
    }
  }

  /** The collection route needs "Bearer ok"; the rest is open. */
  public static class CollectionAuth implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (request.getUriInfo().getPath().equals("items")
          && !"Bearer ok".equals(request.getHeaderString("Authorization"))) {
        request.abortWith(Response.status(401).header("WWW-Authenticate", "Bearer").build());
      }
    }
  }

  /** Five exact resources for paging. */
  @Path("/pages")
  public static class Pages {
    @GET
    @Path("1")
    @McpResource(uri = "app://p/1")
    public String p1() {
      return "1";
    }

    @GET
    @Path("2")
    @McpResource(uri = "app://p/2")
    public String p2() {
      return "2";
    }

    @GET
    @Path("3")
    @McpResource(uri = "app://p/3")
    public String p3() {
      return "3";
    }

    @GET
    @Path("4")
    @McpResource(uri = "app://p/4")
    public String p4() {
      return "4";
    }

    @GET
    @Path("5")
    @McpResource(uri = "app://p/5")
    public String p5() {
      return "5";
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    List<String> many = IntStream.range(0, 150).mapToObj(i -> "c" + i).toList();
    server =
        TestServer.start(
            new ResourceConfig(Shop.class, Pages.class, CollectionAuth.class)
                .register(
                    McpFeature.builder()
                        .pageSize(3)
                        .complete(
                            "app://codes/{code}",
                            "code",
                            (prefix, resolved) -> new ArrayList<>(many))
                        .build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonPath call(String method, Map<String, ?> params, String authorization) {
    Object name = params.get("uri");
    var request =
        mcp.request(method, name == null ? null : name.toString())
            .body(Mcp.body(1, method, params).toString());
    if (authorization != null) {
      request = request.header("Authorization", authorization);
    }
    return request.post(mcp.url()).then().statusCode(200).extract().jsonPath();
  }

  private static List<String> allUris(String authorization) {
    List<String> uris = new ArrayList<>();
    Map<String, Object> params = new HashMap<>();
    for (int page = 0; page < 20; page++) {
      JsonPath json = call("resources/list", params, authorization);
      uris.addAll(json.getList("result.resources.uri"));
      String next = json.getString("result.nextCursor");
      if (next == null) {
        return uris;
      }
      params.put("cursor", next);
    }
    throw new AssertionError("more than 20 pages");
  }

  @Test
  void resourcesListPagesAcrossBoundariesInAStableOrder() {
    JsonPath first = call("resources/list", Map.of(), "Bearer ok");
    assertThat(first.getList("result.resources")).hasSize(3);
    assertThat(first.getString("result.nextCursor")).isNotBlank();

    List<String> uris = allUris("Bearer ok");

    assertThat(uris)
        .containsExactly(
            "app://cached",
            "app://fresh",
            "app://nostore",
            "app://p/1",
            "app://p/2",
            "app://p/3",
            "app://p/4",
            "app://p/5",
            "app://items/apple",
            "app://items/avocado",
            "app://items/banana",
            "app://items/has%2Fslash");
    assertThat(allUris("Bearer ok")).isEqualTo(uris);
  }

  @Test
  void membersFollowTheCollectionRoutesAuthorization() {
    assertThat(allUris(null)).noneMatch(uri -> uri.startsWith("app://items/"));
    assertThat(allUris("Bearer ok")).contains("app://items/apple");
  }

  @Test
  void membersCarryTitlesAndTheTemplatesListingAttributes() {
    List<Map<String, Object>> members = new ArrayList<>();
    Map<String, Object> params = new HashMap<>();
    for (int page = 0; page < 10; page++) {
      JsonPath json = call("resources/list", params, "Bearer ok");
      members.addAll(json.getList("result.resources"));
      if (json.getString("result.nextCursor") == null) {
        break;
      }
      params.put("cursor", json.getString("result.nextCursor"));
    }
    Map<String, Object> apple =
        members.stream().filter(m -> m.get("uri").equals("app://items/apple")).findFirst().get();
    assertThat(apple)
        .containsEntry("name", "item-apple")
        .containsEntry("title", "Apple")
        .containsEntry("mimeType", "application/json")
        .containsEntry(
            "annotations", Map.of("audience", List.of("user", "assistant"), "priority", 0.5f))
        .containsEntry("icons", List.of(Map.of("src", "https://example.com/item.png")))
        .containsEntry("_meta", Map.of("com.example/kind", "item"));
    Map<String, Object> avocado =
        members.stream().filter(m -> m.get("uri").equals("app://items/avocado")).findFirst().get();
    assertThat(avocado).containsEntry("title", "An item");
  }

  @Test
  void templatesAndToolsPageToo() {
    JsonPath templates = call("resources/templates/list", Map.of(), null);
    assertThat(templates.getList("result.resourceTemplates.uriTemplate"))
        .containsExactly("app://codes/{code}", "app://items/{id}");
    assertThat(templates.getString("result.nextCursor")).isNull();

    JsonPath tools = call("tools/list", Map.of(), null);
    assertThat(tools.getList("result.tools")).hasSize(3);
    JsonPath more =
        call("tools/list", Map.of("cursor", tools.getString("result.nextCursor")), null);
    assertThat(more.getList("result.tools")).hasSize(3);
  }

  @Test
  void invalidCursorsAreRefused() {
    for (String cursor : List.of("garbage!", "bm90LW91cnM", "amF4cnMtbWNwL3YxLzk5OQ")) {
      JsonPath json = call("resources/list", Map.of("cursor", cursor), null);
      assertThat(json.getInt("error.code")).isEqualTo(-32602);
      assertThat(json.getString("error.message"))
          .isEqualTo("Invalid params: cursor '" + cursor + "' is not one this server gave out");
    }
  }

  @Test
  void completionFiltersByPrefixAndCapsAtOneHundred() {
    JsonPath all =
        call(
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/resource", "uri", "app://codes/{code}"),
                "argument", Map.of("name", "code", "value", "c")),
            null);
    assertThat(all.getList("result.completion.values")).hasSize(100);
    assertThat(all.getInt("result.completion.total")).isEqualTo(150);
    assertThat(all.getBoolean("result.completion.hasMore")).isTrue();

    JsonPath some =
        call(
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/resource", "uri", "app://codes/{code}"),
                "argument", Map.of("name", "code", "value", "c14")),
            null);
    assertThat(some.getList("result.completion.values"))
        .containsExactly(
            "c14", "c140", "c141", "c142", "c143", "c144", "c145", "c146", "c147", "c148", "c149");
    assertThat(some.getBoolean("result.completion.hasMore")).isFalse();
  }

  @Test
  void collectionBackedCompletionUsesTheCallersCredentials() {
    Map<String, Object> params =
        Map.of(
            "ref", Map.of("type", "ref/resource", "uri", "app://items/{id}"),
            "argument", Map.of("name", "id", "value", "a"));
    assertThat(call("completion/complete", params, "Bearer ok").getList("result.completion.values"))
        .containsExactly("apple", "avocado");
    assertThat(call("completion/complete", params, null).getList("result.completion.values"))
        .isEmpty();
  }

  @Test
  void completionOfUnknownTemplatesVariablesAndPromptsIsRefused() {
    JsonPath template =
        call(
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/resource", "uri", "app://nope/{x}"),
                "argument", Map.of("name", "x", "value", "")),
            null);
    assertThat(template.getInt("error.code")).isEqualTo(-32602);
    assertThat(template.getString("error.message"))
        .isEqualTo("Invalid params: no resource template is 'app://nope/{x}'");

    JsonPath variable =
        call(
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/resource", "uri", "app://codes/{code}"),
                "argument", Map.of("name", "zzz", "value", "")),
            null);
    assertThat(variable.getString("error.message"))
        .isEqualTo("Invalid params: template 'app://codes/{code}' has no variable 'zzz'");

    JsonPath prompt =
        call(
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/prompt", "name", "p"),
                "argument", Map.of("name", "x", "value", "")),
            null);
    assertThat(prompt.getString("error.message"))
        .isEqualTo("Invalid params: no prompt is named 'p'");
  }

  @Test
  void discoverAdvertisesCompletions() {
    JsonPath json = call("server/discover", Map.of(), null);
    assertThat(json.getMap("result.capabilities")).containsKey("completions");
  }

  @Test
  void cacheHintsFollowTheRoutesCacheControlUnlessTheAnnotationSetsThem() {
    JsonPath cached = call("resources/read", Map.of("uri", "app://cached"), null);
    assertThat(cached.getLong("result.ttlMs")).isEqualTo(60_000);
    assertThat(cached.getString("result.cacheScope")).isEqualTo("private");
    assertThat(cached.getString("result.contents[0].annotations.lastModified"))
        .isEqualTo("2025-06-03T10:15:30Z");

    JsonPath annotated = call("resources/read", Map.of("uri", "app://nostore"), null);
    assertThat(annotated.getLong("result.ttlMs")).isEqualTo(5000);
    assertThat(annotated.getString("result.cacheScope")).isEqualTo("public");

    JsonPath fresh = call("resources/read", Map.of("uri", "app://fresh"), null);
    assertThat(fresh.getLong("result.ttlMs")).isZero();
  }
}
