package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * Hostile input over real HTTP (contract sections 5 and 11): random bytes, truncated and deeply
 * nested JSON, wrong types in every field, huge strings, unicode and control characters in URIs and
 * headers, random method names, in both eras. Every answer is a well-formed JSON-RPC message or a
 * 4xx, never a 5xx, a leaked stack trace, an unexpected internal error or a hung request, and the
 * server keeps serving afterwards.
 */
class HostileInputPropertiesTest {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  static final int MAX_BODY = 64 * 1024;

  @Path("/")
  public static class Routes {
    @GET
    @Path("/files/{name}")
    @Produces("text/plain")
    @McpResource(uri = "app://files/{name}", subscribe = true)
    public String file(@PathParam("name") String name) {
      return "file " + name;
    }

    @GET
    @Path("/search")
    @Produces("application/json")
    @McpResource(uri = "app://search{?q,limit}")
    public String search(@QueryParam("q") String q, @QueryParam("limit") int limit) {
      return "{\"q\":" + MAPPER.getNodeFactory().textNode(String.valueOf(q)) + "}";
    }

    @GET
    @Path("/reports/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://reports/{id}", longRunning = true, maxBytes = 100)
    public StreamingOutput report(@PathParam("id") long id) {
      return out -> out.write(("report " + id + " ").repeat(20).getBytes(StandardCharsets.UTF_8));
    }

    @GET
    @Path("/private/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://private/{id}")
    public Response secret(
        @PathParam("id") String id, @HeaderParam("Authorization") String authorization) {
      return authorization == null
          ? Response.status(401).header("WWW-Authenticate", "Bearer").build()
          : Response.ok("private " + id).build();
    }

    @GET
    @Path("/boom/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://boom/{id}")
    public String boom(@PathParam("id") String id) {
      throw new IllegalStateException("boom " + id);
    }
  }

  static TestServer server;
  static String session;

