package dev.jaxrsmcp.appservers;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.test.McpListen;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpTestClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * What every deployment must show (issue 37): for an admin, a plain user and an anonymous caller,
 * in the modern (2026-07-28, stateless) and the legacy (2025-11-25, sessions) era, every route read
 * through MCP ({@code resources/read} and {@code tools/call}) answers as its direct GET does (the
 * body for a 200, the status and challenge for a refusal), {@code @Suspended} and {@code
 * CompletionStage} routes included; a long read streams progress; a listen receives a pushed change
 * and stays open; template members come from the caller's own collection read. One server start per
 * subclass, reused by every test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
public abstract class AppServerContract {
  private Deployment deployment;
  private DirectGet direct;
  private final Map<Caller, McpTestClient> modern = new EnumMap<>(Caller.class);
  private final Map<Caller, McpTestClient> legacy = new EnumMap<>(Caller.class);

  /** Deploys the application and returns once it answers. */
  protected abstract Deployment deploy() throws Exception;

  @BeforeAll
  void start() throws Exception {
    deployment = deploy();
    direct = new DirectGet(deployment.base());
    for (Caller caller : Caller.values()) {
      modern.put(caller, as(McpTestClient.modern(deployment.mcp()), caller));
      McpTestClient session = as(McpTestClient.legacy(deployment.mcp()), caller);
      session.discover();
      legacy.put(caller, session);
    }
  }

  @AfterAll
  void stop() throws Exception {
    legacy.values().forEach(McpTestClient::close);
    if (deployment != null) {
      deployment.close();
    }
  }

  /** The deployment under test (for a subclass's own tests). */
  protected final Deployment deployment() {
    return deployment;
  }

  private static McpTestClient as(McpTestClient client, Caller caller) {
    return caller.authorization.map(client::as).orElse(client);
  }

  private McpTestClient client(Caller caller, boolean modernEra) {
    return (modernEra ? modern : legacy).get(caller);
  }

  private List<Route> routes() {
    return Route.of(deployment.servlet());
  }

  private static String era(boolean modernEra) {
    return modernEra ? "modern" : "legacy";
  }

  @Test
  void directGetsGiveWhatEachCallerMaySee() {
    for (Route route : routes()) {
      for (Caller caller : Caller.values()) {
        DirectGet.Answer answer = direct.get(route.path(), caller);
        Route.Expected expected = route.expected(caller);
        String what = "GET " + route.path() + " as " + caller;
        assertThat(answer.status()).as(what).isEqualTo(expected.status());
        if (expected.status() == 200) {
          assertThat(answer.body()).as(what).isEqualTo(expected.body());
        }
        if (expected.status() == 401) {
          assertThat(answer.challenge()).as(what).contains(BearerChallengeFilter.CHALLENGE);
        }
      }
    }
  }

  @Test
  void everyReadAndToolCallInBothErasAnswersAsTheDirectGet() {
    for (boolean modernEra : new boolean[] {true, false}) {
      for (Caller caller : Caller.values()) {
        for (Route route : routes()) {
          DirectGet.Answer answer = direct.get(route.path(), caller);
          McpTestClient mcp = client(caller, modernEra);
          String what = route.uri() + " as " + caller + " in the " + era(modernEra) + " era";
          assertSame(mcp.read(route.uri()), answer, what);
          assertSame(mcp.callTool(route.tool(), toolArguments(route)), answer, what + " (tool)");
        }
      }
    }
  }

  private static Map<String, Object> toolArguments(Route route) {
    return route.uri().startsWith("app://id/members/") ? Map.of("name", "x") : Map.of();
  }

  @Test
  void longReadsStreamProgressInBothEras() {
    for (boolean modernEra : new boolean[] {true, false}) {
      for (Caller caller : Caller.values()) {
        String token = "progress-" + caller + "-" + era(modernEra);
        McpResponse response = client(caller, modernEra).withProgress(token).read(Route.LONG.uri());
        String what = "the long read as " + caller + " in the " + era(modernEra) + " era";
        assertThat(response.isStream()).as(what + " streams").isTrue();
        assertThat(response)
            .as(what)
            .isText()
            .isEqualTo(direct.get(Route.LONG.path(), caller).body());
        assertThat(response.progress())
            .as(what)
            .extracting(p -> p.path("progressToken").asText() + " " + p.path("progress").asInt())
            .containsExactly(token + " 1", token + " 2", token + " 3");
      }
    }
  }

