package dev.jaxrsmcp.examples.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
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
 * What both example applications must show, against the running example {@link #example()}: for
 * alice, bob and an anonymous client, in both eras, each resource read through MCP with the
 * official MCP Java SDK client answers as the direct {@code GET} does (same data, same allow/deny,
 * a 401 with the framework's challenge for the anonymous client), the callers' requests
 * interleaved; plus a subscription and a long-running read with progress.
 */
@Timeout(300)
public abstract class ExampleContract {
  private static final int ROUNDS = 3;

  /** The running example (one per test class). */
  protected abstract ExampleProcess example();

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

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("reads")
  void anMcpReadAnswersAsTheGetForAliceBobAndAnonymousInterleaved(Era era, Case c)
      throws Exception {
    Map<Caller, SdkReader> readers = ReadComparison.readers(example().mcp(), era);
    try {
      List<ReadComparison.Pair> pairs =
          ReadComparison.compare(example().base(), c.path(), c.uri(), readers, ROUNDS);

      assertThat(pairs).hasSize(ROUNDS * Caller.values().length);
      for (ReadComparison.Pair pair : pairs) {
        Caller caller = pair.caller();
        Outcome expected =
            caller == Caller.ANONYMOUS
                ? Outcome.refused(401, Optional.of(challenge()))
                : c.status(caller) == 200
                    ? Outcome.ok(c.body(caller))
                    : Outcome.refused(c.status(caller), Optional.empty());
        assertThat(pair.get()).as("GET %s as %s", c.path(), caller).isEqualTo(expected);
        assertThat(pair.mcp())
            .as("MCP read of %s as %s (%s)", c.uri(), caller, era)
            .isEqualTo(pair.get());
      }
    } finally {
      readers.values().forEach(SdkReader::close);
    }
  }

  @Test
  void aSubscriberIsToldWhenTheCounterChanges() throws Exception {
    Map<String, String> headers = new HashMap<>();
    headers.put("MCP-Protocol-Version", Mcp.VERSION);
    headers.put("Mcp-Method", "subscriptions/listen");
    headers.put("Authorization", Caller.BOB.authorization().orElseThrow());
    String body =
        Mcp.body(
                "watch-1",
                "subscriptions/listen",
                Map.of("notifications", Map.of("resourceSubscriptions", List.of("app://counter"))))
            .toString();
    try (SseRecorder stream = SseRecorder.post(example().mcp().toString(), headers, body)) {
      assertThat(stream.status()).isEqualTo(200);
      JsonNode ack = stream.next();
      assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
      assertThat(ack.path("params").path("notifications").path("resourceSubscriptions").toString())
          .isEqualTo("[\"app://counter\"]");

      HttpResponse<String> post = post("/api/counter", Caller.ALICE);
      assertThat(post.statusCode()).isEqualTo(200);

      JsonNode updated = stream.next();
      assertThat(updated.path("method").asText()).isEqualTo("notifications/resources/updated");
      assertThat(updated.path("params").path("uri").asText()).isEqualTo("app://counter");
      assertThat(
              updated
                  .path("params")
                  .path("_meta")
                  .path("io.modelcontextprotocol/subscriptionId")
                  .asText())
          .isEqualTo("watch-1");
    }
  }

  @Test
  void aLongRunningReadReportsProgressThenGivesWhatTheGetGives() throws Exception {
    ObjectNode body = Mcp.body(1, "resources/read", Map.of("uri", "app://exports/4"));
    ((ObjectNode) body.get("params").get("_meta")).put("progressToken", "export-4");
    Map<String, String> headers = new HashMap<>();
    headers.put("MCP-Protocol-Version", Mcp.VERSION);
    headers.put("Mcp-Method", "resources/read");
    headers.put("Mcp-Name", "app://exports/4");
    headers.put("Authorization", Caller.ALICE.authorization().orElseThrow());
    Outcome get = DirectGet.get(example().base(), "/api/exports/4", Caller.ALICE);

    try (SseRecorder stream =
        SseRecorder.post(example().mcp().toString(), headers, body.toString())) {
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      List<Double> progress = new ArrayList<>();
      JsonNode message = stream.next();
      while (message.path("method").asText().equals("notifications/progress")) {
        assertThat(message.path("params").path("progressToken").asText()).isEqualTo("export-4");
        progress.add(message.path("params").path("progress").asDouble());
        message = stream.next();
      }
      assertThat(progress).containsExactly(1.0, 2.0, 3.0, 4.0);
      assertThat(message.path("result").path("contents").path(0).path("text").asText())
          .isEqualTo(get.body())
          .isEqualTo("row,value\n1,1\n2,4\n3,9\n4,16\n");
    }
  }

  private HttpResponse<String> post(String path, Caller caller) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(example().base().resolve(path))
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.noBody());
    caller.authorization().ifPresent(value -> request.header("Authorization", value));
    return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The example's {@code /mcp} as a URI, for subclasses' own checks. */
  protected URI mcp() {
    return example().mcp();
  }
}
