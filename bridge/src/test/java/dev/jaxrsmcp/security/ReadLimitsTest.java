package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The limits on reads running at once ({@code maxConcurrentReads}, {@code maxConcurrentLongReads}):
 * without a queue ({@code maxQueuedReads(0)}, {@code maxQueuedLongReads(0)}; the queue's own tests
 * are in {@code ReadQueueTest}), one more is refused with HTTP 503 and {@code Retry-After} before
 * its route runs, and a slot comes back when a read ends, however it ends.
 */
class ReadLimitsTest {
  static final List<String> RAN = new CopyOnWriteArrayList<>();
  static final List<AsyncResponse> HELD = new CopyOnWriteArrayList<>();
  static volatile CountDownLatch longReleased = new CountDownLatch(0);
  static volatile CountDownLatch spoolReleased = new CountDownLatch(0);

  @Path("/")
  public static class Routes {
    /** Suspends without a thread until the test resumes it. */
    @GET
    @Path("/held/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://held/{id}")
    public void held(@PathParam("id") String id, @Suspended AsyncResponse response) {
      RAN.add("held " + id);
      HELD.add(response);
    }

    @GET
    @Path("/boom/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://boom/{id}")
    public String boom(@PathParam("id") String id) {
      RAN.add("boom " + id);
      throw new IllegalStateException("boom " + id);
    }

    @GET
    @Path("/gone/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://gone/{id}")
    public jakarta.ws.rs.core.Response gone(@PathParam("id") String id) {
      RAN.add("gone " + id);
      return jakarta.ws.rs.core.Response.status(404).build();
    }

    @GET
    @Path("/long/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://long/{id}", longRunning = true)
    public String longRead(@PathParam("id") String id) throws InterruptedException {
      RAN.add("long " + id);
      longReleased.await(30, TimeUnit.SECONDS);
      return "long " + id;
    }

