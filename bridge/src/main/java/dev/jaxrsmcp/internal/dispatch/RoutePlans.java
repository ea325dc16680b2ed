package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link RoutePlan} of each recently read URI, so that a URI read again is rewritten without
 * building its target again. A kept plan is used only for the entry and match it was made for.
 * Thread-safe: about the last {@value #REMEMBERED_URIS} URIs of up to {@value #REMEMBERED_LENGTH}
 * characters are kept; when the memo is full it starts again empty.
 */
final class RoutePlans {
  /** About how many URIs keep their plan. */
  static final int REMEMBERED_URIS = 1024;

  /** Longer URIs are planned every time, so that the memo stays small whatever callers send. */
  static final int REMEMBERED_LENGTH = 512;

  private final Map<String, RoutePlan> plans = new ConcurrentHashMap<>();

  /** The plan for reading {@code uri}, which matched {@code entry}'s template as {@code match}. */
  RoutePlan plan(CatalogueEntry entry, TemplateMatch match, String uri) {
    RoutePlan known = plans.get(uri);
    if (known != null && known.isFor(entry, match)) {
      return known;
    }
    RoutePlan plan = RoutePlan.of(entry, match);
    if (uri.length() <= REMEMBERED_LENGTH) {
      if (plans.size() >= REMEMBERED_URIS) {
        plans.clear();
      }
      plans.put(uri, plan);
    }
    return plan;
  }

  /** How many URIs have their plan kept now (for tests). */
  int size() {
    return plans.size();
  }
}
