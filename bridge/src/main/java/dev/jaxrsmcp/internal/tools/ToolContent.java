package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.Locale;

/**
 * Turns one {@code resources/read} contents entry into a tool result content block: text becomes a
 * {@code text} item, an {@code image/*} blob an {@code image} item, an {@code audio/*} blob an
 * {@code audio} item, and any other blob an embedded {@code resource} item carrying the entry as
 * is. The resource's audience and priority, and the contents' {@code lastModified}, become the
 * item's annotations.
 */
public final class ToolContent {
  private ToolContent() {}

  public static ObjectNode of(ObjectNode contents, CatalogueEntry entry) {
    ObjectNode item = Json.object();
    String mimeType = contents.path("mimeType").asText("");
    String kind = mimeType.toLowerCase(Locale.ROOT);
    if (contents.has("text")) {
      item.put("type", "text").put("text", contents.get("text").textValue());
    } else if (kind.startsWith("image/")) {
      item.put("type", "image").put("data", contents.get("blob").textValue());
      item.put("mimeType", mimeType);
    } else if (kind.startsWith("audio/")) {
      item.put("type", "audio").put("data", contents.get("blob").textValue());
      item.put("mimeType", mimeType);
    } else {
      item.put("type", "resource").set("resource", contents.deepCopy());
    }
    String lastModified = contents.path("annotations").path("lastModified").asText("");
    if (!entry.audience().isEmpty() || entry.priority().isPresent() || !lastModified.isEmpty()) {
      ObjectNode annotations = item.putObject("annotations");
      if (!entry.audience().isEmpty()) {
        ArrayNode audience = annotations.putArray("audience");
        entry.audience().forEach(audience::add);
      }
      entry.priority().ifPresent(p -> annotations.put("priority", p));
      if (!lastModified.isEmpty()) {
        annotations.put("lastModified", lastModified);
      }
    }
    return item;
  }
}
