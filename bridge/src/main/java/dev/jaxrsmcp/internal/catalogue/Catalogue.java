package dev.jaxrsmcp.internal.catalogue;

import dev.jaxrsmcp.internal.template.TemplateIndex;
import dev.jaxrsmcp.internal.template.UriTemplate;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The immutable set of MCP resources of one application: exact resources (no variables) and
 * templates, and the index that finds which entry a URI belongs to. Entries keep the order they are
 * given in, which is the catalogue's "declaration order" (the scanner sorts routes by path, class
 * and method name, since reflection has no source order); listings use it, and it breaks ties
 * between equally specific templates.
 */
public final class Catalogue {
  private final List<CatalogueEntry> entries;
  private final List<CatalogueEntry> resources;
  private final List<CatalogueEntry> templates;
  private final TemplateIndex<CatalogueEntry> index;
  private final List<ToolRoute> toolRoutes;
  private final List<PromptRoute> promptRoutes;

  /** A catalogue of these entries, in this order, without {@code @McpTool} routes. */
  public Catalogue(List<CatalogueEntry> entries) {
    this(entries, List.of());
  }

  /**
   * A catalogue of these entries, in this order, and of these {@code @McpTool} routes (tools, never
   * resources).
   */
  public Catalogue(List<CatalogueEntry> entries, List<ToolRoute> toolRoutes) {
    this(entries, toolRoutes, List.of());
  }

  /**
   * A catalogue of these entries, in this order, of these {@code @McpTool} routes and of these
   * {@code @McpPrompt} routes (prompts, never resources).
   */
  public Catalogue(
      List<CatalogueEntry> entries, List<ToolRoute> toolRoutes, List<PromptRoute> promptRoutes) {
    this.entries = List.copyOf(entries);
    this.toolRoutes = List.copyOf(toolRoutes);
    this.promptRoutes = List.copyOf(promptRoutes);
    this.resources = this.entries.stream().filter(e -> e.template().isExact()).toList();
    this.templates = this.entries.stream().filter(e -> !e.template().isExact()).toList();
    this.index =
        TemplateIndex.of(
            this.entries.stream()
                .map(
                    e ->
                        (Map.Entry<UriTemplate, CatalogueEntry>)
                            new AbstractMap.SimpleImmutableEntry<>(e.template(), e))
                .toList());
  }

  /** Every entry, in declaration order. */
  public List<CatalogueEntry> entries() {
    return entries;
  }

  /** The {@code @McpTool} routes, in the scan's order. */
  public List<ToolRoute> toolRoutes() {
    return toolRoutes;
  }

  /** The {@code @McpPrompt} routes, in the scan's order. */
  public List<PromptRoute> promptRoutes() {
    return promptRoutes;
  }

  /** Entries whose URI has no variables, in declaration order. */
  public List<CatalogueEntry> resources() {
    return resources;
  }

  /** Entries whose URI has variables, in declaration order. */
  public List<CatalogueEntry> templates() {
    return templates;
  }

  /** True when any entry may be subscribed to. */
  public boolean anySubscribable() {
    return entries.stream().anyMatch(CatalogueEntry::subscribe);
  }

  /** The entry a URI belongs to, with its variables. */
  public Optional<TemplateIndex.Found<CatalogueEntry>> find(String uri) {
    return index.find(uri);
  }
}
