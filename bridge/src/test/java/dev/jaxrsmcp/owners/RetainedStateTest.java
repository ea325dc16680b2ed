package dev.jaxrsmcp.owners;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
 * What the bridge keeps for a caller is bounded (contract section 15): a session keeps only what it
 * uses of the client's capabilities and info, a retained id has a length limit, and listen streams
 * have quotas per caller, with anonymous callers in one bucket.
 */
class RetainedStateTest {
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

  /**
   * Finding 5: each session kept a deep copy of the client's capabilities (1 MiB cost 3.7 MB). Now
   * what a server never acts on is dropped whatever its size, and what it keeps is limited.
   */
  @Test
  void aSessionKeepsOnlyWhatItUsesOfTheCapabilities() {
    start(McpFeature.builder());
    Response big =
        wire.initializeOnly(
            Who.ANONYMOUS,
            Map.of("experimental", Map.of("blob", "x".repeat(1_000_000)), "roots", Map.of()));
    assertThat(big.statusCode()).isEqualTo(200);

    Response tooBig =
        wire.initializeOnly(Who.ANONYMOUS, Map.of("sampling", Map.of("note", "y".repeat(5000))));
    assertThat(tooBig.statusCode()).isEqualTo(200);
    JsonNode error = Wire.json(tooBig).path("error");
    assertThat(error.path("code").asInt()).isEqualTo(-32602);
    assertThat(error.path("message").asText())
        .isEqualTo(
            "Invalid params: 'capabilities' holds 5024 bytes of JSON in roots, sampling,"
                + " elicitation, tasks; a session keeps at most 4096 for method initialize");
    assertThat(tooBig.header("Mcp-Session-Id")).isNull();
  }

  /** Finding 6: a listen with a 1,000,000-character id kept it for as long as it was open. */
  @Test
  void anIdLongerThanTheLimitIsRefusedBeforeAnythingIsKept() throws Exception {
    start(McpFeature.builder());
    try (SseRecorder listen =
        wire.listen(Who.ANONYMOUS, "i".repeat(257), Map.of("resourcesListChanged", true))) {
      assertThat(listen.status()).isEqualTo(400);
    }
    Response refused =
        wire.modern(
            Who.ANONYMOUS,
            "ping",
            null,
            (com.fasterxml.jackson.databind.node.ObjectNode)
                dev.jaxrsmcp.testing.Mcp.body("i".repeat(300), "ping", Map.of()));
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(refused.jsonPath().getString("error.message"))
        .isEqualTo("Invalid Request: 'id' is 300 characters long; at most 256 are allowed");
    assertThat(refused.jsonPath().getString("id")).isNull();
    try (SseRecorder listen =
        wire.listen(Who.ANONYMOUS, "i".repeat(256), Map.of("resourcesListChanged", true))) {
      assertThat(listen.status()).isEqualTo(200);
      assertThat(
              listen
                  .next()
                  .path("params")
                  .path("_meta")
                  .path("io.modelcontextprotocol/subscriptionId")
                  .asText())
          .isEqualTo("i".repeat(256));
    }
  }

  /**
   * Finding 6: 10,000 anonymous listens filled the one global counter and the next listen, an
   * authenticated caller's included, was refused. Now anonymous listens share their own bucket,
   * each caller has its own, and an authenticated caller still listens.
   */
  @Test
  void anonymousListensShareOneBucketAndCallersHaveTheirOwn() throws Exception {
    start(
        McpFeature.builder()
            .maxAnonymousListens(3)
            .maxListensPerCaller(2)
            .maxConcurrentListens(50));
    List<SseRecorder> open = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        SseRecorder listen = wire.listen(Who.junk(), "a" + i, Map.of("resourcesListChanged", true));
        open.add(listen);
        assertThat(listen.status()).isEqualTo(200);
      }
      try (SseRecorder refused =
          wire.listen(Who.junk(), "a4", Map.of("resourcesListChanged", true))) {
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isNull();
      }
      for (int i = 0; i < 2; i++) {
        SseRecorder listen =
            wire.listen(Who.ALICE_KEY, "b" + i, Map.of("resourcesListChanged", true));
        open.add(listen);
        assertThat(listen.status()).isEqualTo(200);
      }
      try (SseRecorder third =
          wire.listen(Who.ALICE_BEARER, "b3", Map.of("resourcesListChanged", true))) {
        assertThat(third.status()).as("alice's third, by another scheme").isEqualTo(503);
      }
      SseRecorder bobs = wire.listen(Who.BOB_KEY, "c", Map.of("resourcesListChanged", true));
      open.add(bobs);
      assertThat(bobs.status()).isEqualTo(200);
    } finally {
      for (SseRecorder listen : open) {
        listen.close();
      }
    }
  }
}
