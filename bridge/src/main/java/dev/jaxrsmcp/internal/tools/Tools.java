package dev.jaxrsmcp.internal.tools;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tools a server offers: one per catalogue entry unless tools are off feature-wide or for that
 * resource (and none for long-running resources, see {@link #offersTool}), sorted by name, so
 * {@code tools/list} has the same order on every request and on every instance of the application.
 * Built once at startup; immutable.
 */
public final class Tools {
  private final List<Tool> all;
  private final Map<String, Tool> byName;

  private Tools(List<Tool> all) {
    this.all = List.copyOf(all);
    Map<String, Tool> names = new HashMap<>();
    all.forEach(t -> names.put(t.name(), t));
    this.byName = Map.copyOf(names);
  }

  /** True when at least one tool is offered; what the {@code tools} capability advertises. */
  public static boolean anyOffered(Catalogue catalogue, Settings settings) {
    return settings.get(ProtocolSettings.TOOLS)
        && catalogue.entries().stream().anyMatch(Tools::offersTool);
  }

  /**
   * Whether an entry is offered as a tool. A long-running resource's tool is called through the
   * same spooled, progress-reporting, cancellable read path as its {@code resources/read}.
   */
  static boolean offersTool(CatalogueEntry entry) {
    return entry.tool();
  }

  /**
   * The tools of a catalogue.
   *
   * @throws McpConfigurationException when two tools would have the same name, naming both methods
   */
  public static Tools of(Catalogue catalogue, Settings settings) {
    if (!settings.get(ProtocolSettings.TOOLS)) {
      return new Tools(List.of());
    }
    List<CatalogueEntry> offered = catalogue.entries().stream().filter(Tools::offersTool).toList();
    ToolNaming.Result naming =
        ToolNaming.name(
            offered.stream()
                .map(
                    e ->
                        new ToolNaming.Candidate(
                            e.nameSet() ? e.name() : "",
                            e.method().getDeclaringClass().getSimpleName(),
                            e.method().getName(),
                            e.template().text()))
                .toList());
    if (!naming.clashes().isEmpty()) {
      List<String> problems = new ArrayList<>();
      for (ToolNaming.Clash clash : naming.clashes()) {
        CatalogueEntry later = offered.get(clash.later());
        CatalogueEntry earlier = offered.get(clash.earlier());
        problems.add(
            ToolNaming.clashMessage(
                clash.name(),
                later.name(),
                later.methodName(),
                earlier.name(),
                earlier.methodName()));
      }
      throw new McpConfigurationException(problems);
    }
    List<Tool> sorted = new ArrayList<>();
    for (int i = 0; i < offered.size(); i++) {
      CatalogueEntry entry = offered.get(i);
      sorted.add(new Tool(naming.names().get(i), entry, ToolParameters.of(entry)));
    }
    sorted.sort(Comparator.comparing(Tool::name));
    return new Tools(sorted);
  }

  /** Every tool, sorted by name. */
  public List<Tool> all() {
    return all;
  }

  /** The tool with this exact name. */
  public Optional<Tool> named(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public boolean isEmpty() {
    return all.isEmpty();
  }
}
