package dev.jaxrsmcp.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Cursors name the last entry a page returned, not an offset: when the collection behind a
 * template's members changes between two pages, the entries that were there throughout are listed
 * exactly once, and a cursor past the end of a list that shrank ends the listing instead of being
 * refused.
 */
class StableCursorTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The collection route's items, changed by the tests between pages. */
  static final List<String> IDS = new CopyOnWriteArrayList<>();

  @Path("/")
  public static class Shelf {
    @GET
    @Path("books")
    @Produces("application/json")
    public String books() {
      return IDS.stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(",", "[", "]"));
    }

    @GET
    @Path("books/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://books/{id}", listFrom = "/books")
    public String book(@PathParam("id") String id) {
      return id;
    }

    @GET
    @Path("about")
    @Produces("text/plain")
    @McpResource(uri = "app://about")
    public String about() {
      return "shelf";
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Shelf.class).register(McpFeature.builder().pageSize(3).build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void fill() {
    IDS.clear();
    IDS.addAll(List.of("a", "b", "c", "d", "e", "f", "g", "h"));
  }

  /** One page: its URIs and its next cursor. */
  record Page(List<String> uris, Optional<String> next) {}

  static Page page(Optional<String> cursor) throws Exception {
    Map<String, Object> params = new HashMap<>();
    cursor.ifPresent(c -> params.put("cursor", c));
    JsonNode reply = JSON.readTree(mcp.call("resources/list", params).asString());
    assertThat(reply.has("result")).as(reply.toString()).isTrue();
    List<String> uris = new ArrayList<>();
    reply.path("result").path("resources").forEach(r -> uris.add(r.path("uri").asText()));
    JsonNode next = reply.path("result").path("nextCursor");
    return new Page(uris, next.isTextual() ? Optional.of(next.textValue()) : Optional.empty());
  }

  private static List<String> books(String... ids) {
    List<String> uris = new ArrayList<>();
    for (String id : ids) {
      uris.add("app://books/" + id);
    }
    return uris;
  }

  @Test
  void anEntryRemovedBeforeTheCursorSkipsNothing() throws Exception {
    Page first = page(Optional.empty());
    assertThat(first.uris()).isEqualTo(List.of("app://about", "app://books/a", "app://books/b"));

    IDS.remove("a");

    assertThat(page(first.next()).uris()).isEqualTo(books("c", "d", "e"));
  }

  @Test
  void anEntryAddedBeforeTheCursorRepeatsNothing() throws Exception {
    Page first = page(Optional.empty());

    IDS.add(0, "0"); // first in the collection, and first by URI

    assertThat(page(first.next()).uris()).isEqualTo(books("c", "d", "e"));
  }

  @Test
  void theCursorsOwnEntryRemovedStillResumesAfterIt() throws Exception {
    Page first = page(Optional.empty());

    IDS.remove("b");

    assertThat(page(first.next()).uris()).isEqualTo(books("c", "d", "e"));
  }

  @Test
  void aCursorPastTheEndOfAShrunkListEndsTheListing() throws Exception {
    Page second = page(page(Optional.empty()).next());
    assertThat(second.uris()).isEqualTo(books("c", "d", "e"));

    IDS.retainAll(List.of("a", "b"));

    Page last = page(second.next());
    assertThat(last.uris()).isEmpty();
    assertThat(last.next()).isEmpty();
  }

  @Test
  void entriesPresentThroughoutAreListedExactlyOnceWhileTheListChurns() throws Exception {
    IDS.clear();
    for (int i = 0; i < 40; i++) {
      IDS.add(String.format("m%02d", i));
    }
    Set<String> throughout = new HashSet<>(books(IDS.toArray(String[]::new)));
    List<String> seen = new ArrayList<>();
    Optional<String> cursor = Optional.empty();
    int added = 0;
    for (int round = 0; round < 50; round++) {
      Page page = page(cursor);
      seen.addAll(page.uris());
      if (page.next().isEmpty()) {
        break;
      }
      cursor = page.next();
      // Between pages: one listed entry leaves, one not yet listed leaves, two new ones arrive
      // (one sorting before the cursor, one after it).
      String listed = page.uris().get(page.uris().size() - 1).substring("app://books/".length());
      IDS.remove(listed);
      throughout.remove("app://books/" + listed);
      String ahead = IDS.get(IDS.size() - 1);
      IDS.remove(ahead);
      throughout.remove("app://books/" + ahead);
      IDS.add("a" + added);
      IDS.add("z" + added);
      added++;
    }

    assertThat(seen).doesNotHaveDuplicates();
    assertThat(seen).containsAll(throughout);
    assertThat(seen).contains("app://about");
  }

  @Test
  void aLegacySessionPagesTheSameWay() throws Exception {
    LegacyClient legacy = new LegacyClient(server.mcpUrl());
    String session = legacy.start();
    JsonNode first =
        JSON.readTree(legacy.call(session, 1, "resources/list", Map.of()).asString())
            .path("result");
    String cursor = first.path("nextCursor").asText();

    IDS.remove("a");
    JsonNode second =
        JSON.readTree(
                legacy.call(session, 2, "resources/list", Map.of("cursor", cursor)).asString())
            .path("result");

    List<String> uris = new ArrayList<>();
    second.path("resources").forEach(r -> uris.add(r.path("uri").asText()));
    assertThat(uris).isEqualTo(books("c", "d", "e"));
  }
}
