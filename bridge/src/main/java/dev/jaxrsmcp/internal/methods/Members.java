package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.RouteReader;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.template.TemplateIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.WeakHashMap;

/**
 * The members of templates that name a collection route ({@code listFrom}): the route is read
 * in-process with the caller's own credentials, and each item of its JSON array that yields the
 * template's path variables (from the fields {@code listFromFields} names, else from the fields of
 * the variables' own names) becomes a resource. A caller the route refuses sees no members; items
 * that do not fit the template are dropped, and logged without their content: a warning the first
 * time a template drops items, debug after that; a response larger than {@code maxListFromBytes}
 * fails the request that needed it.
 */
final class Members {
  private static final System.Logger LOG = System.getLogger(Members.class.getName());

  /** One member: its variables, URI and display title (empty when the item has none). */
  record Member(Map<String, String> variables, String uri, String title) {}

  private final ServerState state;
  private final ObjectMapper json;

  /**
   * The templates whose dropped items were logged as a warning once, shared by the listings and
   * completions of every era; held weakly, so an application's entries go with it.
   */
  private static final Set<CatalogueEntry> WARNED =
      Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  Members(ServerState state) {
    this.state = state;
    this.json = Json.reader(state.settings().get(LimitSettings.MAX_JSON_DEPTH));
  }

  /**
   * Listing entries for the members of every template with a collection: templates in catalogue
   * order (the template at position {@code i} ranks {@code firstRank + i}), each template's members
   * in URI order, a URI listed once. Keyed by rank and URI for stable cursors ({@link Pages}).
   */
  List<Pages.Keyed<ObjectNode>> listings(Caller caller, int firstRank) {
    List<Pages.Keyed<ObjectNode>> out = new ArrayList<>();
    List<CatalogueEntry> templates = state.catalogue().templates();
    for (int i = 0; i < templates.size(); i++) {
      CatalogueEntry entry = templates.get(i);
      if (entry.listFrom().isEmpty()) {
        continue;
      }
      SortedMap<String, ObjectNode> byUri = new TreeMap<>();
      for (Member member : of(entry, caller)) {
        ObjectNode node = Listings.resource(entry);
        node.put("uri", member.uri());
        node.put("name", entry.name() + "-" + String.join("-", member.variables().values()));
        if (!member.title().isEmpty()) {
          node.put("title", member.title());
        }
        byUri.putIfAbsent(member.uri(), node);
      }
      int rank = firstRank + i;
      byUri.forEach((uri, node) -> out.add(new Pages.Keyed<>(new Pages.Key(rank, uri), node)));
    }
    return out;
  }

  /** The members of one template, as the caller may see them. */
  List<Member> of(CatalogueEntry entry, Caller caller) {
    int max = state.settings().get(LimitSettings.MAX_LIST_FROM_BYTES);
    RouteReader.Collection collection = state.reader().readPath(entry.listFrom(), caller, max);
    RouteResponse response = collection.response();
    if (response.status() < 200 || response.status() >= 300) {
      return List.of(); // the caller may not see the collection: no members, not an error
    }
    if (collection.cut()) {
      throw new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          "Collection too large: listFrom "
              + entry.listFrom()
              + " of "
              + entry.methodName()
              + " answered "
              + collection.bytes()
              + " bytes; at most "
              + max
              + " are allowed (setting maxListFromBytes)",
          Json.object()
              .put("listFrom", entry.listFrom())
              .put("limit", "maxListFromBytes")
              .put("max", max));
    }
    JsonNode items;
    try {
      items = json.readTree(response.body());
    } catch (IOException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "listFrom " + entry.listFrom() + " of " + entry.methodName() + " did not return JSON");
      return List.of();
    }
    if (items == null || !items.isArray()) {
      LOG.log(
          System.Logger.Level.WARNING,
          "listFrom " + entry.listFrom() + " of " + entry.methodName() + " is not a JSON array");
      return List.of();
    }
    List<Member> members = new ArrayList<>();
    Map<String, Integer> drops = new LinkedHashMap<>();
    for (JsonNode item : items) {
      Either found = member(entry, item);
      if (found.member() != null) {
        members.add(found.member());
      } else {
        drops.merge(found.dropped(), 1, Integer::sum);
      }
    }
    if (!drops.isEmpty()) {
      logDrops(entry, items.size(), drops);
    }
    return members;
  }

  /** A member, or why an item is none. */
  private record Either(Member member, String dropped) {}

  private Either member(CatalogueEntry entry, JsonNode item) {
    List<String> variables = entry.template().pathVariables();
    Map<String, String> values = new LinkedHashMap<>();
    String title = "";
    if (item.isObject()) {
      for (String variable : variables) {
        JsonNode value = item.get(entry.listFromField(variable));
        if (value != null && (value.isTextual() || value.isNumber() || value.isBoolean())) {
          values.put(variable, value.asText());
        }
      }
      JsonNode named = item.has("title") ? item.get("title") : item.get("name");
      title = named != null && named.isTextual() ? named.textValue() : "";
    } else if (variables.size() == 1 && (item.isTextual() || item.isNumber())) {
      values.put(variables.get(0), item.asText());
    }
    if (values.size() != variables.size() || values.containsValue("")) {
      return new Either(null, "they do not give every path variable " + fields(entry));
    }
    String uri;
    try {
      uri = entry.template().expand(values);
    } catch (IllegalArgumentException e) {
      return new Either(null, "their values cannot form a URI of the template");
    }
    Optional<TemplateIndex.Found<CatalogueEntry>> found = state.catalogue().find(uri);
    if (found.isEmpty() || found.get().value() != entry) {
      return new Either(null, "their URIs belong to another resource");
    }
    return new Either(new Member(values, uri, title), null);
  }

  /** The fields each path variable is read from: {@code [personId (field id)]}. */
  private static List<String> fields(CatalogueEntry entry) {
    List<String> out = new ArrayList<>();
    for (String variable : entry.template().pathVariables()) {
      String field = entry.listFromField(variable);
      out.add(field.equals(variable) ? variable : variable + " (field " + field + ")");
    }
    return out;
  }

  /**
   * Says how many items a listing dropped and why, never what they held: a warning the first time
   * for a template, debug after that.
   */
  private void logDrops(CatalogueEntry entry, int total, Map<String, Integer> drops) {
    boolean first = WARNED.add(entry);
    System.Logger.Level level = first ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG;
    if (!LOG.isLoggable(level)) {
      return;
    }
    StringBuilder why = new StringBuilder();
    drops.forEach(
        (reason, count) ->
            why.append(why.length() == 0 ? "" : "; ").append(count).append(": ").append(reason));
    LOG.log(
        level,
        "listFrom "
            + entry.listFrom()
            + " of "
            + entry.methodName()
            + " ("
            + entry.template().text()
            + "): dropped "
            + drops.values().stream().mapToInt(Integer::intValue).sum()
            + " of "
            + total
            + " items ("
            + why
            + ")"
            + (first
                ? "; map item fields to variables with @McpResource(listFromFields ="
                    + " \"variable=field\"). Later listings log this at DEBUG"
                : ""));
  }
}
