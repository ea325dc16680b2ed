package dev.jaxrsmcp.owners;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Session quotas follow the application's identity (contract section 15): unauthenticated callers
 * share one bucket whatever headers they send, an authenticated caller is served while they flood
 * it, and at a caller's limit its least recently used idle session makes room.
 */
class SessionQuotaTest {
  TestServer server;
  Wire wire;

  void start(McpFeature.Builder feature) {
    server = TestServer.start(OwnerApp.create(feature.build()));
    wire = new Wire(server.mcpUrl());
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private Response read(Who who, String session) {
    return wire.legacy(who, session, 9, "resources/read", Map.of("uri", "test://items/a"));
  }

  /**
   * Finding 5: each junk cookie counted as a caller of its own, so a flood of {@code initialize}
   * calls took every session and refused the next authenticated client for 30 minutes. Now the
   * flood shares the anonymous bucket (its oldest idle sessions make room for its newest), and
   * every authenticated caller still gets a session, during and after it.
   */
  @Test
  void junkCookiesBuyNothingAndAnAuthenticatedCallerIsServed() {
    start(McpFeature.builder().maxSessions(20).maxAnonymousSessions(5));
    Map<String, Who> flood = new java.util.LinkedHashMap<>();
    for (int i = 0; i < 40; i++) {
      Who junk = Who.junk();
      Response init = wire.initializeOnly(junk, Map.of());
      assertThat(init.statusCode())
          .as("anonymous initialize %d: %s", i, init.asString())
          .isEqualTo(200);
      flood.put(init.header("Mcp-Session-Id"), junk);
      if (i % 10 == 9) {
        for (Who who : List.of(Who.ALICE_KEY, Who.CAROL_BEARER, Who.DAVE_COOKIE)) {
          String session = wire.initialize(who);
          assertThat(read(who, session).statusCode()).as(who.toString()).isEqualTo(200);
        }
      }
    }
    // Only the newest five of the flood are still there: the bucket, not the server, filled up.
    List<String> live = new ArrayList<>();
    flood.forEach(
        (id, junk) -> {
          if (wire.legacy(junk, id, 1, "ping", Map.of()).statusCode() == 200) {
            live.add(id);
          }
        });
    assertThat(live).isEqualTo(new ArrayList<>(flood.keySet()).subList(35, 40));
    String after = wire.initialize(Who.BOB_KEY);
    assertThat(read(Who.BOB_KEY, after).statusCode()).isEqualTo(200);
  }

  /**
   * A client that never sends DELETE (LangChain4j, LangChain.js) and makes one session per request
   * was refused at its 101st. Now its least recently used idle session is ended to make room; the
   * ended session answers 404 like any unknown one.
   */
  @Test
  void atItsLimitACallersLeastRecentlyUsedIdleSessionMakesRoom() {
    start(McpFeature.builder().maxSessionsPerCaller(3));
    List<String> alices = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      alices.add(wire.initialize(Who.ALICE_KEY));
    }
    assertThat(read(Who.ALICE_KEY, alices.get(0)).statusCode()).isEqualTo(200); // now the newest
    String fourth = wire.initialize(Who.ALICE_BEARER); // alice, another scheme: the same caller
    assertThat(read(Who.ALICE_KEY, fourth).statusCode()).isEqualTo(200);
    assertThat(read(Who.ALICE_KEY, alices.get(1)).statusCode())
        .as("the least recently used one made room")
        .isEqualTo(404);
    assertThat(read(Who.ALICE_KEY, alices.get(0)).statusCode()).isEqualTo(200);
    assertThat(read(Who.ALICE_KEY, alices.get(2)).statusCode()).isEqualTo(200);
  }

  /**
   * When every session of the caller is in use (its stream is open), none is ended: the new one is
   * refused, with no {@code Retry-After} (nothing will free a place by itself).
   */
  @Test
  void aCallerWhoseSessionsAreAllInUseIsRefusedWithoutARetryTime() throws Exception {
    start(McpFeature.builder().maxSessionsPerCaller(2));
    List<SseRecorder> streams = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        String session = wire.initialize(Who.DAVE_COOKIE);
        streams.add(
            SseRecorder.get(
                server.mcpUrl(),
                Map.of(
                    "Mcp-Session-Id", session,
                    "MCP-Protocol-Version", "2025-11-25",
                    "Cookie", "sid=dave")));
      }
      Response refused = wire.initializeOnly(Who.DAVE_COOKIE, Map.of());
      assertThat(refused.statusCode()).isEqualTo(503);
      assertThat(refused.header("Retry-After")).isNull();
      assertThat(refused.jsonPath().getString("error.message"))
          .isEqualTo(
              "Too many sessions for this caller: at most 2 sessions of one caller may be open at"
                  + " once (maxSessionsPerCaller), and every one of them is in use; end one with"
                  + " DELETE");
      assertThat(wire.initializeOnly(Who.CAROL_BEARER, Map.of()).statusCode()).isEqualTo(200);
    } finally {
      for (SseRecorder stream : streams) {
        stream.close();
      }
    }
  }

  /**
   * At the limit in all, a new session is refused with a {@code Retry-After} that says when the
   * first idle session expires (its handshake timeout here), not a fixed guess.
   */
  @Test
  void theLimitInAllTellsWhenAPlaceFreesUp() {
    start(
        McpFeature.builder()
            .maxSessions(3)
            .sessionHandshakeTimeout(java.time.Duration.ofSeconds(30)));
    for (Who who : List.of(Who.ALICE_KEY, Who.BOB_KEY, Who.CAROL_BEARER)) {
      assertThat(wire.initializeOnly(who, Map.of()).statusCode()).isEqualTo(200);
    }
    Response refused = wire.initializeOnly(Who.DAVE_COOKIE, Map.of());
    assertThat(refused.statusCode()).isEqualTo(503);
    assertThat(refused.jsonPath().getString("error.message"))
        .isEqualTo(
            "Too many sessions: at most 3 may be open at once (maxSessions); end unused sessions"
                + " with DELETE or try again later");
    assertThat(Integer.parseInt(refused.header("Retry-After"))).isBetween(25, 30);
  }
}