    /** Writes {@code size} bytes to its spool, then waits to be released. */
    @GET
    @Path("/spooled/{size}")
    @Produces("text/plain")
    @McpResource(uri = "app://spooled/{size}", longRunning = true, maxBytes = 1_000_000)
    public jakarta.ws.rs.core.StreamingOutput spooled(@PathParam("size") int size) {
      RAN.add("spooled " + size);
      return out -> {
        out.write("x".repeat(size).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.flush();
        try {
          spoolReleased.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      };
    }

    @GET
    @Path("/sized/{size}")
    @Produces("text/plain")
    @McpResource(uri = "app://sized/{size}")
    public String sized(@PathParam("size") int size) {
      RAN.add("sized " + size);
      return "y".repeat(size);
    }

    @GET
    @Path("/streamed/{size}")
    @Produces("text/plain")
    @McpResource(uri = "app://streamed/{size}")
    public jakarta.ws.rs.core.StreamingOutput streamed(@PathParam("size") int size) {
      RAN.add("streamed " + size);
      return out -> {
        byte[] piece = "y".repeat(1024).getBytes(StandardCharsets.US_ASCII);
        for (int written = 0; written < size; written += piece.length) {
          out.write(piece, 0, Math.min(piece.length, size - written));
          out.flush();
        }
      };
    }

    @GET
    @Path("/declared/{size}")
    @Produces("text/plain")
    @McpResource(uri = "app://declared/{size}")
    public jakarta.ws.rs.core.Response declared(@PathParam("size") int size) {
      RAN.add("declared " + size);
      return jakarta.ws.rs.core.Response.ok("z".repeat(size))
          .header("Content-Length", Integer.toString(size))
          .build();
    }

    @GET
    @Path("/plain/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://plain/{id}")
    public String plain(@PathParam("id") String id) {
      RAN.add("plain " + id);
      return "plain " + id;
    }
  }

  private TestServer server;

  private void start(McpFeature.Builder feature) {
    server = TestServer.start(new ResourceConfig(Routes.class).register(feature.build()));
  }

  @AfterEach
  void stop() {
    HELD.forEach(r -> r.resume("late"));
    HELD.clear();
    longReleased.countDown();
    spoolReleased.countDown();
    if (server != null) {
      server.close();
    }
    RAN.clear();
  }

  /** A read that asks for JSON only (a long-running read then answers without a stream). */
  private RawHttp.Reply read(int id, String uri) {
    return RawHttp.post(server.port(), "/mcp")
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .header("MCP-Protocol-Version", dev.jaxrsmcp.testing.Mcp.VERSION)
        .header("Mcp-Method", "resources/read")
        .header("Mcp-Name", uri)
        .body(Bodies.modern(id, "resources/read", Map.of("uri", uri)))
        .send();
  }

  private CompletableFuture<RawHttp.Reply> readLater(int id, String uri) {
    return CompletableFuture.supplyAsync(() -> read(id, uri));
  }

  /** Waits for the server to reach the routes (a condition, not a timing). */
  private static void awaitRan(int count) {
    await().atMost(Duration.ofSeconds(30)).until(() -> RAN.size() >= count);
    assertThat(RAN).hasSize(count);
  }

  @Test
  void aReadBeyondTheLimitIsRefusedBeforeItsRouteAndTheSlotsComeBack() throws Exception {
    start(McpFeature.builder().maxConcurrentReads(2).maxQueuedReads(0));
    List<CompletableFuture<RawHttp.Reply>> running = new ArrayList<>();
    running.add(readLater(1, "app://held/1"));
    running.add(readLater(2, "app://held/2"));
    awaitRan(2);

    RawHttp.Reply refused = read(3, "app://plain/3");

    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).isEqualTo("1");
    assertThat(refused.json().at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(refused.json().at("/error/message").asText())
        .isEqualTo(
            "Too many reads: at most 2 may run at once (maxConcurrentReads); app://plain/3 was"
                + " not read, try again shortly");
    assertThat(RAN).containsExactlyInAnyOrder("held 1", "held 2");

    HELD.forEach(r -> r.resume("done"));
    for (CompletableFuture<RawHttp.Reply> each : running) {
      assertThat(each.get(30, TimeUnit.SECONDS).json().at("/result/contents/0/text").asText())
          .isEqualTo("done");
    }
    RawHttp.Reply after = read(4, "app://plain/4");
    assertThat(after.status()).isEqualTo(200);
    assertThat(after.json().at("/result/contents/0/text").asText()).isEqualTo("plain 4");
  }

  @Test
  void failedReadsAndRoutesThatRefuseGiveTheirSlotBack() {
    start(McpFeature.builder().maxConcurrentReads(1));
    for (int i = 0; i < 20; i++) {
      RawHttp.Reply failed = read(i, "app://boom/" + i);
      assertThat(failed.status()).as("read %d", i).isEqualTo(200);
      assertThat(failed.json().at("/error/code").asInt()).as("read %d", i).isEqualTo(-32603);
      RawHttp.Reply gone = read(100 + i, "app://gone/" + i);
      assertThat(gone.json().at("/error/code").asInt()).as("read %d", i).isEqualTo(-32602);
      assertThat(gone.json().at("/error/message").asText()).isEqualTo("Resource not found");
    }
    RawHttp.Reply after = read(999, "app://plain/1");
    assertThat(after.json().at("/result/contents/0/text").asText()).isEqualTo("plain 1");
  }

  @Test
  void aLongReadBeyondItsLimitIsRefusedWhilePlainReadsGoOn() throws Exception {
    longReleased = new CountDownLatch(1);
    start(McpFeature.builder().maxConcurrentLongReads(1).maxQueuedLongReads(0));
    CompletableFuture<RawHttp.Reply> first = readLater(1, "app://long/1");
    awaitRan(1);

    RawHttp.Reply refused = read(2, "app://long/2");
    RawHttp.Reply plain = read(3, "app://plain/3");

    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).isEqualTo("5");
    assertThat(refused.json().at("/error/message").asText())
        .startsWith("Too many long-running reads: at most 1 may run at once");
    assertThat(plain.json().at("/result/contents/0/text").asText()).isEqualTo("plain 3");
    assertThat(RAN).containsExactly("long 1", "plain 3");

    longReleased.countDown();
    assertThat(first.get(30, TimeUnit.SECONDS).json().at("/result/contents/0/text").asText())
        .isEqualTo("long 1");
    RawHttp.Reply again = read(4, "app://long/4");
    assertThat(again.json().at("/result/contents/0/text").asText()).isEqualTo("long 4");
  }

