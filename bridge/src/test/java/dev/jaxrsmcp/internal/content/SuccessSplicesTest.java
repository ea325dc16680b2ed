package dev.jaxrsmcp.internal.content;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.TestEntries;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.protocol.CacheHint;
import dev.jaxrsmcp.internal.protocol.Era;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A kept success message ({@link SuccessSplices}) gives, byte for byte, the message {@link
 * ReadMessage#success} builds for every read of its shape: each id and URI filled in as the tree's
 * writer writes them, for both kinds and eras, text and blob, with and without annotations.
 */
class SuccessSplicesTest {
  private static final ObjectNode SERVER = Json.object().put("name", "demo").put("version", "1.0");
  private static final byte[] BODY = "{\"a\":\"b\\\"c\"}\n".getBytes(StandardCharsets.UTF_8);

  private static final List<JsonNode> IDS =
      List.of(
          IntNode.valueOf(1),
          IntNode.valueOf(-7),
          LongNode.valueOf(Long.MAX_VALUE),
          TextNode.valueOf("req-1"),
          TextNode.valueOf("quote \" backslash \\ tab \t newline \n é 漢 😀"),
          TextNode.valueOf(""));

  private static final List<String> URIS =
      List.of(
          "app://widgets/1/state",
          "app://widgets/%22quoted%22/state",
          "app://widgets/a\"b\\c/state",
          "app://widgets/é漢😀/state",
          "app://widgets/\u0001\u001f/state",
          "app://widgets/lone\ud800/state");

  private final SuccessSplices splices = new SuccessSplices();

  @Test
  void everyReadOfAKeptShapeGetsTheTreesBytes() throws IOException {
    // A prompt's answer is held whole and never streamed through a splice.
    for (ReadMessage.Kind kind :
        List.of(ReadMessage.Kind.RESOURCE_READ, ReadMessage.Kind.TOOL_CALL)) {
      for (Era era : Era.values()) {
        for (ContentsShape shape : shapes()) {
          for (boolean truncated : new boolean[] {false, true}) {
            CatalogueEntry entry = entry(List.of());
            for (JsonNode id : IDS) {
              for (String uri : URIS) {
                assertSameAsTree(kind, id, era, entry, uri, shape, truncated, SERVER);
              }
            }
          }
        }
      }
    }
    assertThat(splices.keptMessages())
        .as("every shape's message is kept")
        .isEqualTo(splices.knownShapes());
    assertThat(splices.keptMessages()).isEqualTo(2 * 2 * shapes().size() * 2);
  }

  @Test
  void entriesAndServersApartKeepMessagesApart() throws IOException {
    ContentsShape shape = shapes().get(0);
    CatalogueEntry plain = entry(List.of());
    CatalogueEntry forUsers = entry(List.of("user"));
    ObjectNode other = Json.object().put("name", "other").put("version", "2.0");
    JsonNode id = IntNode.valueOf(3);
    String uri = "app://widgets/3/state";
    for (int round = 0; round < 2; round++) {
      for (CatalogueEntry entry : List.of(plain, forUsers)) {
        for (ObjectNode server : List.of(SERVER, other)) {
          assertSameAsTree(
              ReadMessage.Kind.TOOL_CALL, id, Era.MODERN, entry, uri, shape, false, server);
        }
      }
    }
    assertThat(splices.keptMessages()).isEqualTo(4);
  }

  @Test
  void idsATemplateCannotTakeAreBuiltPerRead() throws IOException {
    ContentsShape shape = shapes().get(0);
    CatalogueEntry entry = entry(List.of());
    JsonNode id = Json.object().put("odd", true); // the parser refuses such ids; still right here
    assertSameAsTree(
        ReadMessage.Kind.RESOURCE_READ, id, Era.MODERN, entry, "app://x", shape, false, SERVER);
    assertThat(splices.knownShapes()).isZero();
  }

  @Test
  void keepsAtMostItsBound() {
    CatalogueEntry entry = entry(List.of());
    for (int i = 0; i < SuccessSplices.MAX_KEPT * 2 + 5; i++) {
      ContentsShape shape =
          new ContentsShape(
              "application/json",
              true,
              StandardCharsets.UTF_8,
              Optional.of("2026-12-01T00:00:" + i + "Z"),
              new CacheHint(0, "private"));
      splices.splice(
          ReadMessage.Kind.RESOURCE_READ,
          IntNode.valueOf(i),
          Era.MODERN,
          entry,
          "app://widgets/" + i,
          shape,
          false,
          SERVER);
      assertThat(splices.knownShapes()).isLessThanOrEqualTo(SuccessSplices.MAX_KEPT);
    }
  }

  @Test
  void manyThreadsReadingManyShapesEachGetTheirOwnMessage() throws Exception {
    // More shapes than are kept, so that the kept messages are forgotten while others read them.
    int shapes = SuccessSplices.MAX_KEPT + 88;
    CatalogueEntry entry = entry(List.of());
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int seed = t;
        done.add(
            pool.submit(
                () -> {
                  java.util.Random random = new java.util.Random(seed);
                  int checked = 0;
                  for (int i = 0; i < 3000; i++) {
                    int n = random.nextInt(shapes);
                    ContentsShape shape =
                        new ContentsShape(
                            n % 2 == 0 ? "application/json" : "image/png",
                            n % 2 == 0,
                            StandardCharsets.UTF_8,
                            Optional.of("2026-12-01T00:00:" + n + "Z"),
                            new CacheHint(n, "private"));
                    JsonNode id =
                        random.nextBoolean() ? IntNode.valueOf(i) : TextNode.valueOf("r" + i);
                    String uri = "app://widgets/" + seed + "-" + i + "/state";
                    assertSameAsTree(
                        ReadMessage.Kind.RESOURCE_READ,
                        id,
                        Era.MODERN,
                        entry,
                        uri,
                        shape,
                        false,
                        SERVER);
                    checked++;
                  }
                  return checked;
                }));
      }
      for (Future<Integer> f : done) {
        assertThat(f.get(120, TimeUnit.SECONDS)).isEqualTo(3000);
      }
    } finally {
      pool.shutdownNow();
    }
    // Concurrent first reads may each add one before the next one forgets them all.
    assertThat(splices.knownShapes()).isLessThanOrEqualTo(SuccessSplices.MAX_KEPT + threads);
    assertThat(splices.keptMessages()).isPositive();
  }

  /** The kept path's message is, byte for byte, the one the tree gives. */
  private void assertSameAsTree(
      ReadMessage.Kind kind,
      JsonNode id,
      Era era,
      CatalogueEntry entry,
      String uri,
      ContentsShape shape,
      boolean truncated,
      ObjectNode server)
      throws IOException {
    assertThat(written(splices.splice(kind, id, era, entry, uri, shape, truncated, server), shape))
        .as("%s %s %s truncated=%s id=%s uri=%s", kind, era, shape, truncated, id, uri)
        .isEqualTo(
            written(
                MessageSplice.of(
                    ReadMessage.success(kind, id, era, entry, uri, shape, truncated, server)),
                shape));
  }

  private static List<ContentsShape> shapes() {
    List<ContentsShape> shapes = new ArrayList<>();
    shapes.add(
        new ContentsShape(
            "application/json",
            true,
            StandardCharsets.UTF_8,
            Optional.empty(),
            new CacheHint(5000, "public")));
    shapes.add(
        new ContentsShape(
            "text/plain",
            true,
            StandardCharsets.ISO_8859_1,
            Optional.of("2026-12-01T10:00:00Z"),
            new CacheHint(0, "private")));
    shapes.add(
        new ContentsShape(
            "image/png",
            false,
            StandardCharsets.UTF_8,
            Optional.empty(),
            new CacheHint(0, "private")));
    shapes.add(
        new ContentsShape(
            "application/octet-stream",
            false,
            StandardCharsets.UTF_8,
            Optional.of("2026-12-01T10:00:00Z"),
            new CacheHint(60000, "public")));
    return shapes;
  }

  private static byte[] written(MessageSplice splice, ContentsShape shape) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    splice.write(out, shape, body -> body.write(BODY));
    return out.toByteArray();
  }

  private static CatalogueEntry entry(List<String> audience) {
    return TestEntries.entry("app://widgets/{id}/state", "/widgets/{id}/state", audience);
  }
}