  @BeforeContainer
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Routes.class)
                .register(
                    McpFeature.builder()
                        .maxBodyBytes(MAX_BODY)
                        .listenTimeout(Duration.ofMillis(100))
                        .readTimeout(Duration.ofSeconds(10))
                        .watch("app://files/{name}", target -> () -> {})
                        .complete("app://files/{name}", "name", McpCompleter.of("a", "b", "c"))
                        .build()));
    session =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .body(Bodies.initialize())
            .send()
            .header("Mcp-Session-Id");
  }

  @AfterContainer
  static void stop() {
    server.close();
  }

  // The requests the generators start from: every method of both eras, with valid params.

  static final List<String> MODERN_TEMPLATES =
      List.of(
          Bodies.modern(1, "server/discover", Map.of()),
          Bodies.modern(2, "resources/list", Map.of()),
          Bodies.modern(3, "resources/templates/list", Map.of("cursor", "x")),
          Bodies.modern(4, "resources/read", Map.of("uri", "app://files/a")),
          Bodies.modern(5, "resources/read", Map.of("uri", "app://search?q=x&limit=3")),
          Bodies.modern(6, "resources/read", Map.of("uri", "app://reports/7")),
          Bodies.modern(7, "resources/read", Map.of("uri", "app://private/1")),
          Bodies.modern(8, "resources/read", Map.of("uri", "app://boom/1")),
          Bodies.modern(9, "tools/list", Map.of()),
          Bodies.modern(
              10,
              "tools/call",
              Map.of("name", "search", "arguments", Map.of("q", "x", "limit", 2))),
          Bodies.modern(11, "tools/call", Map.of("name", "file", "arguments", Map.of("name", "a"))),
          Bodies.modern(
              12,
              "completion/complete",
              Map.of(
                  "ref", Map.of("type", "ref/resource", "uri", "app://files/{name}"),
                  "argument", Map.of("name", "name", "value", "a"),
                  "context", Map.of("arguments", Map.of()))),
          Bodies.modern(
              13,
              "subscriptions/listen",
              Map.of(
                  "notifications",
                  Map.of(
                      "resourceSubscriptions",
                      List.of("app://files/a", "app://files/b"),
                      "resourcesListChanged",
                      true,
                      "toolsListChanged",
                      true))));

  static final List<String> LEGACY_TEMPLATES =
      List.of(
          Bodies.initialize(),
          Bodies.legacy(null, "notifications/initialized", null),
          Bodies.legacy(2, "ping", null),
          Bodies.legacy(3, "logging/setLevel", Map.of("level", "info")),
          Bodies.legacy(4, "resources/list", Map.of()),
          Bodies.legacy(5, "resources/read", Map.of("uri", "app://files/a")),
          Bodies.legacy(6, "resources/read", Map.of("uri", "app://reports/7")),
          Bodies.legacy(7, "tools/call", Map.of("name", "file", "arguments", Map.of("name", "a"))),
          Bodies.legacy(8, "resources/subscribe", Map.of("uri", "app://files/a")),
          Bodies.legacy(9, "resources/unsubscribe", Map.of("uri", "app://files/a")),
          Bodies.legacy(null, "notifications/cancelled", Map.of("requestId", 6, "reason", "x")),
          "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}");

  static List<String> allTemplates() {
    List<String> all = new ArrayList<>(MODERN_TEMPLATES);
    all.addAll(LEGACY_TEMPLATES);
    return all;
  }

  // Properties

  @Property(tries = 200)
  void randomBytesAreRefusedCleanly(
      @ForAll("bytes") byte[] body, @ForAll @IntRange(min = 0, max = 2) int headerKind) {
    RawHttp request = RawHttp.post(server.port(), "/mcp").json();
    if (headerKind == 1) {
      request.header("MCP-Protocol-Version", Mcp.VERSION).header("Mcp-Method", "resources/read");
    } else if (headerKind == 2) {
      request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
    }
    check(request.body(body));
  }

  @Property(tries = 200)
  void truncatedJsonIsRefusedCleanly(
      @ForAll("templates") String template, @ForAll @IntRange(min = 0, max = 1000) int cut) {
    String body = template.substring(0, Math.min(cut, template.length() - 1));
    check(withHeaders(template, body));
  }

  @Property(tries = 200)
  void deeplyNestedJsonIsRefusedCleanly(
      @ForAll("templates") String template,
      @ForAll @IntRange(min = 1, max = 400) int depth,
      @ForAll boolean objects,
      @ForAll long seed) {
    ObjectNode tree = parse(template);
    JsonNode deep = NODES.textNode("bottom");
    for (int i = 0; i < depth; i++) {
      deep = objects ? NODES.objectNode().set("k", deep) : NODES.arrayNode().add(deep);
    }
    replaceSomewhere(tree, deep, new Random(seed));
    check(withHeaders(tree.toString(), tree.toString()));
  }

  @Property(tries = 200)
  void wrongTypesInAnyFieldAreRefusedCleanly(
      @ForAll("templates") String template, @ForAll long seed) {
    Random random = new Random(seed);
    ObjectNode tree = parse(template);
    int mutations = 1 + random.nextInt(3);
    for (int i = 0; i < mutations; i++) {
      replaceSomewhere(tree, randomValue(random, 3), random);
    }
    check(withHeaders(tree.toString(), tree.toString()));
  }

  @Property(tries = 200)
  void hugeStringsAreRefusedCleanly(
      @ForAll("templates") String template,
      @ForAll @IntRange(min = 1_000, max = 200_000) int length,
      @ForAll long seed) {
    Random random = new Random(seed);
    ObjectNode tree = parse(template);
    StringBuilder huge = new StringBuilder(length);
    while (huge.length() < length) {
      huge.append(
          (char) (random.nextBoolean() ? 'a' + random.nextInt(26) : random.nextInt(0x3000)));
    }
    replaceSomewhere(tree, NODES.textNode(huge.toString()), random);
    check(withHeaders(tree.toString(), tree.toString()));
  }

  @Property(tries = 200)
  void unicodeAndControlCharactersInUrisAreRefusedOrServedCleanly(
      @ForAll("hostileText") String tail, @ForAll @IntRange(min = 0, max = 3) int where) {
    String uri =
        switch (where) {
          case 0 -> "app://files/" + tail;
          case 1 -> "app://search?q=" + tail;
          case 2 -> tail;
          default -> "app://" + tail + "/x";
        };
    String read = Bodies.modern(1, "resources/read", Map.of("uri", uri));
    check(withHeaders(read, read));
    String listen =
        Bodies.modern(
            2,
            "subscriptions/listen",
            Map.of("notifications", Map.of("resourceSubscriptions", List.of(uri))));
    check(withHeaders(listen, listen));
    String tool =
        Bodies.modern(3, "tools/call", Map.of("name", "file", "arguments", Map.of("name", tail)));
    check(withHeaders(tool, tool));
    String legacy = Bodies.legacy(4, "resources/read", Map.of("uri", uri));
    check(withHeaders(legacy, legacy));
  }

  @Property(tries = 200)
  void unicodeAndControlCharactersInHeadersAreRefusedCleanly(
      @ForAll("templates") String template,
      @ForAll("headerNames") String name,
      @ForAll("headerValues") byte[] value,
      @ForAll("httpMethods") String httpMethod) {
    RawHttp request = withHeaders(template, template, name);
    request.headerBytes(name, value);
    if (!httpMethod.equals("POST")) {
      request = RawHttp.request(server.port(), httpMethod, "/mcp").headerBytes(name, value);
      if (!name.equalsIgnoreCase("Accept")) {
        request.header("Accept", "text/event-stream");
      }
    }
    check(request);
  }

  @Property(tries = 200)
  void randomMethodNamesAreRefusedCleanly(
      @ForAll("methodNames") String method, @ForAll boolean legacy, @ForAll boolean notification) {
    Integer id = notification ? null : 1;
    String body =
        legacy
            ? Bodies.legacy(id, method, Map.of("uri", "app://files/a"))
            : notification
                ? Bodies.modern(1, method, Map.of()).replace("\"id\":1,", "")
                : Bodies.modern(1, method, Map.of("uri", "app://files/a"));
    check(withHeaders(body, body));
  }

  // Generators

  @Provide
  Arbitrary<byte[]> bytes() {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(4096);
  }

  @Provide
  Arbitrary<String> templates() {
    return Arbitraries.of(allTemplates());
  }

  @Provide
  Arbitrary<String> hostileText() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(200),
        Arbitraries.strings().withCharRange('\u0000', '\u001f').ofMaxLength(50),
        Arbitraries.strings()
            .withChars("%/?#[]@!$&'()*+,;=.{}\\:~ \u00e9\u65e5\u200b\ud83d\ude00\ufffe")
            .ofMaxLength(100),
        Arbitraries.strings().ofMinLength(4000).ofMaxLength(6000).withCharRange('a', 'z'));
  }

  @Provide
  Arbitrary<String> headerNames() {
    return Arbitraries.of(
        "MCP-Protocol-Version",
        "Mcp-Method",
        "Mcp-Name",
        "Mcp-Session-Id",
        "Origin",
        "Authorization",
        "Cookie",
        "Accept",
        "Content-Type",
        "Last-Event-ID",
        "traceparent",
        "X-Anything");
  }

  /** Header values: any byte but CR and LF (which end a header line on the wire). */
  @Provide
  Arbitrary<byte[]> headerValues() {
    return Arbitraries.oneOf(
        Arbitraries.bytes().filter(b -> b != '\r' && b != '\n').array(byte[].class).ofMaxSize(300),
        Arbitraries.strings()
            .all()
            .ofMaxLength(100)
            .map(s -> s.replace('\r', ' ').replace('\n', ' ').getBytes(StandardCharsets.UTF_8)),
        Arbitraries.of(
                "=?base64?" + "%%%" + "?=",
                "=?base64?YWJj?=",
                "2026-07-28, 2025-11-25",
                "application/json; charset=utf-16",
                "text/event-stream;q=0",
                "*/*;q=abc",
                "null",
                "http://localhost:1",
                "Bearer " + "x".repeat(8000))
            .map(s -> s.getBytes(StandardCharsets.UTF_8)));
  }

  @Provide
  Arbitrary<String> httpMethods() {
    return Arbitraries.of("POST", "POST", "POST", "GET", "DELETE");
  }

  @Provide
  Arbitrary<String> methodNames() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMinLength(1).ofMaxLength(80),
        Arbitraries.of(
            "initialize",
            "ping",
            "resources/subscribe",
            "resources/unsubscribe",
            "logging/setLevel",
            "notifications/cancelled",
            "prompts/get",
            "prompts/list",
            "server/discover",
            "subscriptions/listen",
            "tools/call",
            "rpc.discover",
            "__proto__",
            "constructor",
            "RESOURCES/READ",
            "resources/read/",
            " resources/read",
            "resources//read"));
  }

  // Requests and checks

  static ObjectNode parse(String json) {
    try {
      return (ObjectNode) MAPPER.readTree(json);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A POST of {@code body} with the headers a client would send for {@code template}: modern
   * headers (from the body's method and name when they are still strings) or a legacy session.
   */
  static RawHttp withHeaders(String template, String body, String... skipped) {
    RawHttp request = RawHttp.post(server.port(), "/mcp");
    List<String> skip = List.of(skipped);
    if (!skip.contains("Content-Type")) {
      request.header("Content-Type", "application/json");
    }
    if (!skip.contains("Accept")) {
      request.header("Accept", "application/json, text/event-stream");
    }
    JsonNode tree;
    try {
      tree = MAPPER.readTree(body);
    } catch (IOException | RuntimeException e) {
      tree = null;
    }
    if (template.contains("io.modelcontextprotocol/protocolVersion")) {
      if (!skip.contains("MCP-Protocol-Version")) {
        request.header("MCP-Protocol-Version", Mcp.VERSION);
      }
      JsonNode source = tree != null && tree.isObject() ? tree : parse(template);
      JsonNode method = source.path("method");
      if (method.isTextual() && !skip.contains("Mcp-Method")) {
        request.header("Mcp-Method", McpWire.headerValue(method.textValue()));
      }
      JsonNode name =
          source.path("params").has("uri")
              ? source.path("params").path("uri")
              : source.path("params").path("name");
      if (name.isTextual() && !name.textValue().isEmpty() && !skip.contains("Mcp-Name")) {
        request.header("Mcp-Name", McpWire.headerValue(name.textValue()));
      }
    } else if (!template.contains("\"initialize\"")) {
      if (!skip.contains("Mcp-Session-Id")) {
        request.header("Mcp-Session-Id", session);
      }
      if (!skip.contains("MCP-Protocol-Version")) {
        request.header("MCP-Protocol-Version", Bodies.LEGACY_VERSION);
      }
    }
    return request.body(body);
  }

  /** Replaces the value of a random member or element of {@code tree} (or adds a member). */
  static void replaceSomewhere(ObjectNode tree, JsonNode value, Random random) {
    List<JsonNode> containers = new ArrayList<>();
    collectContainers(tree, containers);
    JsonNode target = containers.get(random.nextInt(containers.size()));
    if (target instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      String name =
          names.isEmpty() || random.nextInt(5) == 0
              ? List.of("id", "method", "params", "_meta", "uri", "name", "cursor", "x")
                  .get(random.nextInt(8))
              : names.get(random.nextInt(names.size()));
      object.set(name, value);
    } else if (target instanceof ArrayNode array) {
      if (array.isEmpty()) {
        array.add(value);
      } else {
        array.set(random.nextInt(array.size()), value);
      }
    }
  }

  static void collectContainers(JsonNode node, List<JsonNode> out) {
    if (node.isContainerNode()) {
      out.add(node);
      for (JsonNode child : node) {
        collectContainers(child, out);
      }
    }
  }

  static JsonNode randomValue(Random random, int depth) {
    int kind = random.nextInt(depth > 0 ? 12 : 10);
    return switch (kind) {
      case 0 -> NODES.nullNode();
      case 1 -> NODES.booleanNode(random.nextBoolean());
      case 2 -> NODES.numberNode(random.nextLong());
      case 3 -> NODES.numberNode(random.nextDouble() * 1e300);
      case 4 -> NODES.numberNode(new java.math.BigInteger(200, random));
      case 5 -> NODES.numberNode(-0.0);
      case 6 -> NODES.textNode("");
      case 7 -> NODES.textNode(randomText(random, 40));
      case 8 ->
          NODES.textNode(
              List.of("2026-07-28", "2025-11-25", "app://files/a", "file", "info", "ref/resource")
                  .get(random.nextInt(6)));
      case 9 -> NODES.numberNode(random.nextInt(3) - 1);
      case 10 -> {
        ArrayNode array = NODES.arrayNode();
        for (int i = random.nextInt(4); i > 0; i--) {
          array.add(randomValue(random, depth - 1));
        }
        yield array;
      }
      default -> {
        ObjectNode object = NODES.objectNode();
        for (int i = random.nextInt(4); i > 0; i--) {
          object.set(randomText(random, 8), randomValue(random, depth - 1));
        }
        yield object;
      }
    };
  }

  static String randomText(Random random, int max) {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(max + 1); i > 0; i--) {
      text.append((char) (random.nextInt(4) == 0 ? random.nextInt(0x20) : random.nextInt(0xD800)));
    }
    return text.toString();
  }

  /** Sends the request, checks the answer, then checks the server still serves a plain read. */
  static void check(RawHttp request) {
    assertWellFormed(request.send());
    RawHttp.Reply health =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", "app://files/ok")
            .body(Bodies.modern(1, "resources/read", Map.of("uri", "app://files/ok")))
            .send();
    assertThat(health.status()).as(health.text()).isEqualTo(200);
    assertThat(health.json().at("/result/contents/0/text").textValue()).isEqualTo("file ok");
  }

  static void assertWellFormed(RawHttp.Reply reply) {
    String shown = reply.status() + " " + reply.headers() + "\n" + reply.text();
    assertThat(reply.status()).as(shown).isBetween(200, 499);
    assertThat(reply.text()).as(shown).doesNotContain("Exception").doesNotContain("\tat ");
    String type = reply.contentType();
    if (type.startsWith("application/json") && reply.body().length > 0) {
      assertJsonRpc(reply.json(), shown);
      if (reply.status() >= 400) {
        assertThat(reply.json().has("error")).as(shown).isTrue();
      }
    } else if (type.startsWith("text/event-stream")) {
      assertThat(reply.status()).as(shown).isEqualTo(200);
      for (String line : reply.text().split("\n")) {
        if (line.startsWith("data:")) {
          try {
            assertJsonRpc(MAPPER.readTree(line.substring(5).trim()), shown);
          } catch (IOException e) {
            throw new AssertionError("SSE data that is not JSON: " + shown, e);
          }
        }
      }
    } else if (reply.status() < 300) {
      assertThat(reply.status()).as(shown).isIn(202, 204);
      assertThat(reply.body()).as(shown).isEmpty();
    }
  }

  /** A JSON-RPC message: result or error (never both), no null anywhere, no internal incident. */
  static void assertJsonRpc(JsonNode message, String shown) {
    assertThat(message.path("jsonrpc").textValue()).as(shown).isEqualTo("2.0");
    assertNoNulls(message, shown);
    if (message.has("method")) {
      return; // a notification on a stream
    }
    assertThat(message.has("result") ^ message.has("error")).as(shown).isTrue();
    if (message.has("error")) {
      assertThat(message.at("/error/code").isInt()).as(shown).isTrue();
      assertThat(message.at("/error/message").isTextual()).as(shown).isTrue();
      assertThat(message.at("/error/message").textValue()).as(shown).doesNotContain("incident");
    }
    JsonNode id = message.get("id");
    assertThat(id == null || id.isTextual() || id.isIntegralNumber()).as(shown).isTrue();
  }

  static void assertNoNulls(JsonNode node, String shown) {
    assertThat(node.isNull()).as("null in " + shown).isFalse();
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        assertNoNulls(it.next().getValue(), shown);
      }
    } else if (node.isArray()) {
      node.forEach(child -> assertNoNulls(child, shown));
    }
  }
}
