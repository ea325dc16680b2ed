package dev.jaxrsmcp.internal.install;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * At start-up: every registered watcher must belong to a subscribable resource (an error
 * otherwise), and a subscribable template without a watcher is worth a warning (only pushed changes
 * will reach its subscribers).
 */
final class WatcherCheck {
  private static final System.Logger LOG = System.getLogger(WatcherCheck.class.getName());

  private WatcherCheck() {}

  static void check(Catalogue catalogue, Settings settings) {
    List<String> problems = new ArrayList<>();
    for (String template : settings.get(SubscriptionSettings.WATCHERS).keySet()) {
      boolean known =
          catalogue.entries().stream()
              .anyMatch(e -> e.subscribe() && e.template().text().equals(template));
      if (!known) {
        problems.add(
            "a watcher is registered for '"
                + template
                + "', which is not the URI of any @McpResource(subscribe = true)");
      }
    }
    if (!problems.isEmpty()) {
      throw new McpConfigurationException(problems);
    }
    for (CatalogueEntry entry : catalogue.entries()) {
      if (entry.subscribe()
          && !entry.template().isExact()
          && !settings.get(SubscriptionSettings.WATCHERS).containsKey(entry.template().text())) {
        LOG.log(
            System.Logger.Level.WARNING,
            "subscribable template '"
                + entry.template().text()
                + "' of "
                + entry.methodName()
                + " has no watcher: subscribers are told only of changes pushed through"
                + " McpChanges.changed(uri)");
      }
    }
  }
}