  @Test
  void aLongReadWhenTheSpoolsAreFullIsRefusedAndOneThatWouldOverfillThemIsAnError()
      throws Exception {
    spoolReleased = new CountDownLatch(1);
    start(McpFeature.builder().maxSpoolBytes(1_000));
    CompletableFuture<RawHttp.Reply> filling = readLater(1, "app://spooled/1000");
    awaitRan(1);
    await().atMost(Duration.ofSeconds(30)).until(() -> refusedAsFull(read(2, "app://spooled/10")));
    assertThat(RAN).containsExactly("spooled 1000"); // the refused read's route never ran

    spoolReleased.countDown();
    assertThat(filling.get(30, TimeUnit.SECONDS).json().at("/result/contents/0/text").asText())
        .hasSize(1000);

    RawHttp.Reply again = read(3, "app://spooled/10"); // the finished read's bytes came back
    assertThat(again.json().at("/result/contents/0/text").asText()).isEqualTo("x".repeat(10));

    RawHttp.Reply overfilling = read(4, "app://spooled/1001");
    assertThat(overfilling.json().at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(overfilling.json().has("result")).isFalse();
    RawHttp.Reply afterwards = read(5, "app://spooled/1000"); // the failed read gave its bytes back
    assertThat(afterwards.json().at("/result/contents/0/text").asText()).hasSize(1000);
  }

  private static boolean refusedAsFull(RawHttp.Reply reply) {
    if (reply.status() != 503) {
      return false; // the first read had not written its bytes yet
    }
    assertThat(reply.header("Retry-After")).isEqualTo("5");
    assertThat(reply.json().at("/error/message").asText())
        .isEqualTo(
            "The spool is full: the spool files of this server hold 1000 bytes, at most 1000 are"
                + " allowed (maxSpoolBytes); try again shortly");
    return true;
  }

  @Test
  void aPlainReadLargerThanTheLimitIsAnErrorNeverContents() {
    start(McpFeature.builder().maxReadBytes(4096));

    RawHttp.Reply fits = read(1, "app://sized/4096");
    RawHttp.Reply held = read(2, "app://sized/4097"); // passes the limit while still held back
    RawHttp.Reply declared = read(3, "app://declared/5000");

    assertThat(fits.json().at("/result/contents/0/text").asText()).hasSize(4096);
    for (RawHttp.Reply refused : List.of(held, declared)) {
      assertThat(refused.json().has("result")).isFalse();
      assertThat(refused.json().at("/error/code").asInt()).isEqualTo(-32603);
      assertThat(refused.json().at("/error/data/limit").asText()).isEqualTo("maxReadBytes");
      assertThat(refused.json().at("/error/data/max").asLong()).isEqualTo(4096);
    }
    assertThat(held.json().at("/error/message").asText())
        .isEqualTo(
            "Resource too large: the response of app://sized/4097 is larger than 4096 bytes, the"
                + " most maxReadBytes allows; mark the resource longRunning to read it through a"
                + " spool, or raise maxReadBytes");
  }

  /**
   * Past what the bridge holds back (the first 64 KiB while the content's shape is told, then 8 KiB
   * of the message), a read that passes maxReadBytes has sent part of its answer: the response is
   * broken off, a chunked body without its last chunk on a connection the server ends.
   */
  @Test
  void aPlainReadThatPassesTheLimitAfterItStartedIsBrokenOffNeverCompleted() {
    start(McpFeature.builder().maxReadBytes(100_000));
    String uri = "app://streamed/300000";

    String raw =
        new String(
            RawHttp.post(server.port(), "/mcp")
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("MCP-Protocol-Version", dev.jaxrsmcp.testing.Mcp.VERSION)
                .header("Mcp-Method", "resources/read")
                .header("Mcp-Name", uri)
                .body(Bodies.modern(1, "resources/read", Map.of("uri", uri)))
                .sendRaw(),
            StandardCharsets.ISO_8859_1);

    String head = raw.substring(0, raw.indexOf("\r\n\r\n"));
    assertThat(head).startsWith("HTTP/1.1 200").containsIgnoringCase("transfer-encoding: chunked");
    assertThat(raw).as("part of the contents was sent").contains("yyyy");
    assertThat(raw).as("a broken-off chunked body has no last chunk").doesNotEndWith("0\r\n\r\n");
    RawHttp.Reply after = read(2, "app://sized/100");
    assertThat(after.json().at("/result/contents/0/text").asText()).hasSize(100);
  }

  @Test
  void limitsMustBePositive() {
    Assertions.assertThatThrownBy(() -> McpFeature.builder().maxConcurrentReads(0))
        .hasMessage("maxConcurrentReads must be at least 1 (found 0)");
    Assertions.assertThatThrownBy(() -> McpFeature.builder().maxConcurrentLongReads(-1))
        .hasMessage("maxConcurrentLongReads must be at least 1 (found -1)");
    Assertions.assertThatThrownBy(() -> McpFeature.builder().maxSpoolBytes(0))
        .hasMessage("maxSpoolBytes must be at least 1 (found 0)");
    Assertions.assertThatThrownBy(() -> McpFeature.builder().maxReadBytes(1023))
        .hasMessage("maxReadBytes must be at least 1024 (found 1023)");
  }
}
