package dev.jaxrsmcp.test;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Every item of a listing ({@code resources/list}, {@code resources/templates/list}, {@code
 * tools/list}), gathered from all its pages:
 *
 * <pre>{@code
 * McpList resources = mcp.as("Bearer demo-token").listResources();
 * assertThat(resources.uris()).containsExactly("app://server/motd", "app://widgets");
 * assertThat(resources.values("title")).containsExactly("Message of the day", "Widgets");
 * assertThat(resources.pages().get(0)).hasCacheScope("private");
 * }</pre>
 */
public final class McpList {
  private final List<McpResponse> pages;
  private final List<JsonNode> items;
  private final String key;

  McpList(List<McpResponse> pages, String field, String key) {
    this.pages = List.copyOf(pages);
    List<JsonNode> all = new ArrayList<>();
    for (McpResponse page : pages) {
      page.result().path(field).forEach(all::add);
    }
    this.items = List.copyOf(all);
    this.key = key;
  }

  /** Every item, in the server's order across pages. */
  public List<JsonNode> items() {
    return items;
  }

  /** Each page's answer, in order (one when the listing fitted one page). */
  public List<McpResponse> pages() {
    return pages;
  }

  /**
   * Each item's identifying value: {@code uri} of resources, {@code uriTemplate} of templates,
   * {@code name} of tools.
   */
  public List<String> uris() {
    return values(key);
  }

  /** Each item's {@code field} as text, {@code ""} for items without it. */
  public List<String> values(String field) {
    return items.stream().map(item -> item.path(field).asText("")).toList();
  }

  /** The item whose identifying value is {@code uri} (see {@link #uris()}); fails if none. */
  public JsonNode item(String uri) {
    return items.stream()
        .filter(item -> item.path(key).asText("").equals(uri))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError("no item with " + key + " '" + uri + "' in " + uris()));
  }

  @Override
  public String toString() {
    return items.size() + " items in " + pages.size() + " page(s): " + uris();
  }
}
