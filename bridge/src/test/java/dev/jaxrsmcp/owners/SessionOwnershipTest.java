package dev.jaxrsmcp.owners;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Legacy sessions are owned by the principal the application's filters set (contract section 15),
 * for reads too, which arrive before those filters ran; a refused request never touches the owner's
 * requests in flight.
 */
class SessionOwnershipTest {
  @TempDir Path spool;
  TestServer server;
  Wire wire;

  @BeforeEach
  void start() {
    server = TestServer.start(OwnerApp.create(McpFeature.builder().spoolDirectory(spool).build()));
    wire = new Wire(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    OwnerApp.JOBS.values().forEach(job -> job.release.complete(null));
    server.close();
  }

  private static void assertSessionNotFound(Response response, String who) {
    assertThat(response.statusCode()).as(who).isEqualTo(404);
    assertThat(response.jsonPath().getString("error.message"))
        .as(who)
        .startsWith("Session not found");
    assertThat(response.asString()).as(who).doesNotContain("PRIVATE");
  }

  /**
   * Finding 3: with API-key authentication, another principal's read on alice's session (and an
   * anonymous one) answered 200, because the principal was compared only when the binding headers
   * differed. Now every read on a principal-bound session is told by principal, before its route.
   */
  @Test
  void readsOnAPrincipalsSessionAreRefusedToEveryoneElseBeforeTheRoute() {
    String session = wire.initialize(Who.ALICE_KEY);
    for (int round = 0; round < 3; round++) {
      for (Who other : List.of(Who.BOB_KEY, Who.ANONYMOUS, Who.junk(), Who.CAROL_BEARER)) {
        int runs = OwnerApp.REPORT_RUNS.get();
        assertSessionNotFound(
            wire.legacy(other, session, 2, "resources/read", Map.of("uri", "test://reports/q3")),
            other + " reads");
        assertSessionNotFound(
            wire.legacy(
                other,
                session,
                3,
                "tools/call",
                Map.of("name", "report", "arguments", Map.of("name", "q3"))),
            other + " calls");
        assertThat(OwnerApp.REPORT_RUNS.get()).as("the route ran for " + other).isEqualTo(runs);
      }
      Response own =
          wire.legacy(
              Who.ALICE_KEY, session, 4, "resources/read", Map.of("uri", "test://reports/q3"));
      assertThat(own.statusCode()).isEqualTo(200);
      assertThat(own.jsonPath().getString("result.contents[0].text"))
          .isEqualTo("PRIVATE report q3 of alice");
      // alice by another scheme is the same principal
      assertThat(
              wire.legacy(
                      Who.ALICE_BEARER,
                      session,
                      5,
                      "resources/read",
                      Map.of("uri", "test://reports/q3"))
                  .statusCode())
          .isEqualTo(200);
    }
    for (Who other : List.of(Who.BOB_KEY, Who.ANONYMOUS)) {
      assertSessionNotFound(wire.legacy(other, session, 6, "resources/list", Map.of()), other + "");
      assertThat(wire.delete(other, session).statusCode()).as(other + " DELETE").isEqualTo(404);
    }
    assertThat(wire.delete(Who.ALICE_KEY, session).statusCode()).isEqualTo(204);
  }

  /**
   * The owner of a principal-bound session whom the application's own authorization refuses gets
   * that refusal ({@code 403}), not an unknown session; anyone else refused on the session gets
   * {@code 404} as for an unknown one, before or after authenticating.
   */
  @Test
  void theOwnerGetsTheApplicationsRefusalAndOthersAnUnknownSession() {
    String session = wire.initialize(Who.ALICE_KEY);
    Response own =
        wire.legacy(
            Who.ALICE_KEY, session, 2, "resources/read", Map.of("uri", "test://reports/admin"));
    assertThat(own.statusCode()).isEqualTo(200);
    assertThat(own.jsonPath().getString("error.message")).isEqualTo("403 Forbidden: dave only");
    for (Who other : List.of(Who.BOB_KEY, Who.DAVE_COOKIE, Who.ANONYMOUS)) {
      assertSessionNotFound(
          wire.legacy(other, session, 3, "resources/read", Map.of("uri", "test://reports/admin")),
          other + "");
    }
  }

  /**
   * Finding 4: a refused read registered its cancel handle first, replacing the owner's handle for
   * the same request id; the owner's {@code notifications/cancelled} then no longer stopped her
   * read. Now a refused request keeps nothing, and the owner's cancel (and DELETE) still work.
   */
  @Test
  void aRefusedReadCannotTakeOverTheOwnersCancelHandle() throws Exception {
    String session = wire.initialize(Who.ALICE_KEY);
    String job = "cancel-" + UUID.randomUUID();
    try (SseRecorder alices =
        wire.legacyStream(
            Who.ALICE_KEY,
            session,
            7,
            "resources/read",
            Map.of("uri", "test://reports/slow/" + job))) {
      assertThat(OwnerApp.job(job).started.await(10, TimeUnit.SECONDS)).isTrue();
      for (Who other : List.of(Who.BOB_KEY, Who.ANONYMOUS)) {
        assertSessionNotFound(
            wire.legacy(
                other,
                session,
                7,
                "resources/read",
                Map.of("uri", "test://reports/slow/other-" + UUID.randomUUID())),
            other + "");
      }
      assertThat(
              wire.legacy(
                      Who.ALICE_KEY,
                      session,
                      null,
                      "notifications/cancelled",
                      Map.of("requestId", 7))
                  .statusCode())
          .isEqualTo(202);
      assertThat(OwnerApp.job(job).cancelled.await(5, TimeUnit.SECONDS))
          .as("alice's read saw her cancellation")
          .isTrue();
      alices.assertEnds();
    }
  }

  /** DELETE of the session by its owner cancels her read, after a refused read with her id. */
  @Test
  void theOwnersDeleteStillCancelsHerReadAfterARefusedOne() throws Exception {
    String session = wire.initialize(Who.ALICE_KEY);
    String job = "delete-" + UUID.randomUUID();
    try (SseRecorder alices =
        wire.legacyStream(
            Who.ALICE_KEY,
            session,
            7,
            "resources/read",
            Map.of("uri", "test://reports/slow/" + job))) {
      assertThat(OwnerApp.job(job).started.await(10, TimeUnit.SECONDS)).isTrue();
      assertSessionNotFound(
          wire.legacy(
              Who.BOB_KEY,
              session,
              7,
              "resources/read",
              Map.of("uri", "test://reports/slow/bob-" + UUID.randomUUID())),
          "bob");
      assertThat(wire.delete(Who.ALICE_KEY, session).statusCode()).isEqualTo(204);
      assertThat(OwnerApp.job(job).cancelled.await(5, TimeUnit.SECONDS)).isTrue();
    }
  }

  /**
   * The owner's own second request with the id of one still running on her session is refused (ids
   * of requests in flight must differ), and her first read is untouched.
   */
  @Test
  void aSecondRequestWithTheIdOfOneInFlightIsRefused() throws Exception {
    String session = wire.initialize(Who.ALICE_KEY);
    String job = "dup-" + UUID.randomUUID();
    try (SseRecorder first =
        wire.legacyStream(
            Who.ALICE_KEY,
            session,
            7,
            "resources/read",
            Map.of("uri", "test://reports/slow/" + job))) {
      assertThat(OwnerApp.job(job).started.await(10, TimeUnit.SECONDS)).isTrue();
      Response again =
          wire.legacy(
              Who.ALICE_KEY,
              session,
              7,
              "resources/read",
              Map.of("uri", "test://reports/slow/again-" + UUID.randomUUID()));
      JsonNode error = Wire.json(again).path("error");
      assertThat(error.path("code").asInt()).isEqualTo(-32600);
      assertThat(error.path("message").asText())
          .isEqualTo(
              "Invalid Request: a request with id 7 is still running on this session; the ids of"
                  + " a session's requests in flight must differ");
      OwnerApp.job(job).release.complete(null);
      JsonNode last = first.next();
      while (!last.has("result") && !last.has("error")) {
        last = first.next();
      }
      assertThat(last.path("result").path("contents").path(0).path("text").asText())
          .isEqualTo("started\ndone\n");
    }
  }
}
