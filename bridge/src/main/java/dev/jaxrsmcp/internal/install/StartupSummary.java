package dev.jaxrsmcp.internal.install;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChangeBus;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.PromptRoute;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.sharedsessions.SharedSessions;
import dev.jaxrsmcp.internal.tools.Tool;
import dev.jaxrsmcp.internal.tools.Tools;
import dev.jaxrsmcp.tasks.McpTaskStore;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The line an operator reads at start-up to see what an application exposes through MCP: where the
 * endpoint is, the eras it serves, its resources, templates and tools (the first few of each by
 * name), how many may be subscribed to, read long-running or run as tasks, and whether sessions,
 * changes and tasks stay on this instance or are shared. Logged once per application start, at
 * INFO, by the logger {@value #LOGGER}.
 */
final class StartupSummary {
  /** The logger's name, for operators who route or silence it. */
  static final String LOGGER = "dev.jaxrsmcp.startup";

  /** How many names of each kind are shown. */
  private static final int NAMES_SHOWN = 5;

  private StartupSummary() {}

  /**
   * The summary's text.
   *
   * @param location where the endpoint is, as the container tells it ({@link EndpointLocation})
   */
  static String of(Catalogue catalogue, Settings settings, String location) {
    List<CatalogueEntry> resources = catalogue.resources();
    List<CatalogueEntry> templates = catalogue.templates();
    List<Tool> tools = Tools.of(catalogue, settings).all();
    List<CatalogueEntry> all = catalogue.entries();
    long subscribable = all.stream().filter(CatalogueEntry::subscribe).count();
    long longRunning = all.stream().filter(CatalogueEntry::longRunning).count();
    long taskCapable =
        all.stream().filter(e -> e.taskSupport() != McpResource.TaskSupport.NONE).count();
    McpChangeBus bus = settings.get(SubscriptionSettings.CHANGE_BUS);
    McpTaskStore store = settings.get(LongRunningSettings.TASKS).store();
    boolean localBus = bus.getClass() == McpChangeBus.local().getClass();
    boolean localTasks = store.getClass() == McpTaskStore.inMemory().getClass();
    return "MCP endpoint "
        + location
        + " serves "
        + Era.MODERN_VERSION
        + " and "
        + String.join(", ", Era.LEGACY_VERSIONS)
        + " ("
        + settings.get(ProtocolSettings.NAME)
        + " "
        + settings.get(ProtocolSettings.VERSION)
        + "): "
        + counted(resources, "resource", CatalogueEntry::name)
        + ", "
        + counted(templates, "template", e -> e.template().text())
        + ", "
        + counted(tools, "tool", Tool::name)
        + (catalogue.promptRoutes().isEmpty()
            ? ""
            : ", " + counted(catalogue.promptRoutes(), "prompt", PromptRoute::name))
        + "; "
        + subscribable
        + " subscribable, "
        + longRunning
        + " long-running, "
        + taskCapable
        + " task-capable; sessions "
        + (bus instanceof SharedSessions ? "shared through " + name(bus) : "on this instance")
        + ", changes "
        + (localBus ? "on this instance" : "through " + name(bus))
        + ", tasks "
        + (localTasks ? "in this instance's memory" : "in " + name(store));
  }

  /** {@code 3 resources (a, b, c)}, at most {@value #NAMES_SHOWN} names and then how many more. */
  private static <T> String counted(List<T> items, String kind, Function<T, String> name) {
    String text = items.size() + " " + kind + (items.size() == 1 ? "" : "s");
    if (items.isEmpty()) {
      return text;
    }
    String shown = items.stream().limit(NAMES_SHOWN).map(name).collect(Collectors.joining(", "));
    int more = items.size() - NAMES_SHOWN;
    return text + " (" + shown + (more > 0 ? ", " + more + " more" : "") + ")";
  }

  private static String name(Object implementation) {
    return implementation.getClass().getSimpleName();
  }
}
