package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.template.TemplateIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The members of templates that name a collection route ({@code listFrom}): the route is read
 * in-process with the caller's own credentials, and each item of its JSON array that yields the
 * template's path variables becomes a resource. A caller the route refuses sees no members; items
 * that do not fit the template are dropped and logged; a response larger than {@code
 * maxListFromBytes} fails the request that needed it.
 */
final class Members {
  private static final System.Logger LOG = System.getLogger(Members.class.getName());

  /** One member: its variables, URI and display title (empty when the item has none). */
  record Member(Map<String, String> variables, String uri, String title) {}

  private final ServerState state;
  private final ObjectMapper json;

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
    for (JsonNode item : items) {
      member(entry, item).ifPresent(members::add);
    }
    return members;
  }

  private Optional<Member> member(CatalogueEntry entry, JsonNode item) {
    List<String> variables = entry.template().pathVariables();
    Map<String, String> values = new LinkedHashMap<>();
    String title = "";
    if (item.isObject()) {
      for (String variable : variables) {
        JsonNode value = item.get(variable);
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
      return dropped(entry, item, "it does not give every path variable " + variables);
    }
    String uri;
    try {
      uri = entry.template().expand(values);
    } catch (IllegalArgumentException e) {
      return dropped(entry, item, "its values cannot form a URI (" + e.getMessage() + ")");
    }
    Optional<TemplateIndex.Found<CatalogueEntry>> found = state.catalogue().find(uri);
    if (found.isEmpty() || found.get().value() != entry) {
      return dropped(entry, item, "its URI " + uri + " belongs to another resource");
    }
    return Optional.of(new Member(values, uri, title));
  }

  private static Optional<Member> dropped(CatalogueEntry entry, JsonNode item, String why) {
    String text = item.toString();
    LOG.log(
        System.Logger.Level.WARNING,
        "dropped member "
            + (text.length() > 200 ? text.substring(0, 200) + "…" : text)
            + " of "
            + entry.template().text()
            + " (listFrom "
            + entry.listFrom()
            + "): "
            + why);
    return Optional.empty();
  }
}
