package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;

/** How catalogue entries appear in {@code resources/list} and {@code resources/templates/list}. */
final class Listings {
  private Listings() {}

  static ObjectNode resource(CatalogueEntry entry) {
    ObjectNode node = Json.object().put("uri", entry.template().text());
    describe(node, entry);
    return node;
  }

  static ObjectNode template(CatalogueEntry entry) {
    ObjectNode node = Json.object().put("uriTemplate", entry.template().text());
    describe(node, entry);
    return node;
  }

  private static void describe(ObjectNode node, CatalogueEntry entry) {
    node.put("name", entry.name());
    if (!entry.title().isEmpty()) {
      node.put("title", entry.title());
    }
    if (!entry.description().isEmpty()) {
      node.put("description", entry.description());
    }
    if (!entry.mimeType().isEmpty()) {
      node.put("mimeType", entry.mimeType());
    }
    if (!entry.audience().isEmpty() || entry.priority().isPresent()) {
      ObjectNode annotations = node.putObject("annotations");
      if (!entry.audience().isEmpty()) {
        ArrayNode audience = annotations.putArray("audience");
        entry.audience().forEach(audience::add);
      }
      entry.priority().ifPresent(p -> annotations.put("priority", p));
    }
    if (!entry.icons().isEmpty()) {
      ArrayNode icons = node.putArray("icons");
      entry.icons().forEach(src -> icons.addObject().put("src", src));
    }
    if (!entry.meta().isEmpty()) {
      ObjectNode meta = node.putObject("_meta");
      entry.meta().forEach(meta::put);
    }
  }
}
