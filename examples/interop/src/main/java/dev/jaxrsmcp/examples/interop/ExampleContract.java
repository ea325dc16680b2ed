package dev.jaxrsmcp.examples.interop;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.test.McpListen;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpServerExtension;
import dev.jaxrsmcp.test.McpTestClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What both example applications must show, against the running example that {@link #server()}
 * points at: for alice, bob and an anonymous client, in both eras, each resource read through MCP
 * answers as the direct {@code GET} does (same data, same allow/deny, a 401 with the framework's
 * challenge for the anonymous client), the callers' requests interleaved, read with the test kit's
 * client (checked with its assertions) and with the official MCP Java SDK client; plus, in both
 * eras, a subscription and a long-running read with progress.
 */
@Timeout(300)
public abstract class ExampleContract {
  private static final int ROUNDS = 3;

  /**
   * The test kit's extension pointing at the running example (one per test class: {@code
   * McpServerExtension.at(() -> example.base())}).
   */
  protected abstract McpServerExtension server();

  /** The {@code WWW-Authenticate} challenge the framework answers an anonymous caller with. */
  protected abstract String challenge();

  /** A resource, its route, and what each caller must get from the route. */
  record Case(String uri, String path, int alice, int bob, String aliceBody, String bobBody) {
    int status(Caller caller) {
      return switch (caller) {
        case ALICE -> alice;
        case BOB -> bob;
        case ANONYMOUS -> 401;
      };
    }

    String body(Caller caller) {
      return caller == Caller.ALICE ? aliceBody : caller == Caller.BOB ? bobBody : "";
    }

    @Override
    public String toString() {
      return uri;
    }
  }

  static final List<Case> CASES =
      List.of(
          new Case(
              "app://reports/1",
              "/api/reports/1",
              200,
              200,
              "{\"id\":1,\"title\":\"Q1 sales\",\"total\":1200}",
              "{\"id\":1,\"title\":\"Q1 sales\",\"total\":1200}"),
          new Case(
              "app://reports/2",
              "/api/reports/2",
              200,
              200,
              "{\"id\":2,\"title\":\"Q2 sales\",\"total\":1350}",
              "{\"id\":2,\"title\":\"Q2 sales\",\"total\":1350}"),
          new Case(
              "app://reports/3",
              "/api/reports/3",
              200,
              200,
              "{\"id\":3,\"title\":\"Q3 sales\",\"total\":990}",
              "{\"id\":3,\"title\":\"Q3 sales\",\"total\":990}"),
          new Case("app://reports/4", "/api/reports/4", 404, 404, "", ""),
          new Case(
              "app://admin/audit",
              "/api/admin/audit",
              200,
              403,
              "[\"alice approved report 1\",\"bob opened report 2\"]",
              ""),
          new Case("app://me", "/api/me", 200, 200, "{\"name\":\"alice\"}", "{\"name\":\"bob\"}"),
          new Case(
              "app://exports/3",
              "/api/exports/3",
              200,
              200,
              "row,value\n1,1\n2,4\n3,9\n",
              "row,value\n1,1\n2,4\n3,9\n"));

  static Stream<Arguments> reads() {
    List<Arguments> all = new ArrayList<>();
    for (Era era : Era.values()) {
      for (Case c : CASES) {
        all.add(Arguments.of(era, c));
      }
    }
    return all.stream();
  }

  static Stream<Era> eras() {
    return Stream.of(Era.values());
  }

  /** A kit client of {@code era} for {@code caller} (legacy: a session of its own). */
  McpTestClient client(Era era, Caller caller) {
    return caller.client(era == Era.MODERN ? server().modern() : server().legacy());
  }

  /** What {@code caller} must get from the route of {@code c}. */
  private Outcome expected(Case c, Caller caller) {
    if (caller == Caller.ANONYMOUS) {
      return Outcome.refused(401, Optional.of(challenge()));
    }
    return c.status(caller) == 200
        ? Outcome.ok(c.body(caller))
        : Outcome.refused(c.status(caller), Optional.empty());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("reads")
  void anMcpReadAnswersAsTheGetForAliceBobAndAnonymousInterleaved(Era era, Case c)
      throws Exception {
    Map<Caller, McpTestClient> clients = new EnumMap<>(Caller.class);
    for (Caller caller : Caller.values()) {
      clients.put(caller, client(era, caller));
    }
    try {
      Map<Caller, ReadComparison.Reader<McpResponse>> readers = new EnumMap<>(Caller.class);
      clients.forEach((caller, client) -> readers.put(caller, client::read));
      List<ReadComparison.Pair<McpResponse>> pairs =
          ReadComparison.compare(server().baseUri(), c.path(), c.uri(), readers, ROUNDS);

      assertThat(pairs).hasSize(ROUNDS * Caller.values().length);
      for (ReadComparison.Pair<McpResponse> pair : pairs) {
        Caller caller = pair.caller();
        Outcome get = pair.get();
        assertThat(get).as("GET %s as %s", c.path(), caller).isEqualTo(expected(c, caller));
        McpResponse read = pair.mcp();
        switch (get.status()) {
          case 200 -> assertThat(read).isText().isEqualTo(get.body());
          case 401 ->
              assertThat(read)
                  .hasStatus(401)
                  .withChallenge("Basic")
                  .hasHeader("WWW-Authenticate", get.challenge().orElseThrow());
          case 403 -> assertThat(read).isForbidden();
          case 404 -> assertThat(read).isNotFound();
          default -> throw new AssertionError("no check for a GET answering " + get);
        }
      }
    } finally {
      clients.values().forEach(McpTestClient::close);
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("reads")
  void theOfficialSdkClientReadsAsTheGetForAliceBobAndAnonymousInterleaved(Era era, Case c)
      throws Exception {
    Map<Caller, SdkReader> readers = ReadComparison.sdkReaders(server().endpoint(), era);
    try {
      List<ReadComparison.Pair<Outcome>> pairs =
          ReadComparison.compare(server().baseUri(), c.path(), c.uri(), readers, ROUNDS);

      assertThat(pairs).hasSize(ROUNDS * Caller.values().length);
      for (ReadComparison.Pair<Outcome> pair : pairs) {
        Caller caller = pair.caller();
        assertThat(pair.get()).as("GET %s as %s", c.path(), caller).isEqualTo(expected(c, caller));
        assertThat(pair.mcp())
            .as("MCP read of %s as %s (%s)", c.uri(), caller, era)
            .isEqualTo(pair.get());
      }
    } finally {
      readers.values().forEach(SdkReader::close);
    }
  }

  @ParameterizedTest
  @MethodSource("eras")
  void aSubscriberIsToldWhenTheCounterChanges(Era era) throws Exception {
    try (McpTestClient bob = client(era, Caller.BOB);
        McpListen updates = bob.listen("app://counter")) {
      assertThat(updates.status()).isEqualTo(200);
      assertThat(updates.acknowledged()).containsExactly("app://counter");

      HttpResponse<String> post = post("/api/counter", Caller.ALICE);
      assertThat(post.statusCode()).isEqualTo(200);

      // Modern: the kit also checks that the update carries the listen's subscriptionId.
      JsonNode updated = updates.awaitUpdate("app://counter");
      assertThat(updated.path("params").path("uri").asText()).isEqualTo("app://counter");
      updates.assertNoMore();
    }
  }

  @ParameterizedTest
  @MethodSource("eras")
  void aLongRunningReadReportsProgressThenGivesWhatTheGetGives(Era era) throws Exception {
    Outcome get = DirectGet.get(server().baseUri(), "/api/exports/4", Caller.ALICE);
    try (McpTestClient alice = client(era, Caller.ALICE)) {
      McpResponse read = alice.withProgress("export-4").read("app://exports/4");

      assertThat(read.isStream()).isTrue();
      assertThat(read.header("Content-Type"))
          .hasValueSatisfying(type -> assertThat(type).startsWith("text/event-stream"));
      List<Double> progress = new ArrayList<>();
      for (JsonNode params : read.progress()) {
        assertThat(params.path("progressToken").asText()).isEqualTo("export-4");
        progress.add(params.path("progress").asDouble());
      }
      assertThat(progress).containsExactly(1.0, 2.0, 3.0, 4.0);
      assertThat(read).isText().isEqualTo(get.body()).isEqualTo("row,value\n1,1\n2,4\n3,9\n4,16\n");
    }
  }

  private static final String LIST =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\",\"params\":{\"_meta\":{"
          + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

  /** A request the endpoint does not serve, and the endpoint's whole answer to it. */
  record Refusal(String name, HttpRequest.Builder request, String answer) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * Requests the endpoint does not serve: each is answered with the bridge's JSON-RPC error (the
   * status, {@code Content-Type}, {@code Allow} and the whole body, as {@link #answer} prints
   * them), never the framework's or the container's error page (Jetty's HTML 405 page, a
   * framework's {@code {"code":406,...}}).
   */
  Stream<Refusal> refusals() {
    URI mcp = server().endpoint();
    return Stream.of(
        new Refusal(
            "GET of a 2026-07-28 client",
            HttpRequest.newBuilder(mcp)
                .GET()
                .header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28"),
            "405\ntype: application/json\nallow: POST\n\n"
                + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Method Not"
                + " Allowed: protocol 2026-07-28 has no GET stream; send each message as a"
                + " POST\"}}"),
        new Refusal(
            "GET of a 2025-11-25 client without a session",
            HttpRequest.newBuilder(mcp)
                .GET()
                .header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2025-11-25"),
            "400\ntype: application/json\n\n"
                + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Invalid"
                + " Request: the Mcp-Session-Id header is required for GET; start a session with"
                + " initialize (protocol 2025-11-25 and earlier), then open its stream with"
                + " GET\"}}"),
        new Refusal(
            "PUT",
            HttpRequest.newBuilder(mcp)
                .method("PUT", HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "application/json"),
            "405\ntype: application/json\nallow: POST, GET, DELETE\n\n"
                + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Method Not"
                + " Allowed: the MCP endpoint answers POST (and GET and DELETE on a session of"
                + " protocol 2025-11-25 and earlier), not PUT\"}}"),
        new Refusal(
            "POST of text/plain",
            HttpRequest.newBuilder(mcp)
                .POST(HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "text/plain")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "resources/list"),
            "415\ntype: application/json\n\n"
                + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Unsupported"
                + " Media Type: the body must be application/json (found 'text/plain')\"}}"),
        new Refusal(
            "POST accepting only text/html",
            HttpRequest.newBuilder(mcp)
                .POST(HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "application/json")
                .header("Accept", "text/html")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "resources/list"),
            "406\ntype: application/json\n\n"
                + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Not"
                + " Acceptable: the Accept header must allow application/json or"
                + " text/event-stream (found 'text/html')\"}}"));
  }

  @Test
  void everyRequestTheEndpointDoesNotServeIsAnsweredWithAJsonRpcError() throws Exception {
    List<String> wrong = new ArrayList<>();
    for (Refusal refusal : refusals().toList()) {
      String answer = answer(refusal.request());
      if (!answer.equals(refusal.answer())) {
        wrong.add(refusal + ": expected\n" + refusal.answer() + "\nbut was\n" + answer);
      }
    }
    org.assertj.core.api.Assertions.assertThat(wrong).isEmpty();
  }

  /**
   * The parts of an answer that matter: status, the type and Allow headers, the whole body. Sent as
   * alice, since the Spring Boot example's security answers an anonymous request before it reaches
   * the endpoint.
   */
  static String answer(HttpRequest.Builder request) throws Exception {
    request.header("Authorization", Caller.ALICE.authorization().orElseThrow());
    HttpResponse<String> response =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(
                request.timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    StringBuilder out = new StringBuilder().append(response.statusCode());
    response.headers().firstValue("Content-Type").ifPresent(v -> out.append("\ntype: ").append(v));
    response.headers().firstValue("Allow").ifPresent(v -> out.append("\nallow: ").append(v));
    return out.append("\n\n").append(response.body()).toString();
  }

  private HttpResponse<String> post(String path, Caller caller) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server().baseUri().resolve(path))
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.noBody());
    caller.authorization().ifPresent(value -> request.header("Authorization", value));
    return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