  /**
   * Each caller's listen (modern {@code subscriptions/listen}; legacy {@code resources/subscribe}
   * and the session's GET stream) is acknowledged for what the caller may read, gets a change that
   * {@code McpChanges.changed} pushed (which counts it: the one open listen), keeps the stream open
   * with keep-alives, and gets the next change too; a read of the changed resource then gives what
   * the direct GET gives.
   */
  @Test
  void listensReceivePushedChangesAndStayOpen() throws Exception {
    for (boolean modernEra : new boolean[] {true, false}) {
      for (Caller caller : Caller.values()) {
        String what = "the listen of " + caller + " in the " + era(modernEra) + " era";
        List<String> readable = new ArrayList<>();
        for (String uri : Route.SUBSCRIBABLE) {
          if (direct.get(uri.replace("app://", ""), caller).status() == 200) {
            readable.add(uri);
          }
        }
        McpTestClient mcp =
            modernEra ? client(caller, true) : as(McpTestClient.legacy(deployment.mcp()), caller);
        try (McpListen listen = mcp.listen(Route.SUBSCRIBABLE)) {
          assertThat(listen.acknowledged()).as(what).containsExactlyInAnyOrderElementsOf(readable);
          assertThat(direct.post("id/push").body()).as(what + ": listens told").isEqualTo("1");
          listen.awaitUpdate("app://id/news");
          int comments = listen.comments().size();
          long waitUntil = System.nanoTime() + Duration.ofSeconds(10).toNanos();
          while (listen.comments().size() == comments && System.nanoTime() < waitUntil) {
            listen.assertNoMore(Duration.ofMillis(250)); // reads the stream meanwhile
          }
          assertThat(listen.comments().size())
              .as(what + ": a keep-alive after the change")
              .isGreaterThan(comments);
          assertThat(direct.post("id/push").body()).as(what + ": listens told").isEqualTo("1");
          listen.awaitUpdate("app://id/news");
          assertSame(
              mcp.read("app://id/news"), direct.get("id/news", caller), what + ": news read");
        } finally {
          if (!modernEra) {
            mcp.close();
          }
        }
        awaitNoListener(what);
      }
    }
  }

  /** After a listen ended, a change tells nobody (once the server noticed the disconnect). */
  private void awaitNoListener(String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    String told;
    do {
      Thread.sleep(100);
      told = direct.post("id/push").body();
    } while (!told.equals("0") && System.nanoTime() < deadline);
    assertThat(told).as(what + ": listens told after it ended").isEqualTo("0");
  }

  @Test
  void templateMembersComeFromTheCallersOwnCollectionRead() {
    for (boolean modernEra : new boolean[] {true, false}) {
      for (Caller caller : Caller.values()) {
        List<String> members =
            client(caller, modernEra).listResources().uris().stream()
                .filter(uri -> uri.startsWith("app://id/members/"))
                .toList();
        assertThat(members)
            .as("members listed for %s in the %s era", caller, era(modernEra))
            .containsExactlyInAnyOrder(
                "app://id/members/" + caller.name, "app://id/members/everyone");
      }
    }
  }

  /** The MCP answer carries what the direct GET gave: the body, or the same refusal. */
  static void assertSame(McpResponse response, DirectGet.Answer answer, String what) {
    switch (answer.status()) {
      case 200 -> assertThat(response).as(what).isText().isEqualTo(answer.body());
      case 401 -> {
        assertThat(response).as(what).isUnauthorized().withChallenge("Bearer");
        assertThat(response.status()).as(what + ": HTTP status").isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).as(what).isEqualTo(answer.challenge());
      }
      case 403 -> assertThat(response).as(what).isForbidden();
      default ->
          throw new AssertionError(
              what
                  + ": no MCP counterpart for GET status "
                  + answer.status()
                  + " "
                  + answer.body());
    }
  }

  /** For subclasses: a plain GET of {@code path} under the application root. */
  protected final DirectGet.Answer get(String path, Optional<String> authorization) {
    return direct.get(path, authorization);
  }
}
