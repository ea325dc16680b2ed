package dev.jaxrsmcp.internal.tools;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tools a server offers: one per catalogue entry unless tools are off feature-wide or for that
 * resource, and one per {@code @McpTool} route ({@link RouteTools}), sorted by name, so {@code
 * tools/list} has the same order on every request and on every instance of the application. Built
 * once at startup; immutable.
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
        && (!catalogue.toolRoutes().isEmpty()
            || catalogue.entries().stream().anyMatch(Tools::offersTool));
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
    List<CatalogueEntry> offered =
        new ArrayList<>(catalogue.entries().stream().filter(Tools::offersTool).toList());
    List<ToolRoute> routes = catalogue.toolRoutes();
    List<ToolNaming.Candidate> candidates = new ArrayList<>();
    for (CatalogueEntry e : offered) {
      candidates.add(candidate(e, e.template().text()));
    }
    for (ToolRoute route : routes) {
      offered.add(route.entry());
      String template = route.entry().template().text();
      int at = template.indexOf("://");
      candidates.add(
          candidate(
              route.entry(),
              template.substring(0, at + 3)
                  + route.httpMethod().toLowerCase(Locale.ROOT)
                  + "/"
                  + template.substring(at + 3)));
    }
    ToolNaming.Result naming = ToolNaming.name(candidates);
    List<String> problems = new ArrayList<>();
    int resources = offered.size() - routes.size();
    boolean resourceProblems = false;
    boolean toolProblems = false;
    for (ToolNaming.Clash clash : naming.clashes()) {
      resourceProblems |= clash.later() < resources || clash.earlier() < resources;
      toolProblems |= clash.later() >= resources || clash.earlier() >= resources;
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
    List<Tool> sorted = new ArrayList<>();
    RouteTools routeTools = new RouteTools(problems);
    for (int i = 0; i < resources; i++) {
      CatalogueEntry entry = offered.get(i);
      sorted.add(
          new Tool(
              naming.names().get(i),
              entry,
              ToolParameters.of(entry),
              routeTools.outputSchema(entry)));
    }
    int before = problems.size();
    for (int i = 0; i < routes.size(); i++) {
      routeTools.tool(naming.names().get(resources + i), routes.get(i)).ifPresent(sorted::add);
    }
    toolProblems |= problems.size() > before;
    if (!problems.isEmpty()) {
      String declarations =
          toolProblems && resourceProblems
              ? "@McpResource and @McpTool"
              : toolProblems ? "@McpTool" : "@McpResource";
      throw new McpConfigurationException(declarations, problems);
    }
    sorted.sort(Comparator.comparing(Tool::name));
    return new Tools(sorted);
  }

  private static ToolNaming.Candidate candidate(CatalogueEntry e, String template) {
    return new ToolNaming.Candidate(
        e.nameSet() ? e.name() : "",
        e.method().getDeclaringClass().getSimpleName(),
        e.method().getName(),
        template);
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
