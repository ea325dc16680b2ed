package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.ServerState;
import java.util.ArrayList;
import java.util.List;

/**
 * The entries of {@code resources/list} in their stable order, each keyed for cursors ({@link
 * Pages}): the variable-free resources in catalogue order (the one at position {@code i} ranks
 * {@code i}), then the members of templates with a collection ({@link Members#listings}).
 */
final class ResourceList {
  private ResourceList() {}

  static List<Pages.Keyed<ObjectNode>> entries(ServerState state, Members members, Caller caller) {
    List<CatalogueEntry> fixed = state.catalogue().resources();
    List<Pages.Keyed<ObjectNode>> all = new ArrayList<>();
    for (int i = 0; i < fixed.size(); i++) {
      CatalogueEntry entry = fixed.get(i);
      all.add(
          new Pages.Keyed<>(new Pages.Key(i, entry.template().text()), Listings.resource(entry)));
    }
    all.addAll(members.listings(caller, fixed.size()));
    return all;
  }
}
