package dev.jaxrsmcp.internal.prompts;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.PromptRoute;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The prompts of one application, fixed when it starts: their {@code prompts/list} entries, in the
 * scan's order, and each found by name.
 */
public final class Prompts {
  private final List<PromptRoute> all;
  private final Map<String, PromptRoute> byName = new LinkedHashMap<>();

  private Prompts(List<PromptRoute> all) {
    this.all = List.copyOf(all);
    this.all.forEach(p -> byName.put(p.name(), p));
  }

  public static Prompts of(Catalogue catalogue) {
    return new Prompts(catalogue.promptRoutes());
  }

  public boolean isEmpty() {
    return all.isEmpty();
  }

  /** Every prompt, in the scan's order. */
  public List<PromptRoute> all() {
    return all;
  }

  public Optional<PromptRoute> named(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The prompt as {@code prompts/list} shows it. */
  public static ObjectNode definition(PromptRoute prompt) {
    ObjectNode node = Json.object().put("name", prompt.name());
    if (!prompt.title().isEmpty()) {
      node.put("title", prompt.title());
    }
    node.put("description", prompt.description());
    if (!prompt.arguments().isEmpty()) {
      ArrayNode arguments = node.putArray("arguments");
      for (PromptRoute.Argument a : prompt.arguments()) {
        ObjectNode argument = arguments.addObject().put("name", a.name());
        if (!a.title().isEmpty()) {
          argument.put("title", a.title());
        }
        if (!a.description().isEmpty()) {
          argument.put("description", a.description());
        }
        argument.put("required", a.required());
      }
    }
    return node;
  }
}
